import { captchaMachine, selectCaptchaView } from '@machines/captcha.machine';
import {
  type LoginPreference,
  loginMachine,
  type SignInValues,
  selectEnteringCode,
  selectLoginCaptchaFlow,
  selectLoginCaptchaUuid,
  selectLoginPreference,
  selectLoginRefusals,
  selectSigningInWith,
} from '@machines/login.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { codeRefused, loginModels, wrongPassword } from '../models/login.model';
import { countedCaptchas } from './counted-captchas';
import { modelPaths, replayPath } from './model-paths';

describe('login machine model', () => {
  for (const model of loginModels) {
    const fromLine = Boolean(model.input?.credential);
    const label = fromLine ? '[back from LINE]' : '[plain]';
    const paths = modelPaths(model);

    it(`reaches every state ${label}`, () => {
      const reached = new Set(paths.map((p) => p.endState));
      for (const state of [
        '"restoringPreference"',
        '"editing"',
        '"signingIn"',
        '"signingInWithProvider"',
        '"signedIn"',
        '"enteringCode"',
        '"checkingCode"',
      ]) {
        expect(reached).toContain(state);
      }
    });

    for (const { path, description } of paths) {
      it(`replays ${label} ${description}`, async () => {
        await replayPath(model, path, (live, model) => {
          expect(selectLoginPreference(live)).toEqual(selectLoginPreference(model));
          expect(selectLoginRefusals(live)).toEqual(selectLoginRefusals(model));
          expect(selectLoginCaptchaUuid(live)).toEqual(selectLoginCaptchaUuid(model));
        });
      });
    }
  }
});

