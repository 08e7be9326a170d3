import {
  registerMachine,
  selectInvitedAgentCode,
  selectRegisterRefusals,
  selectRegisterStep,
  selectSendCodeFlow,
  selectVerifiedEmail,
} from '@machines/register.machine';
import { selectSendCodeButton, sendCodeMachine } from '@machines/send-code.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { nameTaken, registerModel, wrongCode } from '../models/register.model';
import { modelPaths, replayPath } from './model-paths';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
describe('register machine model', () => {
  const paths = modelPaths(registerModel);

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const state of [
      '{"verifyingEmail":"editing"}',
      '{"verifyingEmail":"checkingCode"}',
      '{"choosingAccount":"editing"}',
      '{"choosingAccount":"creatingAccount"}',
      '"registered"',
    ]) {
      expect(reached).toContain(state);
    }
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(registerModel, path, (live, model) => {
        expect(selectVerifiedEmail(live)).toEqual(selectVerifiedEmail(model));
        expect(selectRegisterRefusals(live)).toEqual(selectRegisterRefusals(model));
      });
    });
  }
});

describe('register rules', () => {
  function start(options: { agentCode?: string; failCode?: boolean; takenName?: boolean } = {}) {
    const calls: { name: string; input: unknown }[] = [];
    const tracked: string[] = [];
    const actor = createActor(
      registerMachine.provide({
        actors: {
          sendCodeFlow: sendCodeMachine.provide({
            actors: { requestCode: fromPromise(async ({ input }) => void calls.push({ name: 'requestCode', input })) },
          }),
          verifyCode: fromPromise(async ({ input }) => {
            calls.push({ name: 'verifyCode', input });
            if (options.failCode) throw wrongCode;
          }),
          createAccount: fromPromise(async ({ input }) => {
            calls.push({ name: 'createAccount', input });
            if (options.takenName) throw nameTaken;
            return { token: 'tok-new' };
          }),
        },
        actions: { trackRegistration: () => void tracked.push('registration') },
      }),
      { input: { agentCode: options.agentCode ?? null } },
    ).start();
    const verify = () =>
      actor.send({ type: 'email.submit', email: ' hanako@example.jp ', code: ' 123456 ', acceptTerms: true });
    const button = (email: string) =>
      selectSendCodeButton(selectSendCodeFlow(actor.getSnapshot())!.getSnapshot(), email);
    return { actor, calls, tracked, verify, button };
  }

  it('sends a code only to an address, the one typed when the button is pressed', async () => {
    const { actor, calls, button } = start();
    expect(button('').enabled).toBe(false);
    expect(button('  ').enabled).toBe(false);
    expect(button('hanako@example').enabled).toBe(true);
    actor.send({ type: 'code.send', email: 'hanako@example' });
    await flush();
    expect(calls).toEqual([]);
    actor.send({ type: 'code.send', email: ' hanako@example.jp ' });
    await flush();
    expect(calls).toEqual([{ name: 'requestCode', input: { email: 'hanako@example.jp' } }]);
    expect(button('hanako@example.jp').label).toEqual({ key: 'sendCode.resendIn', seconds: 60 });
  });

  it('a wrong code keeps the newcomer on step 1 with the server’s sentence on the code', async () => {
    const { actor, verify, calls } = start({ failCode: true });
    verify();
    await flush();
    expect(calls).toEqual([
      { name: 'verifyCode', input: { email: 'hanako@example.jp', code: '123456', acceptTerms: true } },
    ]);
    expect(actor.getSnapshot().value).toEqual({ verifyingEmail: 'editing' });
    expect(selectRegisterRefusals(actor.getSnapshot())).toEqual(wrongCode.fields);
    verify();
    expect(selectRegisterRefusals(actor.getSnapshot())).toEqual({});
  });

  it('step 2 registers the verified address with the trimmed name and agent code, and tracks it', async () => {
    const { actor, verify, calls, tracked } = start({ agentCode: ' AG1234 ' });
    expect(selectInvitedAgentCode(actor.getSnapshot())).toBe('AG1234');
    verify();
    await flush();
    expect(selectRegisterStep(actor.getSnapshot())).toBe(2);
    expect(selectVerifiedEmail(actor.getSnapshot())).toBe('hanako@example.jp');
    actor.send({ type: 'account.submit', account: ' hanako7 ', password: 'Sakura-2024', agentCode: ' AG1234 ' });
    expect(await toPromise(actor)).toEqual({ token: 'tok-new' });
    expect(calls.at(-1)).toEqual({
      name: 'createAccount',
      input: { account: 'hanako7', email: 'hanako@example.jp', password: 'Sakura-2024', agentCode: 'AG1234' },
    });
    expect(tracked).toEqual(['registration']);
  });

  it('a taken name stays on step 2 with the server’s sentence on the name', async () => {
    const { actor, verify, tracked } = start({ takenName: true });
    verify();
    await flush();
    actor.send({ type: 'account.submit', account: 'hanako7', password: 'Sakura-2024', agentCode: '' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ choosingAccount: 'editing' });
    expect(selectRegisterRefusals(actor.getSnapshot())).toEqual(nameTaken.fields);
    expect(tracked).toEqual([]);
  });

  it('going back from step 2 offers a new code, and leaves the refusals behind', async () => {
    const { actor, verify, button } = start({ takenName: true });
    verify();
    await flush();
    actor.send({ type: 'account.submit', account: 'hanako7', password: 'Sakura-2024', agentCode: '' });
    await flush();
    actor.send({ type: 'step.back' });
    expect(actor.getSnapshot().value).toEqual({ verifyingEmail: 'editing' });
    expect(selectRegisterRefusals(actor.getSnapshot())).toEqual({});
    expect(button('hanako@example.jp')).toEqual({ enabled: true, busy: false, label: { key: 'sendCode.send' } });
  });
});
