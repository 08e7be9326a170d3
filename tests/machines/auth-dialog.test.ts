import {
  type AuthDialogInput,
  authDialogMachine,
  selectFindPasswordFlow,
  selectLoginFlow,
  selectRegisterFlow,
  sessionLinks,
} from '@machines/auth-dialog.machine';
import { findPasswordMachine } from '@machines/find-password.machine';
import { type LoginPreference, loginMachine, type SignInAnswer } from '@machines/login.machine';
import { registerMachine } from '@machines/register.machine';
import { sendCodeMachine } from '@machines/send-code.machine';
import { isAuthDialogOpen, newcomerPage, type SessionProfile, sessionMachine } from '@machines/session.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authDialogModels } from '../models/auth-dialog.model';
import { countedCaptchas } from './counted-captchas';
import { modelPaths, replayPath } from './model-paths';

describe('auth-dialog machine model', () => {
  for (const model of authDialogModels) {
    const label = model.input?.credential ? '[back from LINE]' : '[plain]';
    const paths = modelPaths(model);

    it(`reaches every state ${label}`, () => {
      const reached = new Set(paths.map((p) => p.endState));
      for (const state of [
        '"closed"',
        '{"open":"signingIn"}',
        '{"open":"registering"}',
        '{"open":"recoveringPassword"}',
      ]) {
        expect(reached).toContain(state);
      }
    });

    for (const { path, description } of paths) {
      it(`replays ${label} ${description}`, async () => {
        await replayPath(model, path, (live, model) =>
          expect(live.context.credential).toEqual(model.context.credential),
        );
      });
    }
  }
});

