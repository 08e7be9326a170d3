import type { StudioRound } from '@contract/studio';
import {
  type PlayedRound,
  type PlayRoundRequest,
  type ResumedRound,
  type ResumeRoundRequest,
  type SeedChange,
  type StudioRoundSnapshot,
  type StudioSession,
  selectAutoSpin,
  selectCanSpin,
  selectLastWin,
  selectReelMotion,
  selectShownBalance,
  selectStudioStage,
  studioRoundMachine,
} from '@machines/studio-round.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { type ActorOutcome, type EventFixtures, modelPaths, replayPath } from './model-paths';

const fairness = { serverSeedHash: 'a'.repeat(64), clientSeed: 'player', nonce: 0 };
const session: StudioSession = {
  sessionToken: 'studio-session',
  game: {
    code: 'sakura-sevens',
    kind: 'slot',
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

const round = (id: string, win: number, status: StudioRound['status'] = 'settled'): StudioRound => ({
  id,
  nonce: 0,
  stake: 20,
  win,
  status,
  drawn: { kind: 'slot', stops: [11, 17, 11, 15, 6] },
  playedAt: '2026-11-21T00:00:00.000Z',
});

const lost: PlayedRound = { round: round('r-lost', 0), balance: 480, fairness: { ...fairness, nonce: 1 } };
const won: PlayedRound = { round: round('r-won', 200), balance: 680, fairness: { ...fairness, nonce: 1 } };
const seedChange: SeedChange = {
  revealed: { serverSeed: 'a'.repeat(64), serverSeedHash: 'f'.repeat(64), clientSeed: 'player', roundsPlayed: 1 },
  fairness: { serverSeedHash: 'b'.repeat(64), clientSeed: 'lucky-7', nonce: 0 },
};

const offline = Object.assign(new Error('Request Error'), { code: 0 });
const expired = Object.assign(new Error('セッションの有効期限が切れました'), { code: 401 });
const refused = Object.assign(new Error('このベットは受け付けられません'), { code: 422 });

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
  'session.leave': [{ type: 'session.leave' }],
};

const roundState = 'studioRound.session.round';
const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.openSession', output: session },
  { type: 'xstate.done.actor.openSession', output: { ...session, resumedRound: round('r-open', 0, 'rolledBack') } },
  { type: 'xstate.error.actor.openSession', error: offline },
  { type: 'xstate.error.actor.openSession', error: expired },
  { type: 'xstate.done.actor.playRound', output: lost },
  { type: 'xstate.done.actor.playRound', output: won },
  { type: 'xstate.error.actor.playRound', error: offline },
  { type: 'xstate.error.actor.playRound', error: expired },
  { type: 'xstate.error.actor.playRound', error: refused },
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
  { type: 'xstate.done.actor.setClientSeed', output: seedChange },
  { type: 'xstate.error.actor.setClientSeed', error: refused },
  { type: 'xstate.done.actor.rotateSeed', output: seedChange },
  { type: 'xstate.after.resultAnimation.studioRound.session.round.showingResult.animating', delayMs: 1_800 },
  { type: `xstate.after.winShow.${roundState}.showingResult.winShown`, delayMs: 1_500 },
  { type: `xstate.after.autoSpinPause.${roundState}.idle`, delayMs: 600 },
  { type: `xstate.after.reconnectDelay.${roundState}.connectionLost`, delayMs: 2_000 },
];

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const actorNames = ['openSession', 'playRound', 'resumeRound', 'setClientSeed', 'rotateSeed'];

/**
 * What decides where the machine can go next: the state, the stake (20 is always affordable here,
 * 1000 never), and auto-spin's counters as far as its stop conditions read them; how it last stopped
 * and why the session ended are kept so that every reason is reached.
 */
const serializeState = (snapshot: StudioRoundSnapshot) => {
  const { auto, stake, endReason } = snapshot.context;
  const settings = auto.settings;
  const autoState = selectAutoSpin(snapshot).active
    ? [
        settings,
        auto.played,
        settings?.lossLimit === null ? null : auto.netLoss,
        settings?.singleWinAbove === null ? null : auto.biggestWin > (settings?.singleWinAbove ?? 0),
      ]
    : auto.stopReason;
  return JSON.stringify([snapshot.value, stake, autoState, endReason]);
};

