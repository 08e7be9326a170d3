import { selectCaptchaView } from '@machines/captcha.machine';
import {
  type OperatorSession,
  type OperatorSignInField,
  type OperatorSignInRequest,
  operatorSignInMachine,
  selectOperatorCaptchaFlow,
  selectOperatorSignInMessages,
} from '@machines/operator-sign-in.machine';
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
        expect(selectOperatorSignInMessages(live)).toEqual(selectOperatorSignInMessages(model));
        expect(live.context.captchaUuid).toEqual(model.context.captchaUuid);
      });
    });
  }

  it('reaches every state', () => {
    expect([...reached].sort()).toEqual(['"editing"', '"signedIn"', '"signingIn"']);
  });
});

describe('operator sign-in rules', () => {
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
    const type = (field: OperatorSignInField, value: string) => actor.send({ type: 'field.changed', field, value });
    return { actor, calls, stored, type, captchasDrawn: captchas.drawn };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('refuses a code that is not six digits and a missing captcha answer without calling the server', async () => {
    const { actor, calls, type } = start();
    await settle();
    type('account', 'deskone');
    type('password', 'secret');
    type('totpCode', '12345');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(selectOperatorSignInMessages(actor.getSnapshot())).toEqual({
      captcha: { key: 'signIn.captchaRequired' },
      totpCode: { key: 'signIn.totpCodeFormat' },
    });
    expect(calls).toEqual([]);
  });

  it('sends trimmed values with the captcha shown and stores the session', async () => {
    const { actor, calls, stored, type } = start();
    await settle();
    type('account', ' deskone ');
    type('password', ' pass ');
    type('captcha', ' k7PQ ');
    type('totpCode', ' 654321 ');
    actor.send({ type: 'form.submit' });
    await settle();
    expect(calls).toEqual([
      { account: 'deskone', password: ' pass ', uuid: `${captchaUuid}1`, qrcode: 'k7PQ', totpCode: '654321' },
    ]);
    expect(stored).toEqual([session]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it("after a refusal shows only the server's sentence, with the code and captcha answer cleared and a new captcha", async () => {
    const { actor, type, captchasDrawn } = start(refused);
    await settle();
    type('account', 'deskone');
    type('password', 'pass');
    type('captcha', 'k7PQ');
    type('totpCode', '654321');
    actor.send({ type: 'form.submit' });
    await settle();
    expect(actor.getSnapshot().context.values).toEqual({
      account: 'deskone',
      password: 'pass',
      captcha: '',
      totpCode: '',
    });
    expect(captchasDrawn()).toBe(2);
    expect(selectCaptchaView(selectOperatorCaptchaFlow(actor.getSnapshot())!.getSnapshot())).toEqual({
      status: 'shown',
      img: 'data:image/gif;base64,R0lG2',
    });
    expect(selectOperatorSignInMessages(actor.getSnapshot())).toEqual({ totpCode: { text: refused.message } });
    type('totpCode', '1');
    expect(selectOperatorSignInMessages(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'form.submit' });
    expect(selectOperatorSignInMessages(actor.getSnapshot())).toEqual({
      captcha: { key: 'signIn.captchaRequired' },
      totpCode: { key: 'signIn.totpCodeFormat' },
    });
  });
});