describe('auth dialog with the session actor', () => {
  const profile: SessionProfile = {
    user: {
      userId: 7,
      username: 'hanako7',
      email: 'hanako@example.jp',
      nickname: null,
      phone: null,
      firstName: null,
      lastName: null,
      pinyinName: null,
      balance: 0,
      lastLoginAt: null,
      registeredAt: '2026-11-01T00:00:00.000Z',
      isAgent: false,
      hasPassword: true,
      hasPayPassword: false,
      kycStatus: 'notSubmitted',
    },
    isAgent: false,
    homePage: 'home',
  };

  function start(input: AuthDialogInput = {}) {
    const stored: string[] = [];
    const visited: string[] = [];
    const session = createActor(
      sessionMachine.provide({
        actors: {
          loadProfile: fromPromise(async () => profile),
          revokeSession: fromPromise(async () => {}),
        },
        actions: {
          storeToken: (_, params) => void stored.push(params.token),
          continueTo: (_, params) => void visited.push(params.target),
        },
      }),
      { input: { storedToken: null } },
    ).start();
    const links = sessionLinks(session);
    const forgotten: string[] = [];
    const dialog = createActor(
      authDialogMachine.provide({
        actors: {
          followSession: links.followSession,
          loginFlow: loginMachine.provide({
            actors: {
              loadPreference: fromPromise<LoginPreference>(async () => ({ remember: true, account: '' })),
              captcha: countedCaptchas().logic,
              signIn: fromPromise(async (): Promise<SignInAnswer> => ({ token: 'tok-login' })),
              signInWithProvider: fromPromise(async ({ input }) => ({ token: `tok-${input.event}` })),
            },
          }),
          registerFlow: registerMachine.provide({
            actors: {
              sendCodeFlow: sendCodeMachine.provide({ actors: { requestCode: fromPromise(async () => {}) } }),
              verifyCode: fromPromise(async () => {}),
              createAccount: fromPromise(async () => ({ token: 'tok-register' })),
            },
          }),
          findPasswordFlow: findPasswordMachine.provide({
            actors: {
              captcha: countedCaptchas().logic,
              requestResetCode: fromPromise(async () => {}),
              resetPassword: fromPromise(async () => {}),
            },
          }),
        },
        actions: {
          signIn: links.signIn,
          close: links.close,
          forgetCredential: () => void forgotten.push('credential'),
        },
      }),
      { input },
    ).start();
    return { session, dialog, stored, visited, forgotten };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('runs the flow of the view the session shows, afresh on every switch', () => {
    const { session, dialog } = start();
    expect(dialog.getSnapshot().value).toBe('closed');
    session.send({ type: 'authDialog.show', view: 'login', target: '/user/record' });
    const firstLogin = selectLoginFlow(dialog.getSnapshot());
    expect(firstLogin).toBeDefined();
    session.send({ type: 'authDialog.show', view: 'register' });
    expect(selectLoginFlow(dialog.getSnapshot())).toBeUndefined();
    expect(selectRegisterFlow(dialog.getSnapshot())).toBeDefined();
    session.send({ type: 'authDialog.show', view: 'login' });
    expect(selectLoginFlow(dialog.getSnapshot())).not.toBe(firstLogin);
    session.send({ type: 'authDialog.close' });
    expect(dialog.getSnapshot().value).toBe('closed');
  });

  it('a successful sign-in hands the token to the session, which closes the dialog and loads the profile', async () => {
    const { session, dialog, stored } = start();
    session.send({ type: 'authDialog.show', view: 'login', target: '/user/record' });
    await settle();
    selectLoginFlow(dialog.getSnapshot())!.send({
      type: 'form.submit',
      account: 'hanako7',
      password: 'Sakura-2024',
      qrcode: 'k7PQ',
      remember: true,
    });
    await waitFor(session, (snapshot) => snapshot.matches('signedIn'));
    expect(stored).toEqual(['tok-login']);
    expect(dialog.getSnapshot().value).toBe('closed');
    expect(isAuthDialogOpen(session.getSnapshot())).toBe(false);
  });

  it('a new account signs in and takes the newcomer to the user centre, where the first steps are', async () => {
    const { session, dialog, stored, visited } = start();
    session.send({ type: 'authDialog.show', view: 'register' });
    await settle();
    const flow = selectRegisterFlow(dialog.getSnapshot())!;
    flow.send({ type: 'email.submit', email: 'hanako@example.jp', code: '123456', acceptTerms: true });
    await settle();
    flow.send({ type: 'account.submit', account: 'hanako7', password: 'Sakura-2024!', agentCode: '' });
    await waitFor(session, (snapshot) => snapshot.matches('signedIn'));
    expect(stored).toEqual(['tok-register']);
    expect(visited).toEqual([newcomerPage]);
    expect(dialog.getSnapshot().value).toBe('closed');
  });

  it('a sign-in with an existing account stays where the player was', async () => {
    const { session, dialog, visited } = start();
    session.send({ type: 'authDialog.show', view: 'login' });
    await settle();
    selectLoginFlow(dialog.getSnapshot())!.send({
      type: 'form.submit',
      account: 'hanako7',
      password: 'Sakura-2024',
      qrcode: 'k7PQ',
      remember: true,
    });
    await waitFor(session, (snapshot) => snapshot.matches('signedIn'));
    expect(visited).toEqual([]);
  });

  it('a recovered password closes the dialog through the session', async () => {
    const { session, dialog } = start();
    session.send({ type: 'authDialog.show', view: 'findPassword' });
    await settle();
    const flow = selectFindPasswordFlow(dialog.getSnapshot())!;
    flow.send({ type: 'account.submit', account: 'hanako7', qrcode: 'k7PQ' });
    await settle();
    flow.send({ type: 'password.submit', qrcode: '123456', newPassword: 'Momiji-2025' });
    await waitFor(session, (snapshot) => !isAuthDialogOpen(snapshot));
    expect(session.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(dialog.getSnapshot().value).toBe('closed');
  });

  it('a credential from a provider page is used by the first login flow only', async () => {
    const { session, dialog, stored, forgotten } = start({ credential: { provider: 'line', token: 'line-code' } });
    session.send({ type: 'authDialog.show', view: 'register' });
    session.send({ type: 'authDialog.show', view: 'login' });
    await waitFor(session, (snapshot) => snapshot.matches('signedIn'));
    expect(stored).toEqual(['tok-line']);
    expect(dialog.getSnapshot().context.credential).toBeNull();
    expect(forgotten).toEqual(['credential']);
  });
});
