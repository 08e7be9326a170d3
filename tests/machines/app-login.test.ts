import {
  appLoginMachine,
  appLoginPollMs,
  selectAppLoginCode,
  selectAppLoginView,
  selectAskingDevice,
  selectDeciding,
} from '@machines/app-login.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { appLoginModel, code, offline } from '../models/app-login.model';
import { modelPaths, replayPath } from './model-paths';

describe('app login machine model', () => {
  const paths = modelPaths(appLoginModel);

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const state of [
      'loading',
      'loadFailed',
      'showing',
      'checking',
      'confirming',
      'deciding',
      'awaitingApp',
      'refused',
      'expired',
      'signedInOnApp',
    ]) {
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
  type Status = 'waiting' | 'awaitingApproval' | 'approved' | 'signedIn' | 'refused' | 'expired';
  function start(statuses: (Status | Error)[], decisions: (Status | Error)[] = []) {
    const clock = new SimulatedClock();
    const asked: string[] = [];
    const decided: { loginCode: string; approve: boolean }[] = [];
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
            return { status: answer, device: answer === 'awaitingApproval' ? 'Safari on iPhone' : null };
          }),
          decide: fromPromise(async ({ input }) => {
            decided.push(input);
            const answer = decisions.shift() ?? offline;
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
    return { actor, asked, decided, tick, settle, clock, issuedCount: () => issued };
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

  it('asks the player before the scanning device is signed in, and follows the approved code until the app signs in', async () => {
    const { actor, asked, decided, tick, settle } = start(['awaitingApproval', 'approved', 'signedIn'], ['approved']);
    await settle();
    await tick();
    expect(selectAppLoginView(actor.getSnapshot())).toBe('confirming');
    expect(selectAskingDevice(actor.getSnapshot())).toBe('Safari on iPhone');
    expect(selectAppLoginCode(actor.getSnapshot())).toBeNull();
    // Nothing is asked of the server while the player decides.
    await tick();
    expect(asked).toHaveLength(1);
    actor.send({ type: 'signIn.approve' });
    expect(selectDeciding(actor.getSnapshot())).toBe('approve');
    await settle();
    expect(decided).toEqual([{ loginCode: asked[0], approve: true }]);
    expect(selectAppLoginView(actor.getSnapshot())).toBe('awaitingApp');
    await tick();
    expect(selectAppLoginView(actor.getSnapshot())).toBe('awaitingApp');
    await tick();
    expect(selectAppLoginView(actor.getSnapshot())).toBe('signedInOnApp');
  });

  it('signs nobody in when the player refuses, and offers a new code', async () => {
    const { actor, decided, tick, settle, issuedCount } = start(['awaitingApproval'], ['refused']);
    await settle();
    await tick();
    actor.send({ type: 'signIn.refuse' });
    await settle();
    expect(decided.map((decision) => decision.approve)).toEqual([false]);
    expect(selectAppLoginView(actor.getSnapshot())).toBe('refused');
    actor.send({ type: 'code.refresh' });
    await settle();
    expect(issuedCount()).toBe(2);
    expect(selectAppLoginView(actor.getSnapshot())).toBe('showing');
    expect(selectAskingDevice(actor.getSnapshot())).toBe('');
  });

  it('keeps the question open when the answer could not be sent, and says expired for a late one', async () => {
    const { actor, decided, tick, settle } = start(['awaitingApproval'], [offline, 'expired']);
    await settle();
    await tick();
    actor.send({ type: 'signIn.approve' });
    await settle();
    expect(selectAppLoginView(actor.getSnapshot())).toBe('confirming');
    actor.send({ type: 'signIn.approve' });
    await settle();
    expect(decided).toHaveLength(2);
    expect(selectAppLoginView(actor.getSnapshot())).toBe('expired');
  });
});
