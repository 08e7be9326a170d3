import type { PlaySummary } from '@contract/protection';
import {
  type GameFrameMessage,
  type Launch,
  selectLaunch,
  selectLaunchFailure,
  selectRealityCheck,
  selectSpringboardStage,
  springboardMachine,
} from '@machines/hall-launch.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { launch, playSummary, refusal, springboardModel } from '../models/hall-launch.model';
import { modelPaths, replayPath } from './model-paths';

describe('springboard machine model', () => {
  const paths = modelPaths(springboardModel);

  it('reaches every state, and every state of the reality check', () => {
    const reached = new Set(paths.map((p) => selectSpringboardStage(p.path.state)));
    for (const state of Object.keys(springboardMachine.config.states ?? {})) expect(reached).toContain(state);
    const checks = new Set(
      paths.flatMap((p) => (p.path.state.matches('playing') ? [JSON.stringify(p.path.state.value)] : [])),
    );
    for (const state of Object.keys(springboardMachine.config.states?.playing?.states ?? {}))
      expect(checks).toContain(JSON.stringify({ playing: state }));
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(springboardModel, path, (live, model) => {
        expect(selectSpringboardStage(live)).toBe(selectSpringboardStage(model));
        expect(selectLaunch(live)).toEqual(selectLaunch(model));
        expect(selectLaunchFailure(live)).toEqual(selectLaunchFailure(model));
        expect(selectRealityCheck(live)).toEqual(selectRealityCheck(model));
      });
    });
  }
});

describe('springboard rules', () => {
  function start(launchGame: () => Promise<Launch>, releaseSeat: () => Promise<unknown> = async () => ({})) {
    const effects: string[] = [];
    const requests: { machineId: number }[] = [];
    const actor = createActor(
      springboardMachine.provide({
        actors: {
          launchGame: fromPromise(async ({ input }) => {
            requests.push(input);
            return launchGame();
          }),
          releaseSeat: fromPromise(async () => {
            effects.push('release');
            return releaseSeat();
          }),
        },
        actions: {
          hallChanged: () => void effects.push('hallChanged'),
          askToSignIn: (_, { machineId }) => void effects.push(`signIn:${machineId}`),
          returnToHall: (_, { gameCode }) => void effects.push(`hall:${gameCode}`),
        },
      }),
      { input: { machineId: 7 } },
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, effects, requests, settle };
  }

  it('asks for the chosen machine, plays once the page has loaded, and leaving frees the seat and returns to its game', async () => {
    const { actor, effects, requests, settle } = start(async () => launch);
    await settle();
    expect(requests).toEqual([{ machineId: 7 }]);
    expect(selectSpringboardStage(actor.getSnapshot())).toBe('launching');
    actor.send({ type: 'game.loaded' });
    expect(selectSpringboardStage(actor.getSnapshot())).toBe('playing');
    actor.send({ type: 'leave' });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(effects).toEqual(['hallChanged', 'release', 'hallChanged', 'hall:slot']);
  });

  it('returns to the hall even when the seat could not be given back', async () => {
    const { actor, effects, settle } = start(
      async () => launch,
      async () => {
        throw refusal(0);
      },
    );
    await settle();
    actor.send({ type: 'leave' });
    await settle();
    expect(effects.at(-1)).toBe('hall:slot');
  });

  it('asks to sign in again when the session has ended, and keeps the machine for after', async () => {
    const { actor, effects, settle } = start(async () => {
      throw refusal(402);
    });
    await settle();
    expect(selectSpringboardStage(actor.getSnapshot())).toBe('sessionEnded');
    expect(effects).toEqual(['signIn:7']);
  });

  it('keeps the server’s sentence of a failed launch, and a retry asks again', async () => {
    let attempts = 0;
    const { actor, requests, settle } = start(async () => {
      attempts += 1;
      if (attempts === 1) throw refusal(503, 'The service is busy');
      return launch;
    });
    await settle();
    expect(selectLaunchFailure(actor.getSnapshot())).toBe('The service is busy');
    actor.send({ type: 'seat.retry' });
    await settle();
    expect(selectSpringboardStage(actor.getSnapshot())).toBe('launching');
    expect(selectLaunchFailure(actor.getSnapshot())).toBeNull();
    expect(requests).toHaveLength(2);
  });

  it('tells a protection refusal of the launch in the server’s sentence', async () => {
    const { actor, settle } = start(async () => {
      throw refusal(403, 'You are taking a break until 1 December');
    });
    await settle();
    expect(selectSpringboardStage(actor.getSnapshot())).toBe('accountFrozen');
    expect(selectLaunchFailure(actor.getSnapshot())).toBe('You are taking a break until 1 December');
  });
});