describe('studio round machine model', () => {
  const paths = modelPaths(studioRoundMachine, {
    fixtures,
    outcomes,
    input: { launchToken: 'launch-token' },
    serializeState,
  });

  it('reaches every state, and every way auto-spin stops', () => {
    const stages = new Set(paths.map((p) => selectStudioStage(p.path.state)));
    for (const stage of [
      'opening',
      'openFailed',
      'sessionEnded',
      'idle',
      'awaitingResult',
      'showingResult',
      'insufficientCoins',
      'connectionLost',
      'reconnecting',
      'settingClientSeed',
      'rotatingSeed',
    ]) {
      expect(stages).toContain(stage);
    }
    const stopReasons = new Set(paths.map((p) => p.path.state.context.auto.stopReason));
    for (const reason of ['count', 'lossLimit', 'singleWin', 'stopped', 'interrupted'])
      expect(stopReasons).toContain(reason);
    const endReasons = new Set(paths.map((p) => p.path.state.context.endReason));
    for (const reason of ['left', 'expired', 'launchRefused']) expect(endReasons).toContain(reason);
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(studioRoundMachine, path, {
        input: { launchToken: 'launch-token' },
        actorNames,
        outcomes,
        check: (live, model) => {
          expect(selectStudioStage(live)).toBe(selectStudioStage(model));
          expect(serializeState(live)).toBe(serializeState(model));
          expect(selectCanSpin(live)).toBe(selectCanSpin(model));
          expect(selectReelMotion(live)).toBe(selectReelMotion(model));
        },
      });
    });
  }
});

