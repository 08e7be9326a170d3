import {
  coinsPerGame,
  gameTimings,
  type LeverRequest,
  type PachislotMachineData,
  type StopRequest,
  selectAutoLeft,
  selectAutoStopped,
  selectCanLever,
  selectNextReel,
  studioPachislotMachine,
} from '@machines/studio-pachislot.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { freeMachine, levered, stopped, studioPachislotModel } from '../models/studio-pachislot.model';
import { modelPaths, replayPath } from './model-paths';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('studio pachislot machine model', () => {
  const paths = modelPaths(studioPachislotModel);

  it('reaches every state', () => {
    const stages = new Set(paths.map((p) => String(p.path.state.value)));
    for (const stage of ['loading', 'idle', 'levering', 'spinning', 'stopping', 'payout', 'connectionLost'])
      expect(stages).toContain(stage);
  });

  it('replays every shortest path on a live actor', async () => {
    for (const { path } of paths) await replayPath(studioPachislotModel, path);
  });
});

/** A live actor whose calls answer as a server would: each press stops the next reel, the third settles. */
function liveGame(machine: PachislotMachineData = freeMachine, settledWin?: number) {
  const levers: LeverRequest[] = [];
  const presses: StopRequest[] = [];
  let failNext = false;
  const clock = new SimulatedClock();
  const actor = createActor(
    studioPachislotMachine.provide({
      actors: {
        loadMachine: fromPromise(async () => machine),
        lever: fromPromise(async ({ input }: { input: LeverRequest }) => {
          levers.push(input);
          if (failNext) {
            failNext = false;
            throw Object.assign(new Error('offline'), { code: 0 });
          }
          return levered;
        }),
        stop: fromPromise(async ({ input }: { input: StopRequest }) => {
          presses.push(input);
          const answer = stopped(input.reel + 1);
          const settled = answer.game.status === 'settled' && settledWin !== undefined;
          return settled ? { ...answer, game: { ...answer.game, win: settledWin } } : answer;
        }),
      },
    }),
    { input: { sessionToken: 'studio-session', balance: 100 }, clock },
  );
  actor.start();
  return { actor, clock, levers, presses, failOnce: () => (failNext = true) };
}

