/**
 * appSignIn: signing this device (the installed app, or any signed-out browser) in with the one-time
 * code a signed-in device shows on /user/app-login (docs/requirements.md §14.6).
 *
 * States:
 * - checkingScanner: whether this browser can read a QR code with its camera (barcode detection and
 *   a camera to ask for) is found out once.
 * - scanning.opening: the camera is asked for; a refusal or no camera leads to typing.
 * - scanning.looking: the camera's current picture is searched for a QR code. A code read is
 *   exchanged at once; none yet waits for `scanInterval`.
 * - scanning.waiting: the camera shows its picture until the next look.
 * - typing: the code shown under the QR code is typed and sent as one `loginCode.submit`; the server's
 *   refusal of a code stays on its field. With a camera the player may go back to scanning.
 * - exchanging: this device asks the server to sign in with the code, once and before it expires,
 *   giving its name; the server answers with a token of this request: awaitingApproval. When the
 *   player has bound an authenticator key the server asks for its current code: askingAppKeyCode.
 *   Any other refusal, or no answer: typing, with the sentence on the code's field (the code read
 *   by the camera is kept there to be seen).
 * - awaitingApproval: the device that shows the code asks the player "sign in <this device>?";
 *   this one waits `approvalPoll` between asking where its request stands. The player here may give
 *   up (`approval.cancel`, back to typing).
 * - claiming: the request's standing is fetched. Approved: the server opens this device's session
 *   once (signedIn). Still undecided, or no answer: awaitingApproval again. Refused or expired:
 *   typing, with the server's sentence on the code's field.
 * - askingAppKeyCode: the authenticator's current code is typed and sent with the same sign-in code
 *   (`appKeyCode.submit`); a wrong one is refused on its field. Back leads to typing.
 * - signedIn: the session holds the new token (`signIn`); nothing more happens here.
 *
 * The camera is closed whenever scanning ends, however it ends.
 */
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { answerMissing, refusedFields } from './call-refusals';

/** The camera's picture as the view shows it and the reader reads it; the flow file knows its kind. */
export type CameraPreview = object;

/** The server's answer to a request to sign in: the token only this device holds, to follow it with. */
export interface AppSignInRequest {
  requestToken: string;
  expiresAt: string;
}

/** Where the request stands: still undecided, or approved and this device's session opened. */
export interface AppSignInClaim {
  status: 'awaitingApproval' | 'signedIn';
  token: string | null;
}

interface AppSignInContext {
  canScan: boolean;
  preview: CameraPreview | null;
  loginCode: string;
  totpCode: string | null;
  /** The token of this device's request, while it waits for the player's answer. */
  requestToken: string | null;
  refusals: Record<string, string>;
}

export type AppSignInEvent =
  | { type: 'loginCode.submit'; loginCode: string }
  | { type: 'appKeyCode.submit'; totpCode: string }
  | { type: 'appKeyCode.back' }
  | { type: 'scan.start' }
  | { type: 'scan.stop' }
  | { type: 'approval.cancel' };

/** The server's sentences per field; a refusal naming no field (no answer, too many tries) goes on the code's. */
function refusalsOnCode(error: unknown): Record<string, string> {
  const fields = refusedFields(error);
  if (Object.keys(fields).length > 0) return fields;
  return { loginCode: error instanceof Error ? error.message : '' };
}

/** How often the camera's picture is searched for a QR code. */
export const scanIntervalMs = 300;

/** How often a device waiting for the player's approval asks where its request stands. */
export const approvalPollMs = 2_000;

