/** The controls under the reels: one view per state of the round machine's round region. */
import {
  type StudioStage,
  selectAutoSpin,
  selectCanSpin,
  selectGame,
  selectRound,
  selectRoundOrigin,
  selectShownBalance,
  selectStake,
  selectWinShown,
} from '@machines/studio-round.machine';
import { useSelector } from '@xstate/react';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoins } from '../i18n';
import { AutoSpinDialog } from './auto-spin-dialog';
import styles from './game-screen.module.css';
import { useStudioActor } from './studio-actor';
import { useLoadedTitle } from './title-context';

function StakeSelector({ affordableOnly = false }: { affordableOnly?: boolean }) {
  const { t } = useTranslation();
  const coins = useCoins();
  const actor = useStudioActor();
  const game = useSelector(actor, selectGame);
  const stake = useSelector(actor, selectStake);
  const balance = useSelector(actor, selectShownBalance);
  const auto = useSelector(actor, selectAutoSpin);
  const stakes = (game?.stakes ?? []).filter((offered) => !affordableOnly || offered <= balance);
  return (
    <fieldset className={styles.stakes} disabled={auto.active}>
      <legend>{t(game?.kind === 'pachinko' ? 'stake.balls' : 'stake.coins')}</legend>
      {stakes.map((offered) => (
        <button
          key={offered}
          type="button"
          className={styles.stake}
          aria-pressed={offered === stake}
          onClick={() => actor.send({ type: 'stake.changed', stake: offered })}
        >
          {coins(offered)}
        </button>
      ))}
    </fieldset>
  );
}

/** Spin, and auto-spin: its dialog when off, its stop button and the rounds left when on. */
function SpinControls({ busyLabel }: { busyLabel?: string }) {
  const { t } = useTranslation();
  const actor = useStudioActor();
  const canSpin = useSelector(actor, selectCanSpin);
  const auto = useSelector(actor, selectAutoSpin);
  const kind = useLoadedTitle().title.kind;
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <div className={styles.row}>
      <button
        type="button"
        className={styles.primary}
        disabled={!canSpin}
        onClick={() => actor.send({ type: 'round.spin' })}
      >
        {busyLabel ?? t(kind === 'pachinko' ? 'launch' : 'spin')}
      </button>
      {auto.active ? (
        <button type="button" className={styles.secondary} onClick={() => actor.send({ type: 'auto.stop' })}>
          {t('auto.stop', { count: auto.remaining })}
        </button>
      ) : (
        <button type="button" className={styles.secondary} disabled={!canSpin} onClick={() => setDialogOpen(true)}>
          {t('auto.open')}
        </button>
      )}
      {dialogOpen ? (
        <AutoSpinDialog
          onStart={(settings) => actor.send({ type: 'auto.start', settings })}
          onClose={() => setDialogOpen(false)}
        />
      ) : null}
    </div>
  );
}

function AutoSpinStopped() {
  const { t } = useTranslation();
  const auto = useSelector(useStudioActor(), selectAutoSpin);
  const kind = useLoadedTitle().title.kind;
  if (!auto.stopReason) return null;
  return (
    <p className={styles.status} role="status">
      {t(`auto.stopped.${auto.stopReason}`, { played: t('auto.played', { context: kind, count: auto.played }) })}
    </p>
  );
}

function IdlePanel() {
  return (
    <section className={styles.panel}>
      <StakeSelector />
      <SpinControls />
      <AutoSpinStopped />
    </section>
  );
}

function AwaitingResultPanel() {
  const { t } = useTranslation();
  return (
    <section className={styles.panel} aria-busy="true">
      <StakeSelector />
      <SpinControls busyLabel={t('awaiting')} />
    </section>
  );
}

function ResultText() {
  const { t } = useTranslation();
  const coins = useCoins();
  const actor = useStudioActor();
  const round = useSelector(actor, selectRound);
  const origin = useSelector(actor, selectRoundOrigin);
  if (!round) return null;
  if (round.status === 'rolledBack') return <>{t('result.rolledBack', { stake: coins(round.stake) })}</>;
  const won = round.win > 0 ? t('result.won', { win: coins(round.win) }) : t('result.noWin');
  return <>{origin === 'resumed' ? t('result.resumed', { result: won }) : won}</>;
}

function ShowingResultPanel() {
  const { t } = useTranslation();
  const actor = useStudioActor();
  const winShown = useSelector(actor, selectWinShown);
  return (
    <section className={styles.panel}>
      {winShown ? (
        <p className={styles.result} role="status">
          <ResultText />
        </p>
      ) : null}
      <div className={styles.row}>
        <button type="button" className={styles.secondary} onClick={() => actor.send({ type: 'result.skip' })}>
          {t('skip')}
        </button>
      </div>
      <SpinControls />
    </section>
  );
}

function InsufficientCoinsPanel() {
  const { t } = useTranslation();
  const coins = useCoins();
  const actor = useStudioActor();
  const stake = useSelector(actor, selectStake);
  const balance = useSelector(actor, selectShownBalance);
  return (
    <section className={styles.panel}>
      <p role="alert" className={styles.status}>
        {t('insufficient', { stake: coins(stake), balance: coins(balance) })}
      </p>
      <StakeSelector affordableOnly />
      <div className={styles.row}>
        <button type="button" className={styles.secondary} onClick={() => actor.send({ type: 'notice.dismiss' })}>
          {t('dismiss')}
        </button>
      </div>
    </section>
  );
}

function ConnectionLostPanel() {
  const { t } = useTranslation();
  const actor = useStudioActor();
  return (
    <section className={styles.panel}>
      <p role="alert" className={styles.status}>
        {t('connectionLost')}
      </p>
      <div className={styles.row}>
        <button type="button" className={styles.primary} onClick={() => actor.send({ type: 'connection.retry' })}>
          {t('retry')}
        </button>
      </div>
    </section>
  );
}

function ReconnectingPanel() {
  const { t } = useTranslation();
  return (
    <section className={styles.panel} aria-busy="true">
      <p role="status" className={styles.status}>
        {t('reconnecting')}
      </p>
    </section>
  );
}

function SettingClientSeedPanel() {
  const { t } = useTranslation();
  return (
    <section className={styles.panel} aria-busy="true">
      <p role="status" className={styles.status}>
        {t('fairness.setting')}
      </p>
    </section>
  );
}

function RotatingSeedPanel() {
  const { t } = useTranslation();
  return (
    <section className={styles.panel} aria-busy="true">
      <p role="status" className={styles.status}>
        {t('fairness.rotating')}
      </p>
    </section>
  );
}

const panels: Record<
  Exclude<StudioStage, 'opening' | 'openFailed' | 'sessionEnded' | 'protectionRefused'>,
  ComponentType
> = {
  idle: IdlePanel,
  awaitingResult: AwaitingResultPanel,
  showingResult: ShowingResultPanel,
  insufficientCoins: InsufficientCoinsPanel,
  connectionLost: ConnectionLostPanel,
  reconnecting: ReconnectingPanel,
  settingClientSeed: SettingClientSeedPanel,
  rotatingSeed: RotatingSeedPanel,
};

export function RoundPanel({ stage }: { stage: keyof typeof panels }) {
  const Panel = panels[stage];
  return <Panel />;
}