describe('studio pachislot machine', () => {
  it('plays a game lever, stop, stop, stop; the stops go left to right', async () => {
    const { actor, presses } = liveGame();
    await flush();
    expect(selectCanLever(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'lever.pull', gameKey: 'k1' });
    await flush();
    expect(actor.getSnapshot().value).toBe('spinning');
    expect(actor.getSnapshot().context.balance).toBe(levered.balance);
    // Reel 3 before reel 1 is not a press the machine takes.
    actor.send({ type: 'stop.press', reel: 2, pressFrame: 4 });
    expect(actor.getSnapshot().value).toBe('spinning');
    for (const reel of [0, 1, 2]) {
      expect(selectNextReel(actor.getSnapshot())).toBe(reel);
      actor.send({ type: 'stop.press', reel, pressFrame: reel * 3 });
      await flush();
    }
    expect(presses.map((press) => [press.reel, press.pressFrame])).toEqual([
      [0, 0],
      [1, 3],
      [2, 6],
    ]);
    expect(actor.getSnapshot().value).toBe('payout');
    expect(actor.getSnapshot().context.balance).toBe(stopped(3).balance);
  });

  it('sends the same lever key again after a lost connection', async () => {
    const { actor, levers, failOnce } = liveGame();
    await flush();
    failOnce();
    actor.send({ type: 'lever.pull', gameKey: 'kept-key' });
    await flush();
    expect(actor.getSnapshot().value).toBe('connectionLost');
    actor.send({ type: 'connection.retry' });
    await flush();
    expect(levers.map((lever) => lever.gameKey)).toEqual(['kept-key', 'kept-key']);
    expect(actor.getSnapshot().value).toBe('spinning');
  });

  it('auto-plays whole games at fixed frames within the stated times, turbo faster', async () => {
    for (const [turbo, limitMs] of [
      [false, 1_500],
      [true, 600],
    ] as const) {
      const { actor, clock, presses, levers } = liveGame();
      await flush();
      if (turbo) actor.send({ type: 'turbo.toggle' });
      actor.send({ type: 'auto.start', settings: autoSettings(2) });
      const timing = gameTimings[turbo ? 'turbo' : 'normal'];
      // One game without waits on the player: lever after a reel's wait, three reels, the payout.
      const gameMs = timing.reelMs * 4 + timing.payoutMs;
      expect(gameMs).toBeLessThanOrEqual(limitMs);
      await autoPlayFor(actor, clock, 20);
      expect(levers).toHaveLength(2);
      expect(presses.slice(0, 3).map((press) => press.pressFrame)).toEqual([0, 0, 0]);
      expect(actor.getSnapshot().context.balance).toBeGreaterThanOrEqual(coinsPerGame);
      actor.stop();
    }
  });

  it('starts auto-play however long the machine stood idle first', async () => {
    const { actor, clock, levers } = liveGame();
    await flush();
    clock.increment(gameTimings.normal.reelMs * 4);
    await flush();
    actor.send({ type: 'auto.start', settings: autoSettings(1) });
    await autoPlayFor(actor, clock, 10);
    expect(levers).toHaveLength(1);
    expect(selectAutoStopped(actor.getSnapshot())).toEqual({ reason: 'count', played: 1 });
    actor.stop();
  });

  it('stops auto-play after a single win above the player’s limit', async () => {
    const { actor, clock, levers } = liveGame(freeMachine, 8);
    await flush();
    actor.send({ type: 'auto.start', settings: { ...autoSettings(10), singleWinAbove: 5 } });
    await autoPlayFor(actor, clock, 40);
    expect(levers).toHaveLength(1);
    expect(selectAutoStopped(actor.getSnapshot())).toEqual({ reason: 'singleWin', played: 1 });
    expect(selectAutoLeft(actor.getSnapshot())).toBe(0);
    expect(selectCanLever(actor.getSnapshot())).toBe(true);
    actor.stop();
  });

  it('stops auto-play before a game that could take the loss past the player’s limit', async () => {
    const { actor, clock, levers } = liveGame(freeMachine, 0);
    await flush();
    // 3 coins a game: after two losing games the net loss is 6, and a third could make it 9.
    actor.send({ type: 'auto.start', settings: { ...autoSettings(10), lossLimit: 8 } });
    await autoPlayFor(actor, clock, 60);
    expect(levers).toHaveLength(2);
    expect(selectAutoStopped(actor.getSnapshot())).toEqual({ reason: 'lossLimit', played: 2 });
    actor.stop();
  });

  it('refuses settings that are not positive whole numbers, and says why it stopped when asked to', async () => {
    const { actor, clock, levers } = liveGame();
    await flush();
    actor.send({ type: 'auto.start', settings: { ...autoSettings(10), lossLimit: 0 } });
    actor.send({ type: 'auto.start', settings: { ...autoSettings(10), singleWinAbove: 2.5 } });
    expect(selectAutoLeft(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'auto.start', settings: autoSettings(10) });
    expect(selectAutoLeft(actor.getSnapshot())).toBe(10);
    await autoPlayFor(actor, clock, 6);
    actor.send({ type: 'auto.stop' });
    await autoPlayFor(actor, clock, 20);
    const played = levers.length;
    expect(selectAutoStopped(actor.getSnapshot())).toEqual({ reason: 'stopped', played: expect.any(Number) });
    expect(played).toBeLessThan(10);
    actor.stop();
  });
});

const autoSettings = (count: number) => ({ count, lossLimit: null, singleWinAbove: null });

/** Moves the simulated clock a reel's wait at a time (and over each payout) for so many steps. */
async function autoPlayFor(actor: ReturnType<typeof liveGame>['actor'], clock: SimulatedClock, steps: number) {
  for (let step = 0; step < steps; step++) {
    const timing = gameTimings[actor.getSnapshot().context.turbo ? 'turbo' : 'normal'];
    clock.increment(timing.reelMs);
    await flush();
    if (actor.getSnapshot().value === 'payout') {
      clock.increment(timing.payoutMs);
      await flush();
    }
  }
}
