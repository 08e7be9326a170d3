/**
 * session: who is signed in, and the sign-in dialog that protected routes open.
 *
 * States:
 * - checkingStoredToken: the first instant; decides from the stored token (saved from the URL query
 *   on load, if one was there) whether there is a profile to load.
 * - loadingProfile: a token exists; route guards wait here instead of sleeping.
 * - signedIn: the profile is loaded (user, isAgent, homePage); `profile.reload` refreshes it, and
 *   `balance.changed` (the push channel, or the game's frame) sets the balance it shows. One that
 *   comes while the profile loads loads it again, so an answer read before the change never wins.
 * - signedOut.idle: nobody is signed in and no dialog is open.
 * - signedOut.awaitingSignIn: the auth dialog is open (on the login, register or findPassword view),
 *   remembering the protected page the user was going to, so sign-in continues there. A newcomer
 *   who was going nowhere in particular continues to the user centre, whose first-steps checklist
 *   (identity, card, pay password, first deposit) says what a new account needs next.
 * - signingOut: the server is asked to revoke the token; the session ends whatever it answers.
 *
 * A failed profile load clears the token and records `profileLoadFailed`, so the guard can send the
 * user to the login route with the redirect target kept (docs/requirements.md §2).
 */

import type { Profile } from '@contract/auth';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

/** The user-info call's profile (docs/requirements.md §3: session state `user`). */
export type SessionUser = Profile;

export interface SessionProfile {
  user: SessionUser;
  isAgent: boolean;
  homePage: string;
}

export type AuthDialogView = 'login' | 'register' | 'findPassword';

export interface SessionContext {
  user: SessionUser | null;
  isAgent: boolean;
  homePage: string;
  dialogView: AuthDialogView;
  /** Where to go once signed in: the protected page the guard held back. */
  pendingTarget: string | null;
  profileLoadFailed: boolean;
  /** Whether a token was stored when the app loaded; read once by checkingStoredToken. */
  tokenStoredOnLoad: boolean;
}

export type SessionEvent =
  /** `registered`: the account was opened by this sign-in. */
  | { type: 'signIn.succeeded'; token: string | null | undefined; registered?: boolean }
  | { type: 'authDialog.show'; view: AuthDialogView; target?: string | null }
  | { type: 'authDialog.close' }
  | { type: 'logout' }
  | { type: 'session.ended' }
  | { type: 'profile.reload' }
  | { type: 'balance.changed'; balance: number };

export interface SessionInput {
  storedToken: string | null;
}

export const defaultHomePage = 'home';

/** Where a newcomer lands after registering, unless a protected page was held back: the first-steps checklist. */
export const newcomerPage = '/user/user-center';

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    loadProfile: fromPromise<SessionProfile>(async () => {
      throw new Error('loadProfile must be provided');
    }),
    revokeSession: fromPromise<void>(async () => {
      throw new Error('revokeSession must be provided');
    }),
  },
  actions: {
    /** Stores the token a sign-in returned; a missing one is stored as '' (docs/requirements.md §4). */
    storeToken: (_, _params: { token: string }) => {},
    clearToken: () => {},
    goHome: () => {},
    continueTo: (_, _params: { target: string }) => {},
    setBalance: assign({
      user: ({ context, event }) =>
        context.user && event.type === 'balance.changed' ? { ...context.user, balance: event.balance } : context.user,
    }),
  },
  guards: {
    tokenStoredOnLoad: ({ context }) => context.tokenStoredOnLoad,
    hasPendingTarget: ({ context }) => context.pendingTarget !== null,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    user: null,
    isAgent: false,
    homePage: defaultHomePage,
    dialogView: 'login',
    pendingTarget: null,
    profileLoadFailed: false,
    tokenStoredOnLoad: Boolean(input.storedToken),
  }),
  initial: 'checkingStoredToken',
  states: {
    checkingStoredToken: {
      always: [{ guard: 'tokenStoredOnLoad', target: 'loadingProfile' }, { target: 'signedOut' }],
    },
    loadingProfile: {
      on: {
        'balance.changed': { target: 'loadingProfile', reenter: true, actions: 'setBalance' },
      },
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: [
          {
            guard: 'hasPendingTarget',
            target: 'signedIn',
            actions: [
              assign(({ event }) => ({ ...event.output, profileLoadFailed: false })),
              { type: 'continueTo', params: ({ context }) => ({ target: context.pendingTarget ?? '/' }) },
              assign({ pendingTarget: null }),
            ],
          },
          {
            target: 'signedIn',
            actions: assign(({ event }) => ({ ...event.output, profileLoadFailed: false })),
          },
        ],
        onError: {
          target: 'signedOut',
          actions: ['clearToken', assign({ user: null, isAgent: false, profileLoadFailed: true })],
        },
      },
    },
    signedIn: {
      on: {
        logout: { target: 'signingOut' },
        'session.ended': {
          target: 'signedOut',
          actions: ['clearToken', assign({ user: null, isAgent: false }), 'goHome'],
        },
        'profile.reload': { target: 'loadingProfile' },
        'balance.changed': { actions: 'setBalance' },
      },
    },
    signingOut: {
      invoke: {
        id: 'revokeSession',
        src: 'revokeSession',
        onDone: { target: 'signedOut', actions: ['clearToken', assign({ user: null, isAgent: false }), 'goHome'] },
        onError: { target: 'signedOut', actions: ['clearToken', assign({ user: null, isAgent: false }), 'goHome'] },
      },
    },
    signedOut: {
      initial: 'idle',
      on: {
        'signIn.succeeded': {
          target: 'loadingProfile',
          actions: [
            { type: 'storeToken', params: ({ event }) => ({ token: event.token ?? '' }) },
            assign({
              pendingTarget: ({ context, event }) => context.pendingTarget ?? (event.registered ? newcomerPage : null),
            }),
          ],
        },
      },
      states: {
        idle: {
          on: {
            'authDialog.show': {
              target: 'awaitingSignIn',
              actions: assign(({ event }) => ({ dialogView: event.view, pendingTarget: event.target ?? null })),
            },
          },
        },
        awaitingSignIn: {
          on: {
            'authDialog.show': {
              actions: assign(({ event, context }) => ({
                dialogView: event.view,
                pendingTarget: event.target === undefined ? context.pendingTarget : event.target,
              })),
            },
            'authDialog.close': { target: 'idle', actions: assign({ pendingTarget: null }) },
          },
        },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The session has decided: guards may let a route pass, open the dialog or redirect. */
export const isSettled = (snapshot: SessionSnapshot) =>
  !snapshot.matches('checkingStoredToken') && !snapshot.matches('loadingProfile') && !snapshot.matches('signingOut');
export const isSignedIn = (snapshot: SessionSnapshot) => snapshot.matches('signedIn');
export const isAuthDialogOpen = (snapshot: SessionSnapshot) => snapshot.matches({ signedOut: 'awaitingSignIn' });
export const selectUser = (snapshot: SessionSnapshot) => snapshot.context.user;
export const selectIsAgent = (snapshot: SessionSnapshot) => snapshot.context.isAgent;
export const selectDialogView = (snapshot: SessionSnapshot) => snapshot.context.dialogView;
export const selectStatus = (snapshot: SessionSnapshot): 'checking' | 'signedIn' | 'signedOut' =>
  snapshot.matches('signedIn') ? 'signedIn' : snapshot.matches('signedOut') ? 'signedOut' : 'checking';
