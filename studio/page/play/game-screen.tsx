import { isRoundTitle } from '@games/studio-title';
import {
  type StudioStage,
  selectGame,
  selectLastWin,
  selectMachineNumber,
  selectNotice,
  selectShownBalance,
  selectTurbo,
} from '@machines/studio-round.machine';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoins } from '../i18n';
import { FairnessPanel } from './fairness-panel';
import styles from './game-screen.module.css';
import { PachinkoField } from './pachinko-field';
import { PaytableDialog } from './paytable-dialog';
import { RealityCheckDialog } from './reality-check-dialog';
import { SlotRound } from './reel-view';
import { RoundPanel } from './round-panels';
import { useRoundSounds } from './sound';
import { useStudioActor } from './studio-actor';
import { useLoadedTitle } from './title-context';
import { usePageLocale } from './title-rules';
import { RoundWin } from './win-count';

/** The loaded title's field of play: the reels of a slot, the board of a pachinko. */
function Field() {
  const { title } = useLoadedTitle();
  if (title.kind === 'slot' && isRoundTitle(title)) return <SlotRound title={title} />;
  return <PachinkoField />;
}

/** The session's screen: balance and last win, the reels or the pachinko field, the controls of the round's state. */
export function GameScreen({
  stage,
}: {
  stage: Exclude<StudioStage, 'opening' | 'openFailed' | 'sessionEnded' | 'protectionRefused'>;
}) {
  const { t } = useTranslation();
  const coins = useCoins();
  const actor = useStudioActor();
  const game = useSelector(actor, selectGame);
  const machineNumber = useSelector(actor, selectMachineNumber);
  const balance = useSelector(actor, selectShownBalance);
  const lastWin = useSelector(actor, selectLastWin);
  const notice = useSelector(actor, selectNotice);
  const turbo = useSelector(actor, selectTurbo);
  const { title } = useLoadedTitle();
  const locale = usePageLocale();
  const [soundOn, setSoundOn] = useState(false);
  const [paytableOpen, setPaytableOpen] = useState(false);
  useRoundSounds(actor, soundOn);
  if (!game) return null;
  return (
    <main className={styles.screen}>
      <header className={styles.header}>
        <h1 className={styles.title}>
          {title.names[locale]} <span className={styles.machine}>{t('machine', { number: machineNumber })}</span>
        </h1>
        <div className={styles.tools}>
          <button type="button" className={styles.tool} onClick={() => setPaytableOpen(true)}>
            {t('paytable.open')}
          </button>
          <button
            type="button"
            className={styles.tool}
            aria-pressed={turbo}
            onClick={() => actor.send({ type: 'turbo.toggle' })}
          >
            {turbo ? t('turbo.on') : t('turbo.off')}
          </button>
          <button type="button" className={styles.tool} aria-pressed={soundOn} onClick={() => setSoundOn((on) => !on)}>
            {soundOn ? t('sound.on') : t('sound.off')}
          </button>
          <button type="button" className={styles.tool} onClick={() => actor.send({ type: 'session.leave' })}>
            {t('leave')}
          </button>
        </div>
      </header>
      <dl className={styles.meters}>
        <div>
          <dt>{t('balance')}</dt>
          <dd data-testid="balance">{coins(balance)}</dd>
        </div>
        <div>
          <dt>{t('lastWin')}</dt>
          <dd data-testid="last-win" className={lastWin > 0 ? styles.win : undefined}>
            {coins(lastWin)}
          </dd>
        </div>
      </dl>
      <Field />
      <RoundWin turbo={turbo} />
      {notice ? (
        <p role="alert" className={styles.notice}>
          {'key' in notice ? t(`notice.${notice.key}`) : notice.text}{' '}
          <button type="button" className={styles.link} onClick={() => actor.send({ type: 'notice.dismiss' })}>
            {t('dismiss')}
          </button>
        </p>
      ) : null}
      <RoundPanel stage={stage} />
      <FairnessPanel />
      <RealityCheckDialog />
      {paytableOpen ? <PaytableDialog onClose={() => setPaytableOpen(false)} /> : null}
    </main>
  );
}