describe('springboard reality check', () => {
  function play(summaries: (() => Promise<PlaySummary>)[]) {
    const clock = new SimulatedClock();
    const told: GameFrameMessage[] = [];
    const effects: string[] = [];
    let asked = 0;
    const actor = createActor(
      springboardMachine.provide({
        actors: {
          launchGame: fromPromise(async () => launch),
          releaseSeat: fromPromise<unknown>(async () => {
            effects.push('release');
            return {};
          }),
          playSummary: fromPromise(async () => {
            const next = summaries[Math.min(asked, summaries.length - 1)];
            asked += 1;
            if (!next) throw refusal(501);
            return next();
          }),
        },
        actions: {
          tellGame: (_, message) => void told.push(message),
          returnToHall: (_, { gameCode }) => void effects.push(`hall:${gameCode}`),
        },
      }),
      { input: { machineId: 7 }, clock },
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    const minutes = async (count: number) => {
      clock.increment(count * 60_000);
      await settle();
    };
    return { actor, told, effects, settle, minutes, asked: () => asked };
  }
  const every15 = { ...playSummary, realityCheckMinutes: 15 as const };

  it('checks after the player’s interval of play, tells the game, and times the next one after keep playing', async () => {
    const { actor, told, settle, minutes, asked } = play([async () => every15]);
    await settle();
    actor.send({ type: 'game.loaded' });
    await settle();
    expect(asked()).toBe(1);
    await minutes(14);
    expect(selectRealityCheck(actor.getSnapshot())).toBeNull();
    await minutes(1);
    expect(asked()).toBe(2);
    expect(selectRealityCheck(actor.getSnapshot())).toEqual(every15);
    expect(told).toEqual([{ type: 'realityCheck', summary: every15 }]);
    actor.send({ type: 'realityCheck.keepPlaying' });
    expect(selectRealityCheck(actor.getSnapshot())).toBeNull();
    expect(told.at(-1)).toEqual({ type: 'realityCheckDone' });
    // Kept playing in the game's frame: it is not told back.
    await minutes(15);
    expect(selectRealityCheck(actor.getSnapshot())).toEqual(every15);
    actor.send({ type: 'realityCheck.done' });
    expect(selectRealityCheck(actor.getSnapshot())).toBeNull();
    expect(told).toHaveLength(3);
  });

  it('checks every hour when the interval cannot be read, and never when the player turned it off', async () => {
    const unread = play([]);
    await unread.settle();
    unread.actor.send({ type: 'game.loaded' });
    await unread.settle();
    await unread.minutes(59);
    expect(unread.asked()).toBe(1);
    await unread.minutes(1);
    expect(unread.asked()).toBe(2);
    // No summary to show: the next hour is timed.
    expect(unread.actor.getSnapshot().matches({ playing: 'timing' })).toBe(true);

    const off = play([async () => ({ ...playSummary, realityCheckMinutes: null })]);
    await off.settle();
    off.actor.send({ type: 'game.loaded' });
    await off.settle();
    await off.minutes(24 * 60);
    expect(off.asked()).toBe(1);
    expect(off.actor.getSnapshot().matches({ playing: 'off' })).toBe(true);
  });

  it('leaves from the check: the seat is given back and the player is back in the hall', async () => {
    const { actor, effects, settle, minutes } = play([async () => playSummary]);
    await settle();
    actor.send({ type: 'game.loaded' });
    await settle();
    await minutes(60);
    expect(selectRealityCheck(actor.getSnapshot())).toEqual(playSummary);
    actor.send({ type: 'leave' });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(effects).toEqual(['release', 'hall:slot']);
  });
});

describe('springboard and the game’s balance', () => {
  it('shows the balance the game’s frame reports after each round while playing, and only then', async () => {
    const shown: number[] = [];
    const actor = createActor(
      springboardMachine.provide({
        actors: {
          launchGame: fromPromise(async () => launch),
          playSummary: fromPromise<PlaySummary>(() => new Promise(() => {})),
        },
        actions: { balanceSettled: (_, { balance }) => void shown.push(balance) },
      }),
      { input: { machineId: 7 } },
    ).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'game.roundSettled', balance: 100 });
    expect(shown).toEqual([]);
    actor.send({ type: 'game.loaded' });
    actor.send({ type: 'game.roundSettled', balance: 98_650 });
    actor.send({ type: 'game.roundSettled', balance: 98_377 });
    expect(shown).toEqual([98_650, 98_377]);
  });
});
