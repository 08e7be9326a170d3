import { selectFairness, selectHistory, selectRevealed } from '@machines/studio-round.machine';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoins } from '../i18n';
import styles from './game-screen.module.css';
import { useStudioActor } from './studio-actor';

export function verifyLink(roundId: string, lang: string): string {
  return `/studio/verify?${new URLSearchParams({ round: roundId, lang })}`;
}

/**
 * Provably fair play: the commitments to the active and the next server seed, shown before the
 * player chooses, the client seed (the player's to change, for the active seed), rotation revealing
 * the retired seed and moving to the next, and a verify link for each round of this visit.
 */
export function FairnessPanel() {
  const { t, i18n } = useTranslation();
  const coins = useCoins();
  const actor = useStudioActor();
  const fairness = useSelector(actor, selectFairness);
  const revealed = useSelector(actor, selectRevealed);
  const history = useSelector(actor, selectHistory);
  const [clientSeed, setClientSeed] = useState<string | null>(null);
  if (!fairness) return null;
  return (
    <details className={`${styles.panel} ${styles.fairness}`}>
      <summary>{t('fairness.title')}</summary>
      <p>{t('fairness.commitFirst')}</p>
      <div>
        {t('fairness.serverSeedHash')}: <code data-testid="server-seed-hash">{fairness.serverSeedHash}</code>
      </div>
      <div>
        {t('fairness.nextServerSeedHash')}:{' '}
        <code data-testid="next-server-seed-hash">{fairness.nextServerSeedHash}</code>
      </div>
      <div>{t('fairness.nonce', { nonce: fairness.nonce })}</div>
      <form
        className={styles.row}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'fairness.setClientSeed', clientSeed: clientSeed ?? fairness.clientSeed ?? '' });
          setClientSeed(null);
        }}
      >
        <label className={styles.field}>
          {t('fairness.clientSeed')}
          <input
            value={clientSeed ?? fairness.clientSeed ?? ''}
            maxLength={64}
            spellCheck={false}
            autoCapitalize="off"
            onChange={(event) => setClientSeed(event.target.value)}
          />
        </label>
        <button type="submit" className={styles.secondary}>
          {t('fairness.setClientSeed')}
        </button>
        <button type="button" className={styles.secondary} onClick={() => actor.send({ type: 'fairness.rotate' })}>
          {t('fairness.rotate')}
        </button>
      </form>
      {revealed ? (
        <div data-testid="revealed-seed">
          {t('fairness.revealed', { rounds: revealed.roundsPlayed })}
          <br />
          <code>{revealed.serverSeed}</code>
        </div>
      ) : null}
      {history.length > 0 ? (
        <ol className={styles.history} aria-label={t('fairness.history')}>
          {history.map((round) => (
            <li key={round.id}>
              <span>
                {t('fairness.round', { nonce: round.nonce, stake: coins(round.stake), win: coins(round.win) })}
              </span>
              <a href={verifyLink(round.id, i18n.language)} target="_blank" rel="noreferrer">
                {t('fairness.verify')}
              </a>
            </li>
          ))}
        </ol>
      ) : null}
    </details>
  );
}
