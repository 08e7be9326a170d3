/**
 * appLogin: the page that signs the companion app in with a QR code (docs/requirements.md §14.5).
 *
 * States:
 * - loading: a new one-time code is asked of the server.
 * - loadFailed: it could not be had; the player may try again.
 * - showing: the code is shown as a QR code and the app may scan it; after `statusPoll` the server
 *   is asked where it stands.
 * - checking: the code's status is fetched. Still waiting: back to showing. Exchanged by the app:
 *   signedInOnApp. Past its two minutes: expired. A failed check is tried again at the next
 *   interval, so a network blip does not end the page's following.
 * - expired: the code no longer works; a click shows a new one (back to loading).
 * - signedInOnApp: the app exchanged the code; nothing more is fetched. The player may show a new
 *   code to sign in another device.
 *
 * The server decides when a code expires: the page follows its answer rather than its own clock.
 */
import type { AppLoginStatus } from '@contract/user';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

export interface AppLoginCode {
  loginCode: string;
  expiresAt: string;
}

interface AppLoginContext {
  code: AppLoginCode | null;
}

export type AppLoginEvent = { type: 'code.refresh' } | { type: 'code.retry' };

/** How often the page asks where its code stands. */
export const appLoginPollMs = 2_000;

export const appLoginMachine = setup({
  types: {
    context: {} as AppLoginContext,
    events: {} as AppLoginEvent,
    children: {} as { issueCode: 'issueCode'; fetchStatus: 'fetchStatus' },
  },
  actors: {
    issueCode: fromPromise<AppLoginCode>(async () => {
      throw new Error('issueCode must be provided');
    }),
    fetchStatus: fromPromise<{ status: AppLoginStatus }, { loginCode: string }>(async () => {
      throw new Error('fetchStatus must be provided');
    }),
  },
  delays: { statusPoll: appLoginPollMs },
  guards: {
    signedIn: (_, answer: { status: AppLoginStatus }) => answer.status === 'signedIn',
    expired: (_, answer: { status: AppLoginStatus }) => answer.status === 'expired',
  },
}).createMachine({
  id: 'appLogin',
  context: { code: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'issueCode',
        src: 'issueCode',
        onDone: { target: 'showing', actions: assign({ code: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: assign({ code: null }) },
      },
    },
    loadFailed: {
      on: { 'code.retry': { target: 'loading' } },
    },
    showing: {
      after: { statusPoll: { target: 'checking' } },
    },
    checking: {
      invoke: {
        id: 'fetchStatus',
        src: 'fetchStatus',
        input: ({ context }) => ({ loginCode: context.code?.loginCode ?? '' }),
        onDone: [
          { guard: { type: 'signedIn', params: ({ event }) => event.output }, target: 'signedInOnApp' },
          { guard: { type: 'expired', params: ({ event }) => event.output }, target: 'expired' },
          { target: 'showing' },
        ],
        onError: { target: 'showing' },
      },
    },
    expired: {
      on: { 'code.refresh': { target: 'loading' } },
    },
    signedInOnApp: {
      on: { 'code.refresh': { target: 'loading' } },
    },
  },
});

export type AppLoginSnapshot = SnapshotFrom<typeof appLoginMachine>;

export type AppLoginView = 'loading' | 'loadFailed' | 'showing' | 'expired' | 'signedInOnApp';

/** What the page shows: checking the status is still showing the code. */
export const selectAppLoginView = (snapshot: AppLoginSnapshot): AppLoginView =>
  snapshot.matches('checking') ? 'showing' : (snapshot.value as AppLoginView);
/** The code shown, while there is one to scan. */
export const selectAppLoginCode = (snapshot: AppLoginSnapshot): AppLoginCode | null =>
  snapshot.matches('showing') || snapshot.matches('checking') ? snapshot.context.code : null;
