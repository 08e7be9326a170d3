import { sessionMachine } from '@machines/session.machine';
import type { EventObject } from 'xstate';
import { apiCaller, captchaText, expect, pathOf, registeredPlayer, text, useLanguage } from './fixtures';
import { type Adapter, replayMachinePaths } from './machine-replay';

/**
 * The session and the route guard replayed as clicks (see machine-replay.ts): a signed-out visitor
 * follows a link to a protected page and gets the sign-in dialog, signs in and lands on that page,
 * signs out; a returning visitor's stored token is loaded; a token the server no longer accepts ends
 * the session at the page's next call.
 *
 * Outcomes come from the real server: the account signed in with is accepted and its profile loaded.
 * A failed network is the only condition the test makes itself (the request is aborted before it
 * leaves the browser).
 */

const locale = 'en-US';
const password = 'Session-Paths-2026!';
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const auth = (key: string) => text(locale, `auth:${key}`);
const offline = Object.assign(new Error('Failed to fetch'), { code: 0 });
/** A protected page the signed-out header links to. */
const protectedPath = '/amigo';

const accounts = new WeakMap<object, string>();

const outcomes = [
  { type: 'xstate.done.actor.loadProfile', output: { user: null, isAgent: false, homePage: 'home' } },
  { type: 'xstate.error.actor.loadProfile', error: offline },
  { type: 'xstate.done.actor.revokeSession' },
  { type: 'xstate.error.actor.revokeSession', error: offline },
];

function sessionAdapter(storedToken: boolean): Adapter {
  return {
    machine: sessionMachine,
    input: { storedToken: storedToken ? 'stored' : null },
    events: [
      { type: 'authDialog.show', view: 'login', target: protectedPath },
      { type: 'authDialog.show', view: 'register' },
      { type: 'authDialog.close' },
      { type: 'signIn.succeeded', token: 'issued' },
      { type: 'logout' },
      { type: 'session.ended' },
      { type: 'profile.reload' },
      ...outcomes,
    ] as EventObject[],
    serializeState: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.pendingTarget,
        snapshot.context.dialogView,
        snapshot.context.user !== null,
      ]),
    unsupported(step, previous) {
      const { type } = step.event;
      if (type === 'session.ended' && !previous.matches('signedIn'))
        return 'only a signed-in page holds a token for the server to refuse';
      if (type === 'profile.reload') return 'account pages reload the profile after a change; their replays take it';
      if (
        type === 'authDialog.show' &&
        step.event.target !== undefined &&
        previous.matches({ signedOut: 'awaitingSignIn' })
      )
        return 'the open dialog covers the links to protected pages';
      if (type === 'signIn.succeeded' && !previous.matches({ signedOut: 'awaitingSignIn' }))
        return 'signing in takes the dialog, which is closed';
      if (type === 'signIn.succeeded' && previous.context.dialogView !== 'login')
        return 'only the login view signs an existing account in';
      return null;
    },
    inFlight: ['loadingProfile', 'signingOut'],
    revokesToken: ['session.ended'],
    calls: { loadProfile: '/v2/app/user/info', revokeSession: '/v2/app/auth/logout' },
    networkFailures: ['loadProfile', 'revokeSession'],
    async start({ page, request }) {
      const call = apiCaller(request, locale);
      const player = await registeredPlayer(request, call, password);
      accounts.set(page, player.account);
      if (storedToken) await page.addInitScript((token) => localStorage.setItem('token', token), player.token);
      await useLanguage(page, locale);
      await page.goto('/game/notice');
    },
    async perform({ page, dialog, request }, step) {
      const { event } = step;
      switch (event.type) {
        case 'authDialog.show':
          if (event.target !== undefined)
            await page
              .getByRole('navigation', { name: text(locale, 'layout.gameMenu') })
              .getByRole('link', { name: text(locale, 'menu.gameHall') })
              .click();
          else if (await dialog.isVisible())
            await dialog.getByRole('tab', { name: text(locale, 'auth.register') }).click();
          else
            await page
              .getByRole('banner')
              .getByRole('button', { name: text(locale, 'auth.register') })
              .click();
          return;
        case 'authDialog.close':
          await page.keyboard.press('Escape');
          return;
        case 'signIn.succeeded':
          await dialog.getByRole('textbox', { name: auth('labels.account'), exact: true }).fill(accounts.get(page)!);
          await dialog.getByLabel(auth('labels.password'), { exact: true }).fill(password);
          await dialog.getByRole('textbox', { name: auth('labels.captcha'), exact: true }).fill(captchaText);
          await dialog.getByRole('button', { name: auth('login.submit') }).click();
          return;
        case 'session.ended': {
          // The token is revoked behind the page's back (as by a sign-out elsewhere); the next call that
          // needs it is refused and ends the session: opening the records, unless one of the header's
          // own refreshes is refused first and the user menu is gone.
          const token = await page.evaluate(() => localStorage.getItem('token'));
          await apiCaller(request, locale)('/v2/app/auth/logout', {}, { token: token ?? '' });
          const userMenu = page.getByRole('button', { name: new RegExp(text(locale, 'layout.userMenu')) });
          await userMenu
            .click({ timeout: 5_000 })
            .then(() => page.getByRole('menuitem', { name: text(locale, 'menu.record') }).click({ timeout: 5_000 }))
            .catch(() => expect(userMenu).toHaveCount(0));
          return;
        }
        case 'logout':
          await page.getByRole('button', { name: new RegExp(text(locale, 'layout.userMenu')) }).click();
          await page.getByRole('menuitem', { name: text(locale, 'auth.logout') }).click();
          return;
        default:
      }
    },
    async check({ page, dialog }, snapshot) {
      if (
        snapshot.matches('loadingProfile') ||
        snapshot.matches('signingOut') ||
        snapshot.matches('checkingStoredToken')
      )
        return;
      const userMenu = page.getByRole('button', { name: new RegExp(text(locale, 'layout.userMenu')) });
      const loginButton = page.getByRole('banner').getByRole('button', { name: text(locale, 'auth.login') });
      if (snapshot.matches('signedIn')) {
        await expect(userMenu).toBeVisible();
        await expect(dialog).toHaveCount(0);
      } else if (snapshot.matches({ signedOut: 'awaitingSignIn' })) {
        await expect(dialog).toBeVisible();
        const view = snapshot.context.dialogView === 'register' ? 'auth.register' : 'auth.login';
        await expect(dialog.getByRole('tab', { name: text(locale, view) })).toHaveAttribute('aria-selected', 'true');
        // The guard keeps the visitor where they were until sign-in continues to the protected page.
        expect(pathOf(page)).not.toBe(protectedPath);
      } else {
        await expect(dialog).toBeHidden();
        await expect(loginButton).toBeVisible();
        await expect(userMenu).toHaveCount(0);
      }
    },
  };
}

replayMachinePaths(
  { sessionFirstVisit: sessionAdapter(false), sessionStoredToken: sessionAdapter(true) },
  runId,
  90_000,
);
