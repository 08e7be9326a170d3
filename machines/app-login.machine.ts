/**
 * appLogin: the page that signs the companion app in with a QR code (docs/requirements.md §14.5).
 *
 * States:
 * - loading: a new one-time code is asked of the server.
 * - loadFailed: it could not be had; the player may try again.
 * - showing: the code is shown as a QR code and the app may scan it; after `statusPoll` the server
 *   is asked where it stands.
 * - checking: the code's status is fetched. Still waiting: back to showing. Scanned by a device
 *   that asks to sign in: confirming. Approved: awaitingApp. Exchanged by the app: signedInOnApp.
 *   Past its time: expired. A failed check is tried again at the next interval (from showing or
 *   awaitingApp, where it came from), so a network blip does not end the page's following.
 * - confirming: a device scanned the code and waits; the page asks "sign in <device>?" and the
 *   player approves (`signIn.approve`) or refuses (`signIn.refuse`). Nobody is signed in before.
 * - deciding: the answer is sent; the server answers where the code stands then: approved
 *   (awaitingApp), refused, or, for a request that expired meanwhile, expired. A failed call comes
 *   back to confirming, the question still open (the api client says why).
 * - awaitingApp: approved; the page follows the code, every `statusPoll`, until the app has opened
 *   its session (signedInOnApp) or the code expires.
 * - refused: the player refused; nobody was signed in. A click shows a new code.
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
  /** The name the asking device gave itself, while the player decides. */
  device: string | null;
  /** The player's answer being sent. */
  approve: boolean;
}

export type AppLoginEvent =
  | { type: 'code.refresh' }
  | { type: 'code.retry' }
  | { type: 'signIn.approve' }
  | { type: 'signIn.refuse' };

interface StatusAnswer {
  status: AppLoginStatus;
}

/** How often the page asks where its code stands. */
export const appLoginPollMs = 2_000;

const answered = (status: AppLoginStatus) => ({
  type: 'answered' as const,
  params: ({ event }: { event: { output: StatusAnswer } }) => ({ answer: event.output, status }),
});

export const appLoginMachine = setup({
  types: {
    context: {} as AppLoginContext,
    events: {} as AppLoginEvent,
    children: {} as { issueCode: 'issueCode'; fetchStatus: 'fetchStatus'; decide: 'decide' },
  },
  actors: {
    issueCode: fromPromise<AppLoginCode>(async () => {
      throw new Error('issueCode must be provided');
    }),
    fetchStatus: fromPromise<StatusAnswer & { device: string | null }, { loginCode: string }>(async () => {
      throw new Error('fetchStatus must be provided');
    }),
    decide: fromPromise<StatusAnswer, { loginCode: string; approve: boolean }>(async () => {
      throw new Error('decide must be provided');
    }),
  },
  delays: { statusPoll: appLoginPollMs },
  guards: {
    answered: (_, params: { answer: StatusAnswer; status: AppLoginStatus }) => params.answer.status === params.status,
    approvedBefore: ({ context }) => context.approve,
  },
}).createMachine({
  id: 'appLogin',
  context: { code: null, device: null, approve: false },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ device: null, approve: false }),
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
          { guard: answered('signedIn'), target: 'signedInOnApp' },
          { guard: answered('expired'), target: 'expired' },
          { guard: answered('refused'), target: 'refused' },
          {
            guard: answered('awaitingApproval'),
            target: 'confirming',
            actions: assign({ device: ({ event }) => event.output.device }),
          },
          { guard: answered('approved'), target: 'awaitingApp' },
          { target: 'showing' },
        ],
        onError: [{ guard: 'approvedBefore', target: 'awaitingApp' }, { target: 'showing' }],
      },
    },
    confirming: {
      on: {
        'signIn.approve': { target: 'deciding', actions: assign({ approve: true }) },
        'signIn.refuse': { target: 'deciding', actions: assign({ approve: false }) },
      },
    },
    deciding: {
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({ loginCode: context.code?.loginCode ?? '', approve: context.approve }),
        onDone: [
          { guard: answered('approved'), target: 'awaitingApp' },
          { guard: answered('refused'), target: 'refused' },
          { guard: answered('signedIn'), target: 'signedInOnApp' },
          { target: 'expired' },
        ],
        onError: { target: 'confirming' },
      },
    },
    awaitingApp: {
      after: { statusPoll: { target: 'checking' } },
    },
    refused: {
      on: { 'code.refresh': { target: 'loading' } },
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

export type AppLoginView =
  | 'loading'
  | 'loadFailed'
  | 'showing'
  | 'confirming'
  | 'awaitingApp'
  | 'refused'
  | 'expired'
  | 'signedInOnApp';

/** What the page shows: checking the status is still showing the code, or still waiting for the app. */
export function selectAppLoginView(snapshot: AppLoginSnapshot): AppLoginView {
  if (snapshot.matches('checking')) return snapshot.context.approve ? 'awaitingApp' : 'showing';
  if (snapshot.matches('deciding')) return 'confirming';
  return snapshot.value as AppLoginView;
}
/** The code shown, while there is one to scan. */
export const selectAppLoginCode = (snapshot: AppLoginSnapshot): AppLoginCode | null =>
  snapshot.matches('showing') || (snapshot.matches('checking') && !snapshot.context.approve)
    ? snapshot.context.code
    : null;
/** The asking device's name while the player decides ('' when it gave none). */
export const selectAskingDevice = (snapshot: AppLoginSnapshot) => snapshot.context.device ?? '';
/** The answer being sent, while it is. */
export const selectDeciding = (snapshot: AppLoginSnapshot): 'approve' | 'refuse' | null =>
  snapshot.matches('deciding') ? (snapshot.context.approve ? 'approve' : 'refuse') : null;
