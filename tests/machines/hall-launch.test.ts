import {
  type Launch,
  selectLaunch,
  selectLaunchFailure,
  selectSpringboardStage,
  springboardMachine,
} from '@machines/hall-launch.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { launch, refusal, springboardModel } from '../models/hall-launch.model';
import { modelPaths, replayPath } from './model-paths';

describe('springboard machine model', () => {
  const paths = modelPaths(springboardModel);

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const state of Object.keys(springboardMachine.config.states ?? {})) {
      expect(reached).toContain(JSON.stringify(state));
    }
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(springboardModel, path, (live, model) => {
        expect(selectSpringboardStage(live)).toBe(selectSpringboardStage(model));
        expect(selectLaunch(live)).toEqual(selectLaunch(model));
        expect(selectLaunchFailure(live)).toEqual(selectLaunchFailure(model));
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
});
