import {
  isAuthDialogOpen,
  isSettled,
  newcomerPage,
  type SessionProfile,
  selectStatus,
  sessionMachine,
} from '@machines/session.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { profile, sessionModels } from '../models/session.model';
import { modelPaths, replayPath } from './model-paths';

describe('session machine model', () => {
  for (const model of sessionModels) {
    const stored = Boolean(model.input?.storedToken);
    const paths = modelPaths(model);

    it(`reaches every state from ${stored ? 'a stored token' : 'no token'}`, () => {
      const reached = new Set(paths.map((p) => p.endState));
      const expected = stored
        ? ['"loadingProfile"', '"signedIn"', '"signingOut"', '{"signedOut":"idle"}', '{"signedOut":"awaitingSignIn"}']
        : ['{"signedOut":"idle"}', '{"signedOut":"awaitingSignIn"}', '"loadingProfile"', '"signedIn"', '"signingOut"'];
      for (const state of expected) expect(reached).toContain(state);
    });

    for (const { path, description } of paths) {
      it(`replays ${stored ? '[stored token]' : '[no token]'} ${description}`, async () => {
        await replayPath(model, path);
      });
    }
  }
});

describe('session machine side effects', () => {
  function start(storedToken: string | null, loadProfile: () => Promise<SessionProfile>) {
    const effects: string[] = [];
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          loadProfile: fromPromise(loadProfile),
          revokeSession: fromPromise(async () => {
            effects.push('revoke');
          }),
        },
        actions: {
          storeToken: (_, params) => void effects.push(`store:${params.token}`),
          clearToken: () => void effects.push('clear'),
          goHome: () => void effects.push('home'),
          continueTo: (_, params) => void effects.push(`continue:${params.target}`),
        },
      }),
      { input: { storedToken } },
    ).start();
    return { actor, effects };
  }
  const settled = (actor: ReturnType<typeof start>['actor']) =>
    new Promise<void>((resolve) => {
      const check = () => isSettled(actor.getSnapshot()) && resolve();
      actor.subscribe(check);
      check();
    });

  it('a failed profile load clears the token and marks the failure for the guard', async () => {
    const { actor, effects } = start('expired', () => Promise.reject(new Error('401')));
    await settled(actor);
    expect(selectStatus(actor.getSnapshot())).toBe('signedOut');
    expect(actor.getSnapshot().context.profileLoadFailed).toBe(true);
    expect(effects).toEqual(['clear']);
  });

  it('sign-in stores the token (empty when missing), closes the dialog and continues to the held page', async () => {
    const { actor, effects } = start(null, () => Promise.resolve(profile));
    actor.send({ type: 'authDialog.show', view: 'login', target: '/user/record' });
    expect(isAuthDialogOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'signIn.succeeded', token: undefined });
    expect(isAuthDialogOpen(actor.getSnapshot())).toBe(false);
    await settled(actor);
    expect(actor.getSnapshot().context.user?.username).toBe('taro7');
    expect(effects).toEqual(['store:', 'continue:/user/record']);
  });

  it('a newcomer just registered continues to the user centre and its first steps, unless a page was held', async () => {
    const newcomer = start(null, () => Promise.resolve(profile));
    newcomer.actor.send({ type: 'authDialog.show', view: 'register' });
    newcomer.actor.send({ type: 'signIn.succeeded', token: 't', registered: true });
    await settled(newcomer.actor);
    expect(newcomer.effects).toEqual(['store:t', `continue:${newcomerPage}`]);
    expect(newcomer.actor.getSnapshot().context.pendingTarget).toBeNull();

    const held = start(null, () => Promise.resolve(profile));
    held.actor.send({ type: 'authDialog.show', view: 'register', target: '/user/finance/deposit' });
    held.actor.send({ type: 'signIn.succeeded', token: 't', registered: true });
    await settled(held.actor);
    expect(held.effects).toEqual(['store:t', 'continue:/user/finance/deposit']);

    const returning = start(null, () => Promise.resolve(profile));
    returning.actor.send({ type: 'authDialog.show', view: 'login' });
    returning.actor.send({ type: 'signIn.succeeded', token: 't' });
    await settled(returning.actor);
    expect(returning.effects).toEqual(['store:t']);
  });

  it('closing the dialog forgets the held page', async () => {
    const { actor, effects } = start(null, () => Promise.resolve(profile));
    actor.send({ type: 'authDialog.show', view: 'login', target: '/user/record' });
    actor.send({ type: 'authDialog.close' });
    actor.send({ type: 'signIn.succeeded', token: 't' });
    await settled(actor);
    expect(effects).toEqual(['store:t']);
  });

  it('logout revokes, clears the token and user, and goes to the site root', async () => {
    const { actor, effects } = start('stored', () => Promise.resolve(profile));
    await settled(actor);
    actor.send({ type: 'logout' });
    await settled(actor);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(effects).toEqual(['revoke', 'clear', 'home']);
  });

  it('a pushed balance shows at once, and one during a profile load loads again so the older answer never wins', async () => {
    const answers = [
      { ...profile, user: { ...profile.user, balance: 1200 } },
      { ...profile, user: { ...profile.user, balance: 900 } },
    ];
    let loads = 0;
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const { actor } = start('stored', async () => {
      loads += 1;
      const answer = answers[loads - 1] ?? answers[1];
      if (loads === 1) await firstHeld;
      return answer as SessionProfile;
    });
    actor.send({ type: 'balance.changed', balance: 900 });
    releaseFirst();
    await settled(actor);
    expect(loads).toBe(2);
    expect(actor.getSnapshot().context.user?.balance).toBe(900);
    actor.send({ type: 'balance.changed', balance: 750 });
    expect(actor.getSnapshot().context.user?.balance).toBe(750);
    expect(loads).toBe(2);
  });
});
