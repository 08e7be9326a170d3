import {
  coinsPerGame,
  gameTimings,
  type LeverRequest,
  type PachislotMachineData,
  type StopRequest,
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
function liveGame(machine: PachislotMachineData = freeMachine) {
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
          return stopped(input.reel + 1);
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
      actor.send({ type: 'auto.start', games: 2 });
      const timing = gameTimings[turbo ? 'turbo' : 'normal'];
      // One game without waits on the player: lever after a reel's wait, three reels, the payout.
      const gameMs = timing.reelMs * 4 + timing.payoutMs;
      expect(gameMs).toBeLessThanOrEqual(limitMs);
      for (let step = 0; step < 20 && levers.length < 2; step++) {
        clock.increment(timing.reelMs);
        await flush();
        if (actor.getSnapshot().value === 'payout') {
          clock.increment(timing.payoutMs);
          await flush();
        }
      }
      expect(levers).toHaveLength(2);
      expect(presses.slice(0, 3).map((press) => press.pressFrame)).toEqual([0, 0, 0]);
      expect(actor.getSnapshot().context.balance).toBeGreaterThanOrEqual(coinsPerGame);
      actor.stop();
    }
  });
});
