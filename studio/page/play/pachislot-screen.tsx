/**
 * The pachislot's screen: its own machine (machines/studio-pachislot.machine.ts) plays the games
 * on the session the round machine opened; the round machine still owns leaving and the reality
 * check. The lever and the three stop buttons, with their keys; the meters; auto-play and turbo.
 */
import type { PachislotTitle } from '@games/engine/pachislot';
import {
  coinsPerGame,
  type PachislotStage,
  selectAutoLeft,
  selectAutoStopped,
  selectCanLever,
  selectMeters,
  selectNextReel,
  selectNotice,
  selectPachislotStage,
  selectReelStops,
  selectReelsTurning,
  selectRtpRange,
  selectTurbo,
  type studioPachislotMachine,
} from '@machines/studio-pachislot.machine';
import { selectMachineNumber, selectSessionToken, selectShownBalance } from '@machines/studio-round.machine';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { useCoins } from '../i18n';
import { studioPachislotFlow } from '../pachislot-flow';
import { AutoSpinDialog } from './auto-spin-dialog';
import styles from './game-screen.module.css';
import own from './pachislot.module.css';
import { PachislotReels, usePressFrames } from './pachislot-reels';
import { PaytableDialog } from './paytable-dialog';
import { RealityCheckDialog } from './reality-check-dialog';
import { usePachislotSounds } from './sound';
import { useStudioActor } from './studio-actor';
import { usePageLocale } from './title-rules';

type PachislotActor = ActorRefFrom<typeof studioPachislotMachine>;

const leverKeys = [' ', 'ArrowDown'];
const stopKeys: readonly (readonly string[])[] = [
  ['1', 'z'],
  ['2', 'x'],
  ['3', 'c'],
];

function Meters({ actor }: { actor: PachislotActor }) {
  const { t } = useTranslation();
  const coins = useCoins();
  const meters = useSelector(actor, selectMeters);
  const timed = meters.mode !== 'normal';
  return (
    <dl className={own.meters}>
      <div>
        <dt>{t('pachislot.credit')}</dt>
        <dd data-testid="balance">{coins(meters.credit)}</dd>
      </div>
      <div>
        <dt>{t('pachislot.bet')}</dt>
        <dd data-testid="bet">{coins(meters.bet)}</dd>
      </div>
      <div>
        <dt>{t('pachislot.payout')}</dt>
        <dd data-testid="payout">{coins(meters.payout)}</dd>
      </div>
      <div>
        <dt>{t('pachislot.sinceBonus')}</dt>
        <dd data-testid="since-bonus">{coins(meters.sinceBonus)}</dd>
      </div>
      <div>
        <dt>{t('pachislot.counts')}</dt>
        <dd data-testid="bonus-counts">
          {t('pachislot.bigCount', { count: meters.big })} · {t('pachislot.regCount', { count: meters.reg })}
        </dd>
      </div>
      <div>
        <dt>{t('pachislot.mode')}</dt>
        <dd data-testid="mode" data-mode={meters.mode}>
          {timed
            ? t('pachislot.modeGames', { mode: t(`pachislot.modes.${meters.mode}`), count: meters.gamesLeft })
            : t('pachislot.modes.normal')}
        </dd>
      </div>
      {meters.lamp ? (
        <p className={own.lamp} data-testid="lamp">
          {t('pachislot.lamp')}
        </p>
      ) : null}
    </dl>
  );
}

/** The game's result once the three reels stopped: its coins, or none. */
function GameWin({ actor }: { actor: PachislotActor }) {
  const { t } = useTranslation();
  const coins = useCoins();
  const stage = useSelector(actor, selectPachislotStage);
  const { payout } = useSelector(actor, selectMeters);
  if (stage !== 'payout') return null;
  return (
    <p className={own.win} data-testid="game-win" role="status">
      {payout > 0 ? t('pachislot.won', { win: coins(payout) }) : t('pachislot.noWin')}
    </p>
  );
}

function Controls({ actor, pressFrame }: { actor: PachislotActor; pressFrame: () => number }) {
  const { t } = useTranslation();
  const canLever = useSelector(actor, selectCanLever);
  const nextReel = useSelector(actor, selectNextReel);
  return (
    <div className={own.controls}>
      <button
        type="button"
        className={styles.primary}
        disabled={!canLever}
        onClick={() => actor.send({ type: 'lever.pull', gameKey: crypto.randomUUID() })}
      >
        {t('pachislot.lever')}
      </button>
      {[0, 1, 2].map((reel) => (
        <button
          key={reel}
          type="button"
          className={own.stop}
          disabled={nextReel !== reel}
          onClick={() => actor.send({ type: 'stop.press', reel, pressFrame: pressFrame() })}
        >
          {t('pachislot.stop', { reel: reel + 1 })}
        </button>
      ))}
      <p className={own.keys}>
        {nextReel !== null ? `${t('pachislot.pressStops')} · ` : null}
        {t('pachislot.keys')}
      </p>
    </div>
  );
}

function ConnectionLostView({ actor }: { actor: PachislotActor }) {
  const { t } = useTranslation();
  return (
    <p role="alert" className={styles.notice}>
      {t('pachislot.connectionLost')}{' '}
      <button type="button" className={styles.link} onClick={() => actor.send({ type: 'connection.retry' })}>
        {t('retry')}
      </button>
    </p>
  );
}

