import {
  type AppLoginSnapshot,
  appLoginMachine,
  appLoginPollMs,
  selectAppLoginCode,
  selectAppLoginView,
} from '@machines/app-login.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { type ActorOutcome, type EventFixtures, modelPaths, replayPath } from './model-paths';

const fixtures: EventFixtures<typeof appLoginMachine> = {
  'code.refresh': [{ type: 'code.refresh' }],
  'code.retry': [{ type: 'code.retry' }],
};

const code = { loginCode: 'q8Zr3vN0cW2mK7yT5pL1xH9dF4sB6gJe', expiresAt: '2026-11-26T00:02:00.000Z' };
const offline = Object.assign(new Error('Request Error'), { code: 0, fields: {} });

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.issueCode', output: code },
  { type: 'xstate.error.actor.issueCode', error: offline },
  { type: 'xstate.done.actor.fetchStatus', output: { status: 'waiting' } },
  { type: 'xstate.done.actor.fetchStatus', output: { status: 'signedIn' } },
  { type: 'xstate.done.actor.fetchStatus', output: { status: 'expired' } },
  { type: 'xstate.error.actor.fetchStatus', error: offline },
  { type: 'xstate.after.statusPoll.appLogin.showing', delayMs: appLoginPollMs },
];

const serializeState = (snapshot: AppLoginSnapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.code?.loginCode ?? null]);

describe('app login machine model', () => {
  const paths = modelPaths(appLoginMachine, { fixtures, outcomes, serializeState });

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const state of ['loading', 'loadFailed', 'showing', 'checking', 'expired', 'signedInOnApp']) {
      expect(reached).toContain(JSON.stringify(state));
    }
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(appLoginMachine, path, {
        actorNames: ['issueCode', 'fetchStatus'],
        outcomes,
        check: (live, model) => {
          expect(selectAppLoginView(live)).toBe(selectAppLoginView(model));
          expect(selectAppLoginCode(live)).toEqual(selectAppLoginCode(model));
        },
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
