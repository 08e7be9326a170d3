import type { PlaySummary } from '@contract/protection';
import type { StudioRound } from '@contract/studio';
import {
  type ClientSeedSet,
  type PlayedRound,
  type ResumedRound,
  type SeedRotation,
  type StudioRoundSnapshot,
  type StudioSession,
  selectAutoSpin,
  studioRoundMachine,
} from '@machines/studio-round.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

export const fairness = {
  serverSeedHash: 'a'.repeat(64),
  nextServerSeedHash: 'c'.repeat(64),
  clientSeed: 'player',
  nonce: 0,
};
export const session: StudioSession = {
  sessionToken: 'studio-session',
  game: {
    code: 'sakura-sevens',
    kind: 'slot',
    mechanic: 'lines',
    volatility: 'medium',
    name: 'Sakura Sevens',
    stakes: [20, 40, 100, 200, 400, 1000],
    rtpBasisPoints: 9600,
  },
  machineNumber: 3,
  currency: 'COIN',
  balance: 500,
  fairness,
  resumedRound: null,
};

export const round = (id: string, win: number, status: StudioRound['status'] = 'settled'): StudioRound => ({
  id,
  nonce: 0,
  stake: 20,
  win,
  status,
  outcome: { totalBet: 20, totalWin: win, steps: [] },
  playedAt: '2026-11-21T00:00:00.000Z',
});

export const lost: PlayedRound = { round: round('r-lost', 0), balance: 480, fairness: { ...fairness, nonce: 1 } };
export const won: PlayedRound = { round: round('r-won', 200), balance: 680, fairness: { ...fairness, nonce: 1 } };
/** A first visit: the server seeds are committed, and the page has not chosen a client seed yet. */
export const firstVisit: StudioSession = { ...session, fairness: { ...fairness, clientSeed: null } };
export const clientSeedSet: ClientSeedSet = { fairness: { ...fairness, clientSeed: 'lucky-7', nonce: 1 } };
export const seedChange: SeedRotation = {
  revealed: { serverSeed: 'a'.repeat(64), serverSeedHash: 'f'.repeat(64), roundsPlayed: 1 },
  fairness: {
    serverSeedHash: 'c'.repeat(64),
    nextServerSeedHash: 'b'.repeat(64),
    clientSeed: '0f'.repeat(16),
    nonce: 0,
  },
};

export const offline = Object.assign(new Error('Request Error'), { code: 0 });
export const expired = Object.assign(new Error('セッションの有効期限が切れました'), { code: 401 });
const refused = Object.assign(new Error('このベットは受け付けられません'), { code: 422 });
/** The player's own loss limit refused the bet: the studio's 403 names the reason. */
export const lossLimitReached = Object.assign(new Error('損失上限に達しました。'), { code: 403, reason: 'lossLimit' });

/** What the portal's reality check sends: the play since the play session began. */
export const playSummary: PlaySummary = {
  startedAt: '2026-11-21T00:00:00.000Z',
  minutes: 60,
  bets: 1_200,
  wins: 900,
  net: -300,
  realityCheckMinutes: 60,
};

const fixtures: EventFixtures<typeof studioRoundMachine> = {
  'open.retry': [{ type: 'open.retry' }],
  'stake.changed': [
    { type: 'stake.changed', stake: 20 },
    { type: 'stake.changed', stake: 1000 },
  ],
  'round.spin': [{ type: 'round.spin' }],
  'result.skip': [{ type: 'result.skip' }],
  'connection.retry': [{ type: 'connection.retry' }],
  'auto.start': [
    { type: 'auto.start', settings: { count: 2, lossLimit: null, singleWinAbove: null } },
    { type: 'auto.start', settings: { count: 10, lossLimit: 30, singleWinAbove: 100 } },
    { type: 'auto.start', settings: { count: 0, lossLimit: null, singleWinAbove: null } },
  ],
  'auto.stop': [{ type: 'auto.stop' }],
  'fairness.setClientSeed': [
    { type: 'fairness.setClientSeed', clientSeed: 'lucky-7' },
    { type: 'fairness.setClientSeed', clientSeed: 'has space' },
  ],
  'fairness.rotate': [{ type: 'fairness.rotate' }],
  'notice.dismiss': [{ type: 'notice.dismiss' }],
  'turbo.toggle': [{ type: 'turbo.toggle' }],
  'session.leave': [{ type: 'session.leave' }],
  'realityCheck.show': [{ type: 'realityCheck.show', summary: playSummary }],
  'realityCheck.keepPlaying': [{ type: 'realityCheck.keepPlaying' }],
  'realityCheck.leave': [{ type: 'realityCheck.leave' }],
  'realityCheck.closed': [{ type: 'realityCheck.closed' }],
};

