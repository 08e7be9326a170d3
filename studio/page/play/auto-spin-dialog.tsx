import type { AutoSpinSettings } from '@machines/studio-round-auto-spin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoins } from '../i18n';
import styles from './game-screen.module.css';
import { useLoadedTitle } from './title-context';

/** The round counts auto-play offers, whatever the kind. */
export const autoCounts = [10, 25, 50, 100];

/** How many rounds auto-play takes, one button per offer; the chosen one is pressed. */
export function AutoCountChoice({
  legend,
  offers,
  count,
  onChange,
}: {
  legend: string;
  offers: readonly number[];
  count: number;
  onChange: (count: number) => void;
}) {
  const coins = useCoins();
  return (
    <fieldset className={styles.stakes}>
      <legend>{legend}</legend>
      {offers.map((option) => (
        <button
          key={option}
          type="button"
          className={styles.stake}
          aria-pressed={option === count}
          onClick={() => onChange(option)}
        >
          {coins(option)}
        </button>
      ))}
    </fieldset>
  );
}

/** An empty field is no limit; anything else is passed on as typed, and the machine refuses what is not a positive whole number. */
function limitOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/**
 * Auto-play's stop conditions: how many of the game's own rounds (spins, rounds of balls, games),
 * and optionally a loss limit and a single win that stops it. Its words follow the title's kind;
 * `onStart` hands the settings to the page's machine, which refuses what it cannot take.
 */
export function AutoSpinDialog({
  onStart,
  onClose,
}: {
  onStart: (settings: AutoSpinSettings) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const context = useLoadedTitle().title.kind;
  const [count, setCount] = useState(autoCounts[0] ?? 10);
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
          onStart({ count, lossLimit: limitOf(lossLimit), singleWinAbove: limitOf(singleWinAbove) });
          onClose();
        }}
      >
        <h2 id="auto-spin-title">{t('auto.title', { context })}</h2>
        <AutoCountChoice legend={t('auto.count', { context })} offers={autoCounts} count={count} onChange={setCount} />
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
