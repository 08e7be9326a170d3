import {
  registerMachine,
  selectRegisterErrors,
  selectRegisterPasswordStrength,
  selectRegisterStep,
  selectSendCodeFlow,
} from '@machines/register.machine';
import { selectSendCodeButton, sendCodeMachine } from '@machines/send-code.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { registerModel } from '../models/register.model';
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
        expect(live.context.values).toEqual(model.context.values);
        expect(selectRegisterErrors(live)).toEqual(selectRegisterErrors(model));
      });
    });
  }
});

describe('register rules', () => {
  function start(options: { agentCode?: string; failCode?: boolean } = {}) {
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
            if (options.failCode) throw new Error('wrong code');
          }),
          createAccount: fromPromise(async ({ input }) => {
            calls.push({ name: 'createAccount', input });
            return { token: 'tok-new' };
          }),
        },
        actions: { trackRegistration: () => void tracked.push('registration') },
      }),
      { input: { agentCode: options.agentCode ?? null } },
    ).start();
    const change = (field: string, value: string | boolean) =>
      actor.send({ type: 'field.changed', field, value } as never);
    return { actor, calls, tracked, change };
  }

  it('step 1 names every missing field and the unticked agreement', () => {
    const { actor } = start();
    actor.send({ type: 'form.submit' });
    expect(selectRegisterErrors(actor.getSnapshot())).toEqual({
      email: { key: 'validation.required', values: { field: 'email' } },
      code: { key: 'validation.required', values: { field: 'code' } },
      acceptTerms: { key: 'validation.acceptTerms', values: { field: 'acceptTerms' } },
    });
    expect(selectRegisterStep(actor.getSnapshot())).toBe(1);
  });

  it('after a refused submit, messages follow the input', () => {
    const { actor, change } = start();
    change('email', 'hanako@');
    expect(selectRegisterErrors(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'form.submit' });
    expect(selectRegisterErrors(actor.getSnapshot()).email?.key).toBe('validation.email');
    change('email', 'hanako@example.jp');
    expect(selectRegisterErrors(actor.getSnapshot()).email).toBeUndefined();
  });

  it('checks the address before a code is sent, and only then asks the server', async () => {
    const { actor, calls, change } = start();
    const button = () => selectSendCodeButton(selectSendCodeFlow(actor.getSnapshot())!.getSnapshot());
    expect(button().enabled).toBe(false);
    change('email', 'hanako@example');
    expect(button().enabled).toBe(true);
    actor.send({ type: 'code.send' });
    await flush();
    expect(selectRegisterErrors(actor.getSnapshot()).email?.key).toBe('validation.email');
    expect(calls).toEqual([]);
    change('email', ' hanako@example.jp ');
    actor.send({ type: 'code.send' });
    await flush();
    expect(selectRegisterErrors(actor.getSnapshot()).email).toBeUndefined();
    expect(calls).toEqual([{ name: 'requestCode', input: { email: 'hanako@example.jp' } }]);
    expect(button().label).toEqual({ key: 'sendCode.resendIn', seconds: 60 });
  });

  it('a wrong code keeps the newcomer on step 1', async () => {
    const { actor, change, calls } = start({ failCode: true });
    change('email', 'hanako@example.jp');
    change('code', '654321');
    change('acceptTerms', true);
    actor.send({ type: 'form.submit' });
    await flush();
    expect(calls).toEqual([
      { name: 'verifyCode', input: { email: 'hanako@example.jp', code: '654321', acceptTerms: true } },
    ]);
    expect(actor.getSnapshot().value).toEqual({ verifyingEmail: 'editing' });
  });

  it('step 2 checks the name format, the password length and the confirmation, then registers and tracks it', async () => {
    const { actor, change, calls, tracked } = start({ agentCode: ' AG1234 ' });
    change('email', 'hanako@example.jp');
    change('code', '123456');
    change('acceptTerms', true);
    actor.send({ type: 'form.submit' });
    await flush();
    expect(selectRegisterStep(actor.getSnapshot())).toBe(2);
    expect(actor.getSnapshot().context.values.agentCode).toBe('AG1234');

    change('username', 'hanako_7');
    change('password', 'short');
    change('confirmPassword', 'other');
    actor.send({ type: 'form.submit' });
    expect(selectRegisterErrors(actor.getSnapshot())).toEqual({
      username: { key: 'validation.accountFormat', values: { field: 'username' } },
      password: { key: 'validation.passwordLength', values: { field: 'password', min: 8, max: 128 } },
      confirmPassword: { key: 'validation.passwordsMismatch', values: { field: 'confirmPassword' } },
    });
    change('password', 'Sakura-2024');
    expect(selectRegisterErrors(actor.getSnapshot()).confirmPassword).toEqual({
      key: 'validation.passwordsMismatch',
      values: { field: 'confirmPassword' },
    });
    expect(selectRegisterPasswordStrength(actor.getSnapshot())).toBe(4);
    change('confirmPassword', 'Sakura-2024');
    change('username', 'hanako7');
    expect(selectRegisterErrors(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'form.submit' });
    const output = await toPromise(actor);
    expect(output).toEqual({ token: 'tok-new' });
    expect(calls.at(-1)).toEqual({
      name: 'createAccount',
      input: { account: 'hanako7', email: 'hanako@example.jp', password: 'Sakura-2024', agentCode: 'AG1234' },
    });
    expect(tracked).toEqual(['registration']);
  });

  it('going back from step 2 asks for a new code and keeps the address', async () => {
    const { actor, change } = start();
    change('email', 'hanako@example.jp');
    change('code', '123456');
    change('acceptTerms', true);
    actor.send({ type: 'form.submit' });
    await flush();
    actor.send({ type: 'step.back' });
    expect(actor.getSnapshot().value).toEqual({ verifyingEmail: 'editing' });
    expect(actor.getSnapshot().context.values).toMatchObject({ email: 'hanako@example.jp', code: '' });
    const button = selectSendCodeButton(selectSendCodeFlow(actor.getSnapshot())!.getSnapshot());
    expect(button.enabled).toBe(true);
  });
});
