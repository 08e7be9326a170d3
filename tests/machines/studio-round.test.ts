import {
  type ClientSeedRequest,
  type PlayedRound,
  type PlayRoundRequest,
  type ResumeRoundRequest,
  type RotateSeedRequest,
  resultAnimationLimitMs,
  type StudioSession,
  selectAutoSpin,
  selectCanSpin,
  selectLastWin,
  selectProtection,
  selectRealityCheck,
  selectReelMotion,
  selectResultAnimationMs,
  selectShownBalance,
  selectStudioStage,
  selectTurbo,
  selectWinShown,
  studioRoundMachine,
  winShowMs,
} from '@machines/studio-round.machine';
import { countUpMs, winTierMultiples } from '@machines/studio-round-win-tier';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  clientSeedSet,
  fairness,
  firstVisit,
  lossLimitReached,
  offline,
  playSummary,
  round,
  seedChange,
  serializeState,
  session,
  studioRoundModel,
  won,
} from '../models/studio-round.model';
import { modelPaths, replayPath } from './model-paths';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
describe('studio round machine model', () => {
  const paths = modelPaths(studioRoundModel);

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
      'protectionRefused',
    ]) {
      expect(stages).toContain(stage);
    }
    const stopReasons = new Set(paths.map((p) => p.path.state.context.auto.stopReason));
    for (const reason of ['count', 'lossLimit', 'singleWin', 'stopped', 'interrupted', 'realityCheck'])
      expect(stopReasons).toContain(reason);
    const endReasons = new Set(paths.map((p) => p.path.state.context.endReason));
    for (const reason of ['left', 'expired', 'launchRefused']) expect(endReasons).toContain(reason);
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(studioRoundModel, path, (live, model) => {
        expect(selectStudioStage(live)).toBe(selectStudioStage(model));
        expect(serializeState(live)).toBe(serializeState(model));
        expect(selectCanSpin(live)).toBe(selectCanSpin(model));
        expect(selectReelMotion(live)).toBe(selectReelMotion(model));
        expect(selectRealityCheck(live)).toEqual(selectRealityCheck(model));
        expect(selectProtection(live)).toEqual(selectProtection(model));
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
    const seeds: ClientSeedRequest[] = [];
    const rotations: RotateSeedRequest[] = [];
    const told: string[] = [];
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
            seeds.push(input);
            return { fairness: { ...clientSeedSet.fairness, clientSeed: input.clientSeed } };
          }),
          rotateSeed: fromPromise(async ({ input }) => {
            rotations.push(input);
            return seedChange;
          }),
        },
        actions: {
          realityCheckDone: () => void told.push('realityCheckDone'),
          toHall: () => void told.push('toHall'),
          leaveSession: () => void told.push('leaveSession'),
        },
      }),
      { input: { launchToken: 'launch-token' }, clock },
    ).start();
    return { actor, clock, plays, resumes, seeds, rotations, told };
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
    await settle(clock, resultAnimationLimitMs.normal);
    expect(selectShownBalance(actor.getSnapshot())).toBe(680);
    expect(selectLastWin(actor.getSnapshot())).toBe(200);
  });

  /** Advances the simulated clock 100 ms at a time until the result animation ends; answers the time it took. */
  async function animationTime(actor: ReturnType<typeof start>['actor'], clock: SimulatedClock): Promise<number> {
    let elapsed = 0;
    while (actor.getSnapshot().matches({ session: { round: { showingResult: 'animating' } } })) {
      await settle(clock, 100);
      elapsed += 100;
    }
    return elapsed;
  }

  it('animates a result in at most 1.5 s, and in turbo in at most 0.6 s, whatever the round', async () => {
    const balls = (count: number) => ({
      ...won.round,
      outcome: { totalBet: count, totalWin: 0, balls: Array(count).fill({}) },
    });
    for (const round of [won.round, balls(10), balls(100)]) {
      const { actor, clock } = start({ play: async () => ({ ...won, round }) });
      await flush();
      expect(selectTurbo(actor.getSnapshot())).toBe(false);
      actor.send({ type: 'round.spin' });
      await flush();
      const normal = selectResultAnimationMs(actor.getSnapshot());
      expect(normal).toBeLessThanOrEqual(resultAnimationLimitMs.normal);
      expect(await animationTime(actor, clock)).toBe(Math.ceil(normal / 100) * 100);
      await settle(clock, winShowMs.normal);
      expect(selectStudioStage(actor.getSnapshot())).toBe('idle');
      // Turbo, switched on between rounds, holds for the rounds after it.
      actor.send({ type: 'turbo.toggle' });
      expect(selectTurbo(actor.getSnapshot())).toBe(true);
      actor.send({ type: 'round.spin' });
      await flush();
      const turbo = selectResultAnimationMs(actor.getSnapshot());
      expect(turbo).toBeLessThanOrEqual(resultAnimationLimitMs.turbo);
      expect(turbo).toBeLessThan(normal);
      expect(await animationTime(actor, clock)).toBe(Math.ceil(turbo / 100) * 100);
      await settle(clock, winShowMs.turbo);
      expect(selectStudioStage(actor.getSnapshot())).toBe('idle');
      actor.send({ type: 'turbo.toggle' });
      expect(selectTurbo(actor.getSnapshot())).toBe(false);
    }
  });

  it('holds a celebrated win through its count-up before the next round may start', async () => {
    const epic = { ...won, round: { ...won.round, win: winTierMultiples.epic * won.round.stake } };
    for (const turbo of [false, true]) {
      const { actor, clock } = start({ play: async () => epic });
      await flush();
      if (turbo) actor.send({ type: 'turbo.toggle' });
      actor.send({ type: 'round.spin' });
      await flush();
      const overshoot = (await animationTime(actor, clock)) - selectResultAnimationMs(actor.getSnapshot());
      expect(selectWinShown(actor.getSnapshot())).toBe(true);
      const countUp = countUpMs('epic', { turbo });
      const hold = turbo ? winShowMs.turbo : winShowMs.normal;
      await settle(clock, countUp + hold - overshoot - 1);
      expect(selectWinShown(actor.getSnapshot())).toBe(true);
      await settle(clock, 1);
      expect(selectStudioStage(actor.getSnapshot())).toBe('idle');
    }
  });

  it('tells the studio when the player leaves the machine', async () => {
    const { actor, told } = start();
    await flush();
    actor.send({ type: 'session.leave' });
    expect(told).toEqual(['leaveSession']);
    expect(selectStudioStage(actor.getSnapshot())).toBe('sessionEnded');
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
      await settle(clock, resultAnimationLimitMs.normal);
      await settle(clock, winShowMs.normal);
    }
    await settle(clock, 600);
    expect(plays).toHaveLength(3);
    expect(selectAutoSpin(actor.getSnapshot())).toMatchObject({ active: false, stopReason: 'count', netLoss: 60 });
    expect(new Set(plays.map((play) => play.roundKey)).size).toBe(3);
  });

  it('stops auto-spin and spin for the reality check, until the player keeps playing here or at the portal', async () => {
    const { actor, clock, plays, told } = start();
    await flush();
    actor.send({ type: 'auto.start', settings: { count: 10, lossLimit: null, singleWinAbove: null } });
    await settle(clock, 600);
    expect(plays).toHaveLength(1);
    actor.send({ type: 'realityCheck.show', summary: playSummary });
    expect(selectRealityCheck(actor.getSnapshot())).toEqual(playSummary);
    expect(selectAutoSpin(actor.getSnapshot())).toMatchObject({ active: false, stopReason: 'realityCheck' });
    for (let step = 0; step < 5; step += 1) await settle(clock, 1_800);
    expect(plays).toHaveLength(1);
    expect(selectCanSpin(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'round.spin' });
    expect(plays).toHaveLength(1);
    actor.send({ type: 'realityCheck.keepPlaying' });
    expect(told).toEqual(['realityCheckDone']);
    expect(selectCanSpin(actor.getSnapshot())).toBe(true);
    // Closed at the portal: the portal is not told again.
    actor.send({ type: 'realityCheck.show', summary: playSummary });
    actor.send({ type: 'realityCheck.closed' });
    expect(told).toEqual(['realityCheckDone']);
    expect(selectRealityCheck(actor.getSnapshot())).toBeNull();
    // Leaving from it ends the visit and tells the portal.
    actor.send({ type: 'realityCheck.show', summary: playSummary });
    actor.send({ type: 'realityCheck.leave' });
    expect(told).toEqual(['realityCheckDone', 'leaveSession', 'toHall']);
    expect(selectStudioStage(actor.getSnapshot())).toBe('sessionEnded');
  });

  it('stops auto-spin when the player’s own protection refuses a bet, and says why', async () => {
    const { actor, clock, plays } = start({
      play: async () => {
        throw lossLimitReached;
      },
    });
    await flush();
    actor.send({ type: 'auto.start', settings: { count: 10, lossLimit: null, singleWinAbove: null } });
    for (let step = 0; step < 5; step += 1) await settle(clock, 1_800);
    expect(plays).toHaveLength(1);
    expect(selectStudioStage(actor.getSnapshot())).toBe('protectionRefused');
    expect(selectProtection(actor.getSnapshot())).toEqual({ reason: 'lossLimit', text: lossLimitReached.message });
    actor.send({ type: 'session.leave' });
    expect(actor.getSnapshot().context.endReason).toBe('left');
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
    expect(seeds).toEqual([
      { sessionToken: 'studio-session', clientSeed: 'lucky-7', serverSeedHash: fairness.serverSeedHash },
    ]);
    expect(actor.getSnapshot().context.revealed).toBeNull();
    expect(actor.getSnapshot().context.fairness?.clientSeed).toBe('lucky-7');
  });

  it('chooses a client seed of its own on a first visit, for the server seed whose commitment it was shown', async () => {
    const { actor, seeds, plays } = start({ session: firstVisit });
    await flush();
    expect(seeds).toEqual([
      {
        sessionToken: 'studio-session',
        clientSeed: expect.stringMatching(/^[0-9a-f]{32}$/),
        serverSeedHash: fairness.serverSeedHash,
      },
    ]);
    expect(selectStudioStage(actor.getSnapshot())).toBe('idle');
    expect(actor.getSnapshot().context.fairness?.clientSeed).toBe(seeds[0]?.clientSeed);
    actor.send({ type: 'round.spin' });
    await flush();
    expect(plays).toHaveLength(1);
  });

  it('rotates with a new client seed of its own each time, naming the next server seed it showed', async () => {
    const { actor, rotations } = start();
    await flush();
    actor.send({ type: 'fairness.rotate' });
    await flush();
    expect(actor.getSnapshot().context.revealed).toEqual(seedChange.revealed);
    actor.send({ type: 'fairness.rotate' });
    await flush();
    expect(rotations.map((rotation) => rotation.nextServerSeedHash)).toEqual([
      fairness.nextServerSeedHash,
      seedChange.fairness.nextServerSeedHash,
    ]);
    const [first, second] = rotations.map((rotation) => rotation.clientSeed);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(first).not.toBe(second);
  });

  it('chooses a client seed once a resumed round from before any was chosen is shown', async () => {
    const { actor, clock, seeds } = start({
      session: { ...firstVisit, resumedRound: round('r-open', 0, 'rolledBack') },
    });
    await flush();
    expect(selectStudioStage(actor.getSnapshot())).toBe('showingResult');
    expect(seeds).toEqual([]);
    await settle(clock, 1_800);
    await settle(clock, 1_500);
    expect(seeds.map((sent) => sent.serverSeedHash)).toEqual([fairness.serverSeedHash]);
    expect(selectStudioStage(actor.getSnapshot())).toBe('idle');
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
