import { captchaMachine, selectCaptchaView } from '@machines/captcha.machine';
import {
  type LoginPreference,
  loginMachine,
  selectEnteringCode,
  selectLoginCaptchaFlow,
  selectLoginErrors,
  selectLoginValues,
  selectSigningInWith,
  selectTotpCodeInvalid,
} from '@machines/login.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { filled, loginModels } from '../models/login.model';
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
        ...(fromLine ? [] : ['"enteringCode"', '"checkingCode"']),
      ]) {
        expect(reached).toContain(state);
      }
    });

    for (const { path, description } of paths) {
      it(`replays ${label} ${description}`, async () => {
        await replayPath(model, path, (live, model) => {
          expect(filled(live)).toEqual(filled(model));
          expect(selectLoginErrors(live)).toEqual(selectLoginErrors(model));
          expect(live.context.captchaUuid).toEqual(model.context.captchaUuid);
          expect(live.context.totpCode).toEqual(model.context.totpCode);
          expect(selectTotpCodeInvalid(live)).toEqual(selectTotpCodeInvalid(model));
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
            if (options.failSignIn) throw new Error('wrong password');
            return options.askCode ? { appKeyTicket: 'ticket-1' } : { token: 'tok-1' };
          }),
          signInWithAppKey: fromPromise(async ({ input }) => {
            calls.push({ name: 'signInWithAppKey', input });
            if (input.totpCode !== '287082') throw new Error('code refused');
            return { token: 'tok-4' };
          }),
          signInWithProvider: fromPromise(async ({ input }) => {
            calls.push({ name: 'signInWithProvider', input });
            return { token: 'tok-3' };
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
    const change = (field: string, value: string | boolean) =>
      actor.send({ type: 'field.changed', field, value } as never);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, effects, calls, change, settle, captchaCount: captchas.drawn };
  }

  it('restores the remembered account name, never a password', async () => {
    const { actor, settle } = start({ preference: { remember: true, account: 'hanako7' } });
    await settle();
    expect(selectLoginValues(actor.getSnapshot())).toEqual({
      account: 'hanako7',
      password: '',
      captcha: '',
      remember: true,
    });
  });

  it('a preference without "remember" restores no account name', async () => {
    const { actor, settle } = start({ preference: { remember: false, account: 'hanako7' } });
    await settle();
    expect(selectLoginValues(actor.getSnapshot())).toMatchObject({ account: '', remember: false });
  });

  it("asks for account, password and captcha with 'please input {field}'", async () => {
    const { actor, settle, calls } = start();
    await settle();
    actor.send({ type: 'form.submit' });
    expect(selectLoginErrors(actor.getSnapshot())).toEqual({
      account: { key: 'validation.required', values: { field: 'account' } },
      password: { key: 'validation.required', values: { field: 'password' } },
      captcha: { key: 'validation.required', values: { field: 'captcha' } },
    });
    expect(calls).toEqual([]);
  });

  it('is not sent without a captcha to answer', async () => {
    const { actor, settle, change, calls } = start({ captchaOffline: true });
    await settle();
    change('account', 'hanako7');
    change('password', 'Sakura-2024');
    change('captcha', 'k7PQ');
    actor.send({ type: 'form.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(calls).toEqual([]);
  });

  it('a failed sign-in clears the token, fetches a new captcha and clears the old answer', async () => {
    const { actor, settle, change, effects, calls, captchaCount } = start({ failSignIn: true });
    await settle();
    expect(selectCaptchaView(selectLoginCaptchaFlow(actor.getSnapshot())!.getSnapshot())).toEqual({
      status: 'shown',
      img: 'data:image/gif;base64,R0lG1',
    });
    change('account', ' hanako7 ');
    change('password', 'wrong-password');
    change('captcha', 'k7PQ');
    actor.send({ type: 'form.submit' });
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
    expect(selectLoginValues(actor.getSnapshot())).toMatchObject({
      account: ' hanako7 ',
      password: 'wrong-password',
      captcha: '',
    });
  });

  it('success keeps the account name when "remember" is ticked and hands the token on', async () => {
    const { actor, settle, change, effects } = start();
    await settle();
    change('account', 'hanako7');
    change('password', 'Sakura-2024');
    change('captcha', 'k7PQ');
    actor.send({ type: 'form.submit' });
    expect(await toPromise(actor)).toEqual({ token: 'tok-1' });
    expect(effects).toEqual(['save:true:hanako7']);
  });

  it('without "remember" the session is short and the stored name is dropped', async () => {
    const { actor, settle, change, effects, calls } = start();
    await settle();
    change('account', 'hanako7');
    change('password', 'Sakura-2024');
    change('captcha', 'k7PQ');
    change('remember', false);
    actor.send({ type: 'form.submit' });
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
    const { actor, settle, change, effects, calls } = start({ askCode: true });
    await settle();
    change('account', 'hanako7');
    change('password', 'Sakura-2024');
    change('captcha', 'k7PQ');
    actor.send({ type: 'form.submit' });
    await settle();
    expect(selectEnteringCode(actor.getSnapshot())).toBe(true);
    expect(effects).toEqual([]);
    actor.send({ type: 'code.changed', value: '28708' });
    actor.send({ type: 'code.submit' });
    expect(selectTotpCodeInvalid(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().value).toBe('enteringCode');
    actor.send({ type: 'code.changed', value: '000000' });
    actor.send({ type: 'code.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('enteringCode');
    expect(actor.getSnapshot().context.totpCode).toBe('');
    actor.send({ type: 'code.changed', value: ' 287082 ' });
    actor.send({ type: 'code.submit' });
    expect(await toPromise(actor)).toEqual({ token: 'tok-4' });
    expect(calls.filter((call) => call.name === 'signInWithAppKey').map((call) => call.input)).toEqual([
      { appKeyTicket: 'ticket-1', totpCode: '000000' },
      { appKeyTicket: 'ticket-1', totpCode: '287082' },
    ]);
    expect(effects).toEqual(['save:true:hanako7']);
  });

  it('going back from the code step shows the form with a fresh captcha', async () => {
    const { actor, settle, change, captchaCount } = start({ askCode: true });
    await settle();
    change('account', 'hanako7');
    change('password', 'Sakura-2024');
    change('captcha', 'k7PQ');
    actor.send({ type: 'form.submit' });
    await settle();
    actor.send({ type: 'code.cancel' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.appKeyTicket).toBeNull();
    expect(selectLoginValues(actor.getSnapshot())).toMatchObject({ account: 'hanako7', captcha: '' });
    expect(captchaCount()).toBe(2);
  });
});
