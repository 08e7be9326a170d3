import { operatorSignInForm } from '@contract/admin';
import { selectCaptchaView } from '@machines/captcha.machine';
import {
  type OperatorSession,
  type OperatorSignInRequest,
  operatorSignInMachine,
  selectOperatorCaptchaFlow,
  selectOperatorCaptchaShown,
  selectOperatorSignInAlert,
  selectOperatorSignInRefusals,
  selectOperatorSignInStage,
} from '@machines/operator-sign-in.machine';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { captchaUuid, operatorSignInModel, refused, session } from '../models/operator-sign-in.model';
import { countedCaptchas } from './counted-captchas';
import { modelPaths, replayPath } from './model-paths';

describe('operator sign-in machine model', () => {
  const reached = new Set<string>();
  const paths = modelPaths(operatorSignInModel);
  for (const { endState } of paths) reached.add(endState);
  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(operatorSignInModel, path, (live, model) => {
        expect(selectOperatorSignInRefusals(live)).toEqual(selectOperatorSignInRefusals(model));
        expect(selectOperatorSignInAlert(live)).toEqual(selectOperatorSignInAlert(model));
        expect(live.context.captchaUuid).toEqual(model.context.captchaUuid);
      });
    });
  }

  it('reaches every state', () => {
    expect([...reached].sort()).toEqual(['"editing"', '"signedIn"', '"signingIn"']);
  });
});

describe('operator sign-in rules', () => {
  const typed = { account: ' deskone ', password: ' pass ', captcha: ' k7PQ ', totpCode: ' 654321 ' };

  function start(fail?: unknown) {
    const calls: OperatorSignInRequest[] = [];
    const stored: OperatorSession[] = [];
    const captchas = countedCaptchas(captchaUuid);
    const actor = createActor(
      operatorSignInMachine.provide({
        actors: {
          captcha: captchas.logic,
          signIn: fromPromise(async ({ input }) => {
            calls.push(input);
            if (fail) throw fail;
            return session;
          }),
        },
        actions: { storeSession: (_, params) => void stored.push(params) },
      }),
    ).start();
    return { actor, calls, stored, captchasDrawn: captchas.drawn };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('the form asks for every field and a six-digit code', () => {
    const messages = (values: Record<string, string>) => {
      const result = v.safeParse(operatorSignInForm, values);
      const nested = result.success ? {} : (v.flatten(result.issues).nested ?? {});
      return Object.fromEntries(Object.entries(nested).map(([field, keys]) => [field, keys?.[0]]));
    };
    expect(messages({ account: ' ', password: '', captcha: '', totpCode: '12345' })).toEqual({
      account: 'validation.accountRequired',
      password: 'validation.passwordRequired',
      captcha: 'validation.captchaRequired',
      totpCode: 'validation.totpCode',
    });
    expect(messages(typed)).toEqual({});
    expect(v.parse(operatorSignInForm, typed)).toEqual({
      account: 'deskone',
      password: ' pass ',
      captcha: 'k7PQ',
      totpCode: '654321',
    });
  });

  it('does not send before a captcha is shown', () => {
    const { actor, calls } = start();
    expect(selectOperatorCaptchaShown(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'form.submit', ...typed });
    expect(selectOperatorSignInStage(actor.getSnapshot())).toBe('editing');
    expect(calls).toEqual([]);
  });

  it('sends trimmed values with the captcha shown and stores the session', async () => {
    const { actor, calls, stored } = start();
    await settle();
    actor.send({ type: 'form.submit', ...typed });
    await settle();
    expect(calls).toEqual([
      { account: 'deskone', password: ' pass ', uuid: `${captchaUuid}1`, qrcode: 'k7PQ', totpCode: '654321' },
    ]);
    expect(stored).toEqual([session]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it("after a refusal keeps the server's sentence on its field and draws a new captcha", async () => {
    const { actor, captchasDrawn } = start(refused);
    await settle();
    actor.send({ type: 'form.submit', ...typed });
    await settle();
    expect(selectOperatorSignInStage(actor.getSnapshot())).toBe('editing');
    expect(captchasDrawn()).toBe(2);
    expect(selectCaptchaView(selectOperatorCaptchaFlow(actor.getSnapshot())!.getSnapshot())).toEqual({
      status: 'shown',
      img: 'data:image/gif;base64,R0lG2',
    });
    const first = selectOperatorSignInRefusals(actor.getSnapshot());
    expect(first).toEqual({ totpCode: refused.message });
    expect(selectOperatorSignInAlert(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'form.submit', ...typed });
    expect(selectOperatorSignInRefusals(actor.getSnapshot())).toEqual({});
    await settle();
    // The same sentence again is a new refusal, which the view puts back on its field.
    expect(selectOperatorSignInRefusals(actor.getSnapshot())).toEqual(first);
    expect(selectOperatorSignInRefusals(actor.getSnapshot())).not.toBe(first);
  });

  it('names the captcha answer by its field, and shows a refusal naming no field above the form', async () => {
    const captchaRefused = Object.assign(new Error('wrong'), { code: 400, fields: { qrcode: 'The code is wrong.' } });
    const first = start(captchaRefused);
    await settle();
    first.actor.send({ type: 'form.submit', ...typed });
    await settle();
    expect(selectOperatorSignInRefusals(first.actor.getSnapshot())).toEqual({ captcha: 'The code is wrong.' });
    const second = start(Object.assign(new Error('Too many tries.'), { code: 429 }));
    await settle();
    second.actor.send({ type: 'form.submit', ...typed });
    await settle();
    expect(selectOperatorSignInRefusals(second.actor.getSnapshot())).toEqual({});
    expect(selectOperatorSignInAlert(second.actor.getSnapshot())).toBe('Too many tries.');
  });
});
