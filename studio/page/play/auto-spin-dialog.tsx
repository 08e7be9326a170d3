import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoins } from '../i18n';
import styles from './game-screen.module.css';
import { useStudioActor } from './studio-actor';
import { useLoadedTitle } from './title-context';

const counts = [10, 25, 50, 100];

/** An empty field is no limit; anything else is passed on as typed, and the machine refuses what is not a positive whole number. */
function limitOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/**
 * Auto-play's stop conditions: how many of the game's own rounds (spins, rounds of balls, games),
 * and optionally a loss limit and a single win that stops it. Its words follow the title's kind.
 */
export function AutoSpinDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const context = useLoadedTitle().title.kind;
  const coins = useCoins();
  const actor = useStudioActor();
  const [count, setCount] = useState(counts[0] ?? 10);
  const [lossLimit, setLossLimit] = useState('');
  const [singleWinAbove, setSingleWinAbove] = useState('');
  return (
    <div className={styles.dialog}>
      <form
        className={styles.dialogBody}
        role="dialog"
        aria-modal="true"
        aria-labelledby="auto-spin-title"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({
            type: 'auto.start',
            settings: { count, lossLimit: limitOf(lossLimit), singleWinAbove: limitOf(singleWinAbove) },
          });
          onClose();
        }}
      >
        <h2 id="auto-spin-title">{t('auto.title', { context })}</h2>
        <fieldset className={styles.stakes}>
          <legend>{t('auto.count', { context })}</legend>
          {counts.map((option) => (
            <button
              key={option}
              type="button"
              className={styles.stake}
              aria-pressed={option === count}
              onClick={() => setCount(option)}
            >
              {coins(option)}
            </button>
          ))}
        </fieldset>
        <label className={styles.field}>
          {t('auto.lossLimit')}
          <input inputMode="numeric" value={lossLimit} onChange={(event) => setLossLimit(event.target.value)} />
        </label>
        <label className={styles.field}>
          {t('auto.singleWinAbove')}
          <input
            inputMode="numeric"
            value={singleWinAbove}
            onChange={(event) => setSingleWinAbove(event.target.value)}
          />
        </label>
        <div className={styles.row}>
          <button type="submit" className={styles.primary}>
            {t('auto.start', { context })}
          </button>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}
