import { selectCaptchaView } from '@machines/captcha.machine';
import {
  type FindPasswordNotice,
  findPasswordMachine,
  selectFindPasswordCaptchaFlow,
  selectFindPasswordErrors,
  selectFindPasswordStep,
  selectNewPasswordStrength,
} from '@machines/find-password.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { findPasswordModel } from '../models/find-password.model';
import { countedCaptchas } from './counted-captchas';
import { modelPaths, replayPath } from './model-paths';

describe('find-password machine model', () => {
  const paths = modelPaths(findPasswordModel);

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const state of [
      '{"identifyingAccount":"editing"}',
      '{"identifyingAccount":"requestingCode"}',
      '{"choosingPassword":"editing"}',
      '{"choosingPassword":"resetting"}',
      '"passwordReset"',
    ]) {
      expect(reached).toContain(state);
    }
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(findPasswordModel, path, (live, model) => {
        expect(live.context.values).toEqual(model.context.values);
        expect(live.context.captchaUuid).toEqual(model.context.captchaUuid);
        expect(selectFindPasswordErrors(live)).toEqual(selectFindPasswordErrors(model));
      });
    });
  }
});

describe('find-password rules', () => {
  function start(options: { refuseRequest?: boolean } = {}) {
    const notices: FindPasswordNotice[] = [];
    const calls: { name: string; input: unknown }[] = [];
    const captchas = countedCaptchas();
    const actor = createActor(
      findPasswordMachine.provide({
        actors: {
          captcha: captchas.logic,
          requestResetCode: fromPromise(async ({ input }) => {
            calls.push({ name: 'requestResetCode', input });
            if (options.refuseRequest) throw new Error('wrong captcha');
          }),
          resetPassword: fromPromise(async ({ input }) => void calls.push({ name: 'resetPassword', input })),
        },
        actions: { notify: (_, params) => void notices.push(params.message) },
      }),
    ).start();
    const change = (field: string, value: string) => actor.send({ type: 'field.changed', field, value } as never);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, notices, calls, change, settle, captchasDrawn: captchas.drawn };
  }

  it('step 1 requires account and captcha', async () => {
    const { actor, settle } = start();
    await settle();
    actor.send({ type: 'form.submit' });
    expect(selectFindPasswordErrors(actor.getSnapshot())).toEqual({
      account: { key: 'validation.required', values: { field: 'account' } },
      captcha: { key: 'validation.required', values: { field: 'captcha' } },
    });
  });

  it('a refused request shows a new captcha and clears the old answer', async () => {
    const { actor, settle, change, calls } = start({ refuseRequest: true });
    await settle();
    change('account', 'hanako7');
    change('captcha', 'k7PQ');
    actor.send({ type: 'form.submit' });
    await settle();
    await settle();
    expect(calls).toEqual([
      {
        name: 'requestResetCode',
        input: { account: 'hanako7', qrcode: 'k7PQ', uuid: '00000000-0000-4000-8000-000000000001' },
      },
    ]);
    expect(selectCaptchaView(selectFindPasswordCaptchaFlow(actor.getSnapshot())!.getSnapshot())).toEqual({
      status: 'shown',
      img: 'data:image/gif;base64,R0lG2',
    });
    expect(actor.getSnapshot().context.values.captcha).toBe('');
    expect(selectFindPasswordErrors(actor.getSnapshot())).toEqual({});
  });

  it('back from step 2, step 1 has a new captcha: the request spent the old one', async () => {
    const { actor, settle, change, captchasDrawn } = start();
    await settle();
    change('account', 'hanako7');
    change('captcha', 'k7PQ');
    actor.send({ type: 'form.submit' });
    await settle();
    actor.send({ type: 'step.back' });
    await settle();
    expect(captchasDrawn()).toBe(2);
    expect(actor.getSnapshot().context).toMatchObject({
      captchaUuid: '00000000-0000-4000-8000-000000000002',
      values: { account: 'hanako7', captcha: '' },
    });
  });

  it('shows the tip, then takes the mailed code and a confirmed new password, then the success message', async () => {
    const { actor, settle, change, calls, notices } = start();
    await settle();
    change('account', ' hanako7 ');
    change('captcha', 'k7PQ');
    actor.send({ type: 'form.submit' });
    await settle();
    expect(notices).toEqual(['findPassword.codeSent']);
    expect(selectFindPasswordStep(actor.getSnapshot())).toBe(2);

    actor.send({ type: 'form.submit' });
    expect(selectFindPasswordErrors(actor.getSnapshot())).toEqual({
      code: { key: 'validation.required', values: { field: 'code' } },
      newPassword: { key: 'validation.required', values: { field: 'newPassword' } },
      confirmPassword: { key: 'validation.required', values: { field: 'confirmPassword' } },
    });
    change('code', '123456');
    change('newPassword', 'Momiji-2025');
    change('confirmPassword', 'Momiji-2024');
    expect(selectFindPasswordErrors(actor.getSnapshot())).toEqual({
      confirmPassword: { key: 'validation.passwordsMismatch', values: { field: 'confirmPassword' } },
    });
    expect(selectNewPasswordStrength(actor.getSnapshot())).toBe(4);
    change('confirmPassword', 'Momiji-2025');
    actor.send({ type: 'form.submit' });
    await toPromise(actor);
    expect(calls.at(-1)).toEqual({
      name: 'resetPassword',
      input: { account: 'hanako7', newPassword: 'Momiji-2025', qrcode: '123456' },
    });
    expect(notices).toEqual(['findPassword.codeSent', 'findPassword.passwordReset']);
  });
});
