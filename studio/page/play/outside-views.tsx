/** The views before the session (opening, openFailed) and after it (sessionEnded). */
import { selectEndReason } from '@machines/studio-round.machine';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
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

/** Tells the portal's page around the game (same origin) that the player is done with this machine. */
function backToHall() {
  if (window.parent !== window) window.parent.postMessage({ type: 'studio.closed' }, window.location.origin);
  else window.location.assign('/');
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