describe('login rules', () => {
  function start(
    options: {
      preference?: LoginPreference;
      failSignIn?: boolean;
      captchaOffline?: boolean;
      askCode?: boolean;
      providerAsksCode?: boolean;
      input?: Parameters<typeof loginMachine.provide>[0] extends never ? never : object;
    } = {},
  ) {
    const effects: string[] = [];
    const calls: { name: string; input: unknown }[] = [];
    const captchas = countedCaptchas();
    const actor = createActor(
      loginMachine.provide({
        actors: {
          loadPreference: fromPromise(async () => options.preference ?? { remember: true, account: '' }),
          captcha: options.captchaOffline
            ? captchaMachine.provide({
                actors: { fetchCaptcha: fromPromise(() => Promise.reject(new Error('offline'))) },
              })
            : captchas.logic,
          signIn: fromPromise(async ({ input }) => {
            calls.push({ name: 'signIn', input });
            if (options.failSignIn) throw wrongPassword;
            return options.askCode ? { appKeyTicket: 'ticket-1' } : { token: 'tok-1' };
          }),
          signInWithAppKey: fromPromise(async ({ input }) => {
            calls.push({ name: 'signInWithAppKey', input });
            if (input.totpCode !== '287082') throw codeRefused;
            return { token: 'tok-4' };
          }),
          signInWithProvider: fromPromise(async ({ input }) => {
            calls.push({ name: 'signInWithProvider', input });
            return options.providerAsksCode ? { appKeyTicket: 'ticket-2' } : { token: 'tok-3' };
          }),
        },
        actions: {
          savePreference: (_, params) => void effects.push(`save:${params.remember}:${params.account}`),
          clearToken: () => void effects.push('clearToken'),
          redirectToProvider: (_, params) => void effects.push(`redirect:${params.provider}`),
        },
      }),
      { input: options.input ?? {} },
    ).start();
    const submit = (values: Partial<SignInValues> = {}) =>
      actor.send({
        type: 'form.submit',
        account: 'hanako7',
        password: 'Sakura-2024',
        qrcode: 'k7PQ',
        remember: true,
        ...values,
      });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, effects, calls, submit, settle, captchaCount: captchas.drawn };
  }

  it('restores the remembered account name for the form, never a password', async () => {
    const { actor, settle } = start({ preference: { remember: true, account: 'hanako7' } });
    expect(selectLoginPreference(actor.getSnapshot())).toBeNull();
    await settle();
    expect(selectLoginPreference(actor.getSnapshot())).toEqual({ remember: true, account: 'hanako7' });
  });

  it('a preference without "remember" restores no account name', async () => {
    const { actor, settle } = start({ preference: { remember: false, account: 'hanako7' } });
    await settle();
    expect(selectLoginPreference(actor.getSnapshot())).toEqual({ remember: false, account: '' });
  });

  it('is not sent without a captcha to answer', async () => {
    const { actor, settle, submit, calls } = start({ captchaOffline: true });
    await settle();
    submit();
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(calls).toEqual([]);
  });

  it('a failed sign-in clears the token, fetches a new captcha and keeps the server’s sentence for its field', async () => {
    const { actor, settle, submit, effects, calls, captchaCount } = start({ failSignIn: true });
    await settle();
    expect(selectCaptchaView(selectLoginCaptchaFlow(actor.getSnapshot())!.getSnapshot())).toEqual({
      status: 'shown',
      img: 'data:image/gif;base64,R0lG1',
    });
    submit({ account: ' hanako7 ', password: 'wrong-password', qrcode: ' k7PQ ' });
    expect(selectLoginRefusals(actor.getSnapshot())).toEqual({});
    await settle();
    await settle();
    expect(calls).toEqual([
      {
        name: 'signIn',
        input: {
          account: 'hanako7',
          password: 'wrong-password',
          uuid: '00000000-0000-4000-8000-000000000001',
          qrcode: 'k7PQ',
          remember: true,
        },
      },
    ]);
    expect(effects).toEqual(['clearToken']);
    expect(captchaCount()).toBe(2);
    expect(selectCaptchaView(selectLoginCaptchaFlow(actor.getSnapshot())!.getSnapshot())).toEqual({
      status: 'shown',
      img: 'data:image/gif;base64,R0lG2',
    });
    expect(selectLoginCaptchaUuid(actor.getSnapshot())).toBe('00000000-0000-4000-8000-000000000002');
    expect(selectLoginRefusals(actor.getSnapshot())).toEqual(wrongPassword.fields);
    submit();
    expect(selectLoginRefusals(actor.getSnapshot())).toEqual({});
  });

  it('success keeps the account name when "remember" is ticked and hands the token on', async () => {
    const { actor, settle, submit, effects } = start();
    await settle();
    submit({ account: ' hanako7 ' });
    expect(await toPromise(actor)).toEqual({ token: 'tok-1' });
    expect(effects).toEqual(['save:true:hanako7']);
  });

  it('without "remember" the session is short and the stored name is dropped', async () => {
    const { actor, settle, submit, effects, calls } = start();
    await settle();
    submit({ remember: false });
    await toPromise(actor);
    expect(calls[0]?.input).toMatchObject({ remember: false });
    expect(effects).toEqual(['save:false:hanako7']);
  });

  it('a page back from LINE exchanges the code at once, with the agent code', async () => {
    const { actor, calls } = start({
      input: { credential: { provider: 'line', token: 'line-code' }, agentCode: 'AG1234' },
    });
    expect(await toPromise(actor)).toEqual({ token: 'tok-3' });
    expect(calls).toEqual([
      { name: 'signInWithProvider', input: { event: 'line', token: 'line-code', agentCode: 'AG1234' } },
    ]);
  });

  it('a Google credential is exchanged by the server; LINE leaves for its sign-in page', async () => {
    const { actor, settle, calls, effects } = start();
    await settle();
    actor.send({ type: 'provider.redirect', provider: 'line' });
    expect(effects).toEqual(['redirect:line']);
    actor.send({ type: 'provider.signIn', credential: { provider: 'google', token: 'id-token' } });
    expect(selectSigningInWith(actor.getSnapshot())).toBe('google');
    expect(await toPromise(actor)).toEqual({ token: 'tok-3' });
    expect(calls).toEqual([
      { name: 'signInWithProvider', input: { event: 'google', token: 'id-token', agentCode: '' } },
    ]);
  });

  it('asks for the app key code after a right password, and signs in with a right one (§14.3)', async () => {
    const { actor, settle, submit, effects, calls } = start({ askCode: true });
    await settle();
    submit();
    await settle();
    expect(selectEnteringCode(actor.getSnapshot())).toBe(true);
    expect(effects).toEqual([]);
    actor.send({ type: 'code.submit', totpCode: '000000' });
    await settle();
    expect(actor.getSnapshot().value).toBe('enteringCode');
    expect(selectLoginRefusals(actor.getSnapshot())).toEqual(codeRefused.fields);
    actor.send({ type: 'code.submit', totpCode: ' 287082 ' });
    expect(selectLoginRefusals(actor.getSnapshot())).toEqual({});
    expect(await toPromise(actor)).toEqual({ token: 'tok-4' });
    expect(calls.filter((call) => call.name === 'signInWithAppKey').map((call) => call.input)).toEqual([
      { appKeyTicket: 'ticket-1', totpCode: '000000' },
      { appKeyTicket: 'ticket-1', totpCode: '287082' },
    ]);
    expect(effects).toEqual(['save:true:hanako7']);
  });

  it('asks for the app key code after Google or LINE too, and keeps no preference then (§14.3)', async () => {
    const { actor, settle, submit, effects, calls } = start({ providerAsksCode: true, failSignIn: true });
    await settle();
    // A refused password first: its form is not what the provider's sign-in keeps.
    submit({ account: 'someone-else' });
    await settle();
    await settle();
    actor.send({ type: 'provider.signIn', credential: { provider: 'google', token: 'id-token' } });
    await settle();
    expect(selectEnteringCode(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.credential).toBeNull();
    actor.send({ type: 'code.submit', totpCode: '287082' });
    expect(await toPromise(actor)).toEqual({ token: 'tok-4' });
    expect(calls.filter((call) => call.name === 'signInWithAppKey').map((call) => call.input)).toEqual([
      { appKeyTicket: 'ticket-2', totpCode: '287082' },
    ]);
    expect(effects).toEqual(['clearToken']);
  });

  it('a page back from LINE asks for the code when the player turned it on', async () => {
    const { actor, settle } = start({
      providerAsksCode: true,
      input: { credential: { provider: 'line', token: 'line-code' } },
    });
    await settle();
    await settle();
    expect(selectEnteringCode(actor.getSnapshot())).toBe(true);
  });

  it('going back from the code step shows the form with a fresh captcha', async () => {
    const { actor, settle, submit, captchaCount } = start({ askCode: true });
    await settle();
    submit();
    await settle();
    actor.send({ type: 'code.cancel' });
    expect(selectLoginCaptchaUuid(actor.getSnapshot())).toBeNull();
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.appKeyTicket).toBeNull();
    expect(captchaCount()).toBe(2);
  });
});
