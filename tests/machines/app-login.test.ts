import { appLoginMachine, appLoginPollMs, selectAppLoginCode, selectAppLoginView } from '@machines/app-login.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { appLoginModel, code, offline } from '../models/app-login.model';
import { modelPaths, replayPath } from './model-paths';

describe('app login machine model', () => {
  const paths = modelPaths(appLoginModel);

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const state of ['loading', 'loadFailed', 'showing', 'checking', 'expired', 'signedInOnApp']) {
      expect(reached).toContain(JSON.stringify(state));
    }
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(appLoginModel, path, (live, model) => {
        expect(selectAppLoginView(live)).toBe(selectAppLoginView(model));
        expect(selectAppLoginCode(live)).toEqual(selectAppLoginCode(model));
      });
    });
  }
});

describe('app login rules', () => {
  function start(statuses: ('waiting' | 'signedIn' | 'expired' | Error)[]) {
    const clock = new SimulatedClock();
    const asked: string[] = [];
    let issued = 0;
    const actor = createActor(
      appLoginMachine.provide({
        actors: {
          issueCode: fromPromise(async () => {
            issued += 1;
            return { ...code, loginCode: `${code.loginCode.slice(0, -1)}${issued}` };
          }),
          fetchStatus: fromPromise(async ({ input }) => {
            asked.push(input.loginCode);
            const answer = statuses.shift() ?? offline;
            if (answer instanceof Error) throw answer;
            return { status: answer };
          }),
        },
      }),
      { clock },
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    const tick = async () => {
      clock.increment(appLoginPollMs);
      await settle();
    };
    return { actor, asked, tick, settle, clock, issuedCount: () => issued };
  }

  it('shows a code and asks where it stands every interval, not before', async () => {
    const { actor, asked, tick, settle, clock } = start(['waiting', 'waiting', 'signedIn']);
    await settle();
    expect(selectAppLoginView(actor.getSnapshot())).toBe('showing');
    expect(selectAppLoginCode(actor.getSnapshot())?.loginCode).toMatch(/1$/);
    clock.increment(appLoginPollMs - 1);
    await settle();
    expect(asked).toEqual([]);
    clock.increment(1);
    await settle();
    expect(asked).toHaveLength(1);
    await tick();
    expect(selectAppLoginView(actor.getSnapshot())).toBe('showing');
    await tick();
    expect(selectAppLoginView(actor.getSnapshot())).toBe('signedInOnApp');
    expect(selectAppLoginCode(actor.getSnapshot())).toBeNull();
    expect(asked).toHaveLength(3);
    await tick();
    expect(asked).toHaveLength(3);
  });

  it('keeps following through a failed check, and offers a new code once expired', async () => {
    const { actor, asked, tick, settle, issuedCount } = start([offline, 'expired']);
    await settle();
    await tick();
    expect(selectAppLoginView(actor.getSnapshot())).toBe('showing');
    await tick();
    expect(selectAppLoginView(actor.getSnapshot())).toBe('expired');
    expect(asked).toHaveLength(2);
    actor.send({ type: 'code.refresh' });
    await settle();
    expect(issuedCount()).toBe(2);
    expect(selectAppLoginView(actor.getSnapshot())).toBe('showing');
    expect(selectAppLoginCode(actor.getSnapshot())?.loginCode).toMatch(/2$/);
  });
});