describe('studio round rules', () => {
  function start(
    options: { play?: (request: PlayRoundRequest) => Promise<PlayedRound>; session?: StudioSession } = {},
  ) {
    const clock = new SimulatedClock();
    const plays: PlayRoundRequest[] = [];
    const resumes: ResumeRoundRequest[] = [];
    const seeds: string[] = [];
    let balance = (options.session ?? session).balance;
    const actor = createActor(
      studioRoundMachine.provide({
        actors: {
          openSession: fromPromise(async () => options.session ?? session),
          playRound: fromPromise(async ({ input }) => {
            plays.push(input);
            if (options.play) return options.play(input);
            balance -= input.stake;
            return { round: { ...round(`r-${plays.length}`, 0), stake: input.stake }, balance, fairness };
          }),
          resumeRound: fromPromise(async ({ input }) => {
            resumes.push(input);
            return { round: round('r-resumed', 60), balance: 540, fairness };
          }),
          setClientSeed: fromPromise(async ({ input }) => {
            seeds.push(input.clientSeed);
            return seedChange;
          }),
          rotateSeed: fromPromise(async () => seedChange),
        },
      }),
      { input: { launchToken: 'launch-token' }, clock },
    ).start();
    return { actor, clock, plays, resumes, seeds };
  }

  async function settle(clock: SimulatedClock, ms: number) {
    clock.increment(ms);
    await flush();
  }

  it('asks for the same round with the same roundKey after a lost connection', async () => {
    let calls = 0;
    const { actor, clock, plays, resumes } = start({
      play: async () => {
        calls += 1;
        throw offline;
      },
    });
    await flush();
    actor.send({ type: 'round.spin' });
    await flush();
    expect(selectStudioStage(actor.getSnapshot())).toBe('connectionLost');
    expect(selectReelMotion(actor.getSnapshot())).toBe('turning');
    await settle(clock, 2_000);
    expect(calls).toBe(1);
    expect(resumes).toEqual([{ sessionToken: 'studio-session', roundKey: plays[0]?.roundKey }]);
    expect(plays[0]?.roundKey).toMatch(/^[0-9a-f-]{36}$/);
    const snapshot = actor.getSnapshot();
    expect(selectStudioStage(snapshot)).toBe('showingResult');
    expect(snapshot.context.roundOrigin).toBe('resumed');
    expect(selectShownBalance(snapshot)).toBe(540);
    expect(snapshot.context.roundKey).toBeNull();
  });

  it('keeps the win out of the balance until the reels stop', async () => {
    const { actor, clock } = start({ play: async () => won });
    await flush();
    actor.send({ type: 'round.spin' });
    await flush();
    expect(selectShownBalance(actor.getSnapshot())).toBe(480);
    expect(selectLastWin(actor.getSnapshot())).toBe(0);
    await settle(clock, 1_800);
    expect(selectShownBalance(actor.getSnapshot())).toBe(680);
    expect(selectLastWin(actor.getSnapshot())).toBe(200);
  });

  it('auto-spins the chosen number of rounds, one pause apart, then stops', async () => {
    const { actor, clock, plays } = start();
    await flush();
    actor.send({ type: 'auto.start', settings: { count: 3, lossLimit: null, singleWinAbove: null } });
    expect(selectCanSpin(actor.getSnapshot())).toBe(false);
    for (let round = 1; round <= 3; round += 1) {
      await settle(clock, 600);
      expect(plays).toHaveLength(round);
      expect(selectAutoSpin(actor.getSnapshot())).toMatchObject({ played: round });
      await settle(clock, 1_800);
      await settle(clock, 1_500);
    }
    await settle(clock, 600);
    expect(plays).toHaveLength(3);
    expect(selectAutoSpin(actor.getSnapshot())).toMatchObject({ active: false, stopReason: 'count', netLoss: 60 });
    expect(new Set(plays.map((play) => play.roundKey)).size).toBe(3);
  });

  it('never plays an automatic round that could take the loss past the limit', async () => {
    const { actor, clock, plays } = start();
    await flush();
    actor.send({ type: 'stake.changed', stake: 40 });
    actor.send({ type: 'auto.start', settings: { count: 100, lossLimit: 100, singleWinAbove: null } });
    for (let step = 0; step < 10; step += 1) await settle(clock, 1_800);
    expect(plays).toHaveLength(2);
    expect(selectAutoSpin(actor.getSnapshot())).toMatchObject({ active: false, stopReason: 'lossLimit', netLoss: 80 });
  });

  it('stops auto-spin after a single win above the chosen amount', async () => {
    const { actor, clock, plays } = start({ play: async () => won });
    await flush();
    actor.send({ type: 'auto.start', settings: { count: 50, lossLimit: null, singleWinAbove: 199 } });
    for (let step = 0; step < 10; step += 1) await settle(clock, 1_800);
    expect(plays).toHaveLength(1);
    expect(selectAutoSpin(actor.getSnapshot()).stopReason).toBe('singleWin');
  });

  it('refuses a client seed the studio would refuse, without asking it', async () => {
    const { actor, seeds } = start();
    await flush();
    actor.send({ type: 'fairness.setClientSeed', clientSeed: 'two words' });
    expect(actor.getSnapshot().context.notice).toEqual({ key: 'clientSeedInvalid' });
    actor.send({ type: 'fairness.setClientSeed', clientSeed: 'lucky-7' });
    await flush();
    expect(seeds).toEqual(['lucky-7']);
    expect(actor.getSnapshot().context.revealed?.serverSeed).toBe('a'.repeat(64));
    expect(actor.getSnapshot().context.fairness?.clientSeed).toBe('lucky-7');
  });

  it('shows the round the last visit left open before anything else', async () => {
    const { actor, clock } = start({ session: { ...session, resumedRound: round('r-open', 0, 'rolledBack') } });
    await flush();
    expect(selectStudioStage(actor.getSnapshot())).toBe('showingResult');
    expect(actor.getSnapshot().context.roundOrigin).toBe('resumed');
    expect(actor.getSnapshot().context.history.map((past) => past.id)).toEqual(['r-open']);
    await settle(clock, 1_800);
    await settle(clock, 1_500);
    expect(selectStudioStage(actor.getSnapshot())).toBe('idle');
  });
});
