import { selectRealityCheck } from '@machines/studio-round.machine';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useCoins } from '../i18n';
import styles from './game-screen.module.css';
import { useStudioActor } from './studio-actor';

/** The portal's reality check, over the game: the play since the session began, keep playing or leave. */
export function RealityCheckDialog() {
  const { t, i18n } = useTranslation();
  const coins = useCoins();
  const actor = useStudioActor();
  const summary = useSelector(actor, selectRealityCheck);
  if (!summary) return null;
  const since = summary.startedAt
    ? new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(summary.startedAt))
    : null;
  return (
    <div className={styles.dialog}>
      <section className={styles.dialogBody} role="alertdialog" aria-modal="true" aria-labelledby="reality-check-title">
        <h2 id="reality-check-title">{t('realityCheck.title')}</h2>
        <p>
          {t('realityCheck.played', { minutes: summary.minutes })}
          {since ? ` ${t('realityCheck.since', { time: since })}` : ''}
        </p>
        <dl className={styles.meters} data-testid="reality-check-summary">
          <div>
            <dt>{t('realityCheck.bets')}</dt>
            <dd>{coins(summary.bets)}</dd>
          </div>
          <div>
            <dt>{t('realityCheck.wins')}</dt>
            <dd>{coins(summary.wins)}</dd>
          </div>
          <div>
            <dt>{t('realityCheck.net')}</dt>
            <dd>{`${summary.net > 0 ? '+' : ''}${coins(summary.net)}`}</dd>
          </div>
        </dl>
        <button
          type="button"
          className={styles.primary}
          onClick={() => actor.send({ type: 'realityCheck.keepPlaying' })}
        >
          {t('realityCheck.keepPlaying')}
        </button>
        <button type="button" className={styles.secondary} onClick={() => actor.send({ type: 'realityCheck.leave' })}>
          {t('realityCheck.leave')}
        </button>
      </section>
    </div>
  );
}