export const appSignInMachine = setup({
  types: {
    context: {} as AppSignInContext,
    events: {} as AppSignInEvent,
    children: {} as {
      detectScanner: 'detectScanner';
      openCamera: 'openCamera';
      readCode: 'readCode';
      exchangeCode: 'exchangeCode';
      claimSession: 'claimSession';
    },
  },
  actors: {
    /** Whether the browser can read QR codes from a camera. */
    detectScanner: fromPromise<boolean>(async () => {
      throw new Error('detectScanner must be provided');
    }),
    /** Asks for the camera; its picture, or a refusal. */
    openCamera: fromPromise<CameraPreview>(async () => {
      throw new Error('openCamera must be provided');
    }),
    /** The QR code's text in the camera's current picture, or null when there is none yet. */
    readCode: fromPromise<string | null, { preview: CameraPreview | null }>(async () => {
      throw new Error('readCode must be provided');
    }),
    exchangeCode: fromPromise<AppSignInRequest, { loginCode: string; totpCode: string | null }>(async () => {
      throw new Error('exchangeCode must be provided');
    }),
    claimSession: fromPromise<AppSignInClaim, { loginCode: string; requestToken: string }>(async () => {
      throw new Error('claimSession must be provided');
    }),
  },
  actions: {
    /** Hands the new session's token to the session (`signIn.succeeded`). */
    signIn: (_, _params: { token: string }) => {},
    /** Lets the camera go. */
    closeCamera: (_, _params: { preview: CameraPreview | null }) => {},
  },
  delays: { scanInterval: scanIntervalMs, approvalPoll: approvalPollMs },
  guards: {
    canScan: ({ context }) => context.canScan,
    scannerFound: (_, found: boolean) => found,
    found: (_, code: string | null) => code !== null && code !== '',
    asksAppKeyCode: (_, error: unknown) => 'totpCode' in refusedFields(error),
    sessionOpened: (_, claim: AppSignInClaim) => claim.status === 'signedIn' && claim.token !== null,
    unanswered: (_, error: unknown) => answerMissing(error),
  },
}).createMachine({
  id: 'appSignIn',
  context: { canScan: false, preview: null, loginCode: '', totpCode: null, requestToken: null, refusals: {} },
  initial: 'checkingScanner',
  states: {
    checkingScanner: {
      invoke: {
        id: 'detectScanner',
        src: 'detectScanner',
        onDone: [
          {
            guard: { type: 'scannerFound', params: ({ event }) => event.output },
            target: 'scanning',
            actions: assign({ canScan: true }),
          },
          { target: 'typing' },
        ],
        onError: { target: 'typing' },
      },
    },
    scanning: {
      initial: 'opening',
      exit: [
        { type: 'closeCamera', params: ({ context }) => ({ preview: context.preview }) },
        assign({ preview: null }),
      ],
      on: { 'scan.stop': { target: 'typing' } },
      states: {
        opening: {
          invoke: {
            id: 'openCamera',
            src: 'openCamera',
            onDone: { target: 'looking', actions: assign({ preview: ({ event }) => event.output }) },
            onError: { target: '#appSignIn.typing' },
          },
        },
        looking: {
          invoke: {
            id: 'readCode',
            src: 'readCode',
            input: ({ context }) => ({ preview: context.preview }),
            onDone: [
              {
                guard: { type: 'found', params: ({ event }) => event.output },
                target: '#appSignIn.exchanging',
                actions: assign({ loginCode: ({ event }) => event.output ?? '', totpCode: null, refusals: {} }),
              },
              { target: 'waiting' },
            ],
            onError: { target: 'waiting' },
          },
        },
        waiting: {
          after: { scanInterval: { target: 'looking' } },
        },
      },
    },
    typing: {
      on: {
        'loginCode.submit': {
          target: 'exchanging',
          actions: assign({ loginCode: ({ event }) => event.loginCode, totpCode: null, refusals: {} }),
        },
        'scan.start': { guard: 'canScan', target: 'scanning' },
      },
    },
    exchanging: {
      invoke: {
        id: 'exchangeCode',
        src: 'exchangeCode',
        input: ({ context }) => ({ loginCode: context.loginCode, totpCode: context.totpCode }),
        onDone: {
          target: 'awaitingApproval',
          actions: assign({ requestToken: ({ event }) => event.output.requestToken }),
        },
        onError: [
          {
            guard: { type: 'asksAppKeyCode', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'askingAppKeyCode',
            // The first ask is no mistake: only a code that was sent is refused on its field.
            actions: assign({
              refusals: ({ context, event }) => (context.totpCode === null ? {} : refusedFields(event.error)),
            }),
          },
          { target: 'typing', actions: assign({ refusals: ({ event }) => refusalsOnCode(event.error) }) },
        ],
      },
    },
    askingAppKeyCode: {
      on: {
        'appKeyCode.submit': {
          target: 'exchanging',
          actions: assign({ totpCode: ({ event }) => event.totpCode, refusals: {} }),
        },
        'appKeyCode.back': { target: 'typing', actions: assign({ totpCode: null, refusals: {} }) },
      },
    },
    awaitingApproval: {
      after: { approvalPoll: { target: 'claiming' } },
      on: { 'approval.cancel': { target: 'typing', actions: assign({ requestToken: null, refusals: {} }) } },
    },
    claiming: {
      invoke: {
        id: 'claimSession',
        src: 'claimSession',
        input: ({ context }) => ({ loginCode: context.loginCode, requestToken: context.requestToken ?? '' }),
        onDone: [
          {
            guard: { type: 'sessionOpened', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: [
              { type: 'signIn', params: ({ event }) => ({ token: event.output.token ?? '' }) },
              assign({ requestToken: null }),
            ],
          },
          { target: 'awaitingApproval' },
        ],
        onError: [
          {
            guard: { type: 'unanswered', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'awaitingApproval',
          },
          {
            target: 'typing',
            actions: assign({ requestToken: null, refusals: ({ event }) => refusalsOnCode(event.error) }),
          },
        ],
      },
    },
    signedIn: { type: 'final' },
  },
});

export type AppSignInSnapshot = SnapshotFrom<typeof appSignInMachine>;

export type AppSignInView =
  | 'checking'
  | 'scanning'
  | 'typing'
  | 'exchanging'
  | 'askingAppKeyCode'
  | 'awaitingApproval'
  | 'signedIn';

export function selectAppSignInView(snapshot: AppSignInSnapshot): AppSignInView {
  if (snapshot.matches('checkingScanner')) return 'checking';
  if (snapshot.matches('scanning')) return 'scanning';
  // Asking where the request stands is still waiting for the player.
  if (snapshot.matches('claiming')) return 'awaitingApproval';
  return snapshot.value as AppSignInView;
}
/** The camera's picture while it is open. */
export const selectCameraPreview = (snapshot: AppSignInSnapshot) => snapshot.context.preview;
/** Whether the player may go (back) to scanning. */
export const selectCanScan = (snapshot: AppSignInSnapshot) => snapshot.context.canScan;
/** The sign-in code last typed or read, to show on the typing form. */
export const selectLoginCode = (snapshot: AppSignInSnapshot) => snapshot.context.loginCode;
/** The server's sentences for the fields it refused. */
export const selectAppSignInRefusals = (snapshot: AppSignInSnapshot) => snapshot.context.refusals;
