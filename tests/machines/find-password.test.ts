import { selectCaptchaView } from '@machines/captcha.machine';
import {
  type FindPasswordNotice,
  findPasswordMachine,
  selectFindPasswordCaptchaFlow,
  selectFindPasswordCaptchaUuid,
  selectFindPasswordRefusals,
  selectFindPasswordStep,
  selectRecoveringAccount,
} from '@machines/find-password.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { codeRefused, findPasswordModel, wrongCaptcha } from '../models/find-password.model';
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
        expect(selectRecoveringAccount(live)).toEqual(selectRecoveringAccount(model));
        expect(selectFindPasswordCaptchaUuid(live)).toEqual(selectFindPasswordCaptchaUuid(model));
        expect(selectFindPasswordRefusals(live)).toEqual(selectFindPasswordRefusals(model));
      });
    });
  }
});

describe('find-password rules', () => {
  function start(options: { refuseRequest?: boolean; refuseReset?: boolean } = {}) {
    const notices: FindPasswordNotice[] = [];
    const calls: { name: string; input: unknown }[] = [];
    const captchas = countedCaptchas();
    const actor = createActor(
      findPasswordMachine.provide({
        actors: {
          captcha: captchas.logic,
          requestResetCode: fromPromise(async ({ input }) => {
            calls.push({ name: 'requestResetCode', input });
            if (options.refuseRequest) throw wrongCaptcha;
          }),
          resetPassword: fromPromise(async ({ input }) => {
            calls.push({ name: 'resetPassword', input });
            if (options.refuseReset) throw codeRefused;
          }),
        },
        actions: { notify: (_, params) => void notices.push(params.message) },
      }),
    ).start();
    const identify = () => actor.send({ type: 'account.submit', account: ' hanako7 ', qrcode: ' k7PQ ' });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, notices, calls, identify, settle, captchasDrawn: captchas.drawn };
  }

  it('is not sent without a captcha to answer', () => {
    const { actor, identify, calls } = start();
    expect(selectFindPasswordCaptchaUuid(actor.getSnapshot())).toBeNull();
    identify();
    expect(actor.getSnapshot().value).toEqual({ identifyingAccount: 'editing' });
    expect(calls).toEqual([]);
  });

  it('a refused request shows a new captcha and the server’s sentence on the answer', async () => {
    const { actor, settle, identify, calls } = start({ refuseRequest: true });
    await settle();
    identify();
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
    expect(selectFindPasswordCaptchaUuid(actor.getSnapshot())).toBe('00000000-0000-4000-8000-000000000002');
    expect(selectFindPasswordRefusals(actor.getSnapshot())).toEqual(wrongCaptcha.fields);
  });

  it('back from step 2, step 1 has a new captcha: the request spent the old one', async () => {
    const { actor, settle, identify, captchasDrawn } = start();
    await settle();
    identify();
    await settle();
    actor.send({ type: 'step.back' });
    expect(selectFindPasswordCaptchaUuid(actor.getSnapshot())).toBeNull();
    await settle();
    expect(captchasDrawn()).toBe(2);
    expect(selectFindPasswordCaptchaUuid(actor.getSnapshot())).toBe('00000000-0000-4000-8000-000000000002');
  });

  it('a refused code stays on step 2 with the server’s sentence on the code', async () => {
    const { actor, settle, identify } = start({ refuseReset: true });
    await settle();
    identify();
    await settle();
    actor.send({ type: 'password.submit', qrcode: '123456', newPassword: 'Momiji-2025' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ choosingPassword: 'editing' });
    expect(selectFindPasswordRefusals(actor.getSnapshot())).toEqual(codeRefused.fields);
  });

  it('shows the tip, then sets the new password of the account named with the mailed code, then the success message', async () => {
    const { actor, settle, identify, calls, notices } = start();
    await settle();
    identify();
    await settle();
    expect(notices).toEqual(['findPassword.codeSent']);
    expect(selectFindPasswordStep(actor.getSnapshot())).toBe(2);
    expect(selectRecoveringAccount(actor.getSnapshot())).toBe('hanako7');
    actor.send({ type: 'password.submit', qrcode: ' 123456 ', newPassword: 'Momiji-2025' });
    await toPromise(actor);
    expect(calls.at(-1)).toEqual({
      name: 'resetPassword',
      input: { account: 'hanako7', newPassword: 'Momiji-2025', qrcode: '123456' },
    });
    expect(notices).toEqual(['findPassword.codeSent', 'findPassword.passwordReset']);
  });
});