const roundState = 'studioRound.session.round';
const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.openSession', output: session },
  { type: 'xstate.done.actor.openSession', output: firstVisit },
  {
    type: 'xstate.done.actor.openSession',
    output: { ...firstVisit, resumedRound: round('r-open', 0, 'rolledBack') },
  },
  { type: 'xstate.done.actor.openSession', output: { ...session, resumedRound: round('r-open', 0, 'rolledBack') } },
  { type: 'xstate.error.actor.openSession', error: offline },
  { type: 'xstate.error.actor.openSession', error: expired },
  { type: 'xstate.done.actor.playRound', output: lost },
  { type: 'xstate.done.actor.playRound', output: won },
  { type: 'xstate.error.actor.playRound', error: offline },
  { type: 'xstate.error.actor.playRound', error: expired },
  { type: 'xstate.error.actor.playRound', error: refused },
  { type: 'xstate.error.actor.playRound', error: lossLimitReached },
  {
    type: 'xstate.done.actor.resumeRound',
    output: { round: round('r-won', 200), balance: 680, fairness } satisfies ResumedRound,
  },
  {
    type: 'xstate.done.actor.resumeRound',
    output: { round: round('r-back', 0, 'rolledBack'), balance: 500, fairness } satisfies ResumedRound,
  },
  { type: 'xstate.done.actor.resumeRound', output: { round: null, balance: 500, fairness } satisfies ResumedRound },
  { type: 'xstate.error.actor.resumeRound', error: offline },
  { type: 'xstate.done.actor.setClientSeed', output: clientSeedSet },
  { type: 'xstate.error.actor.setClientSeed', error: refused },
  { type: 'xstate.done.actor.rotateSeed', output: seedChange },
  { type: 'xstate.after.resultAnimation.studioRound.session.round.showingResult.animating', delayMs: 1_500 },
  { type: `xstate.after.winShow.${roundState}.showingResult.winShown`, delayMs: 1_500 },
  { type: `xstate.after.autoSpinPause.${roundState}.idle`, delayMs: 600 },
  { type: `xstate.after.reconnectDelay.${roundState}.connectionLost`, delayMs: 2_000 },
];

/**
 * What decides where the machine can go next: the state, the stake (20 is always affordable here,
 * 1000 never), whether the page has a client seed yet, and auto-spin's counters as far as its stop
 * conditions read them; how it last stopped and why the session ended are kept so that every reason
 * is reached.
 */
export const serializeState = (snapshot: StudioRoundSnapshot) => {
  const { auto, stake, endReason, fairness } = snapshot.context;
  const settings = auto.settings;
  const autoState = selectAutoSpin(snapshot).active
    ? [
        settings,
        auto.played,
        settings?.lossLimit === null ? null : auto.netLoss,
        settings?.singleWinAbove === null ? null : auto.biggestWin > (settings?.singleWinAbove ?? 0),
      ]
    : auto.stopReason;
  return JSON.stringify([snapshot.value, stake, fairness?.clientSeed === null, autoState, endReason]);
};

export const studioRoundModel = machineModel({
  title: 'studioRoundMachine',
  machine: studioRoundMachine,
  fixtures,
  outcomes,
  input: { launchToken: 'launch-token' },
  serializeState,
  actorNames: ['openSession', 'playRound', 'resumeRound', 'setClientSeed', 'rotateSeed'],
});