/** The view of the pachislot machine's state under the reels. */
function StageView({
  stage,
  actor,
  pressFrame,
}: {
  stage: PachislotStage;
  actor: PachislotActor;
  pressFrame: () => number;
}) {
  const { t } = useTranslation();
  if (stage === 'loading') return <p className={styles.status}>{t('pachislot.loading')}</p>;
  if (stage === 'connectionLost') return <ConnectionLostView actor={actor} />;
  return <Controls actor={actor} pressFrame={pressFrame} />;
}

/** Why auto-play stopped, in the slot's words with the pachislot's games. */
function AutoStopped({ actor }: { actor: PachislotActor }) {
  const { t } = useTranslation();
  const stopped = useSelector(actor, selectAutoStopped);
  if (!stopped) return null;
  return (
    <p className={styles.status} role="status">
      {t(`auto.stopped.${stopped.reason}`, {
        played: t('auto.played', { context: 'pachislot', count: stopped.played }),
      })}
    </p>
  );
}

function Notice({ actor }: { actor: PachislotActor }) {
  const { t } = useTranslation();
  const notice = useSelector(actor, selectNotice);
  if (!notice) return null;
  return (
    <p role="alert" className={styles.notice}>
      {t(`pachislot.${notice}`, { stake: coinsPerGame })}{' '}
      <button type="button" className={styles.link} onClick={() => actor.send({ type: 'notice.dismiss' })}>
        {t('dismiss')}
      </button>
    </p>
  );
}

function useKeys(actor: PachislotActor, pressFrame: () => number) {
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLElement && event.target.closest('button, input, select, [role="dialog"]')) return;
      if (leverKeys.includes(event.key)) {
        event.preventDefault();
        if (selectCanLever(actor.getSnapshot())) actor.send({ type: 'lever.pull', gameKey: crypto.randomUUID() });
        return;
      }
      const reel = stopKeys.findIndex((keys) => keys.includes(event.key.toLowerCase()));
      if (reel >= 0) actor.send({ type: 'stop.press', reel, pressFrame: pressFrame() });
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [actor, pressFrame]);
}

function PachislotGame({ title, actor }: { title: PachislotTitle; actor: PachislotActor }) {
  const { t } = useTranslation();
  const studio = useStudioActor();
  const locale = usePageLocale();
  const machineNumber = useSelector(studio, selectMachineNumber);
  const stage = useSelector(actor, selectPachislotStage);
  const stops = useSelector(actor, selectReelStops);
  const turning = useSelector(actor, selectReelsTurning);
  const turbo = useSelector(actor, selectTurbo);
  const autoLeft = useSelector(actor, selectAutoLeft);
  const rtpRange = useSelector(actor, selectRtpRange);
  const pressFrame = usePressFrames(turning);
  const [dialog, setDialog] = useState<'paytable' | 'auto' | null>(null);
  const [soundOn, setSoundOn] = useState(false);
  useKeys(actor, pressFrame);
  usePachislotSounds(actor, soundOn);
  const percent = (basisPoints: number) => (basisPoints / 100).toLocaleString(locale, { maximumFractionDigits: 2 });
  return (
    <main className={styles.screen} data-pachislot-stage={stage}>
      <header className={styles.header}>
        <h1 className={styles.title}>
          {title.names[locale]} <span className={styles.machine}>{t('machine', { number: machineNumber })}</span>
        </h1>
        <div className={styles.tools}>
          <button type="button" className={styles.tool} onClick={() => setDialog('paytable')}>
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
          {autoLeft > 0 ? (
            <button type="button" className={styles.tool} onClick={() => actor.send({ type: 'auto.stop' })}>
              {t('pachislot.autoStop', { count: autoLeft })}
            </button>
          ) : (
            <button type="button" className={styles.tool} onClick={() => setDialog('auto')}>
              {t('auto.open')}
            </button>
          )}
          <button type="button" className={styles.tool} onClick={() => studio.send({ type: 'session.leave' })}>
            {t('leave')}
          </button>
        </div>
      </header>
      <Meters actor={actor} />
      <PachislotReels title={title} stops={stops} />
      <GameWin actor={actor} />
      <Notice actor={actor} />
      <AutoStopped actor={actor} />
      <StageView stage={stage} actor={actor} pressFrame={pressFrame} />
      {rtpRange ? (
        <p className={styles.status}>
          {t('pachislot.rtpRange', { low: percent(rtpRange.low), high: percent(rtpRange.high) })}
        </p>
      ) : null}
      <RealityCheckDialog />
      {dialog === 'paytable' ? <PaytableDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'auto' ? (
        <AutoSpinDialog
          onStart={(settings) => actor.send({ type: 'auto.start', settings })}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </main>
  );
}

/**
 * A pachislot machine of the session: made once the round machine has opened the session; its calls
 * are the studio's unless a test gives the machine its own.
 */
export function PachislotScreen({
  title,
  machine,
}: {
  title: PachislotTitle;
  machine?: typeof studioPachislotMachine;
}) {
  const studio = useStudioActor();
  const lang = usePageLocale();
  const sessionToken = useSelector(studio, selectSessionToken);
  const balance = useSelector(studio, selectShownBalance);
  const [flow] = useState(() => machine ?? studioPachislotFlow(lang));
  const actor = useActorRef(flow, { input: { sessionToken: sessionToken ?? '', balance } });
  return <PachislotGame title={title} actor={actor} />;
}
