/** The views before the session (opening, openFailed) and after it (sessionEnded, protectionRefused). */
import { selectEndReason, selectProtection } from '@machines/studio-round.machine';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { backToHall } from '../portal-messages';
import styles from './game-screen.module.css';
import { useStudioActor } from './studio-actor';

export function OpeningView() {
  const { t } = useTranslation();
  return (
    <main className={styles.message} aria-busy="true">
      <p role="status">{t('opening')}</p>
    </main>
  );
}

export function OpenFailedView() {
  const { t } = useTranslation();
  const actor = useStudioActor();
  return (
    <main className={styles.message}>
      <p role="alert">{t('openFailed')}</p>
      <button type="button" className={styles.primary} onClick={() => actor.send({ type: 'open.retry' })}>
        {t('retry')}
      </button>
    </main>
  );
}

export function SessionEndedView() {
  const { t } = useTranslation();
  const reason = useSelector(useStudioActor(), selectEndReason) ?? 'left';
  return (
    <main className={styles.message}>
      <p role="status">{t(`ended.${reason}`)}</p>
      <button type="button" className={styles.primary} onClick={backToHall}>
        {t('backToHall')}
      </button>
    </main>
  );
}

/** The player's own protection refused the bet: which, from the studio's sentence, and the way back. */
export function ProtectionRefusedView() {
  const { t } = useTranslation();
  const protection = useSelector(useStudioActor(), selectProtection);
  return (
    <main className={styles.message} data-reason={protection?.reason}>
      <h1>{t('protection.title')}</h1>
      <p role="alert">{protection?.text}</p>
      <p>{t('protection.settings')}</p>
      <button type="button" className={styles.primary} onClick={backToHall}>
        {t('backToHall')}
      </button>
    </main>
  );
}
