/**
 * sendCode: the "send code" button beside an e-mail field, and its resend countdown (docs/requirements.md §4:
 * disabled without an e-mail or during the countdown; the label turns into resend with the seconds
 * left; 60 s).
 *
 * States:
 * - idle: no code sent yet (or the first request failed); the button reads "send code" and works once
 *   the address is not empty.
 * - sending: the server is mailing a code; the button shows it is busy.
 * - countingDown: a code went out, or the server said to wait (429 with Retry-After); the label reads
 *   "resend (N s)" and drops by one every `oneSecond`, and the button is disabled.
 * - ready: the countdown ran out, or a resend failed; "resend" works again.
 *
 * Once a code went out, the form says so beside the button: the address it went to and, while the
 * countdown runs, the seconds until another may be asked for (`selectCodeSentNotice`).
 *
 * The parent form owns the address and checks its format; `code.send` carries the address typed
 * when the button is pressed, and the button asks with the address typed whether it may be pressed,
 * so "disabled without an e-mail" is decided here.
 */

import { emailCodeResendSeconds } from '@contract/auth';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

export interface SendCodeContext {
  /** The address the code goes to. */
  email: string;
  secondsLeft: number;
  /** Whether a code went out before, so a failed resend still reads "resend". */
  codeSent: boolean;
  /** The address the last code went out to, which the notice names (the field may change since). */
  sentTo: string | null;
}

export type SendCodeEvent = { type: 'code.send'; email: string };

/** How the requestCode actor reports that the server refused for now and said how long to wait. */
export interface SendCodeRateLimited {
  retryAfterSeconds: number;
}

function retryAfterOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('retryAfterSeconds' in error)) return null;
  const seconds = (error as SendCodeRateLimited).retryAfterSeconds;
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

export const sendCodeMachine = setup({
  types: {
    context: {} as SendCodeContext,
    events: {} as SendCodeEvent,
  },
  actors: {
    requestCode: fromPromise<void, { email: string }>(async () => {
      throw new Error('requestCode must be provided');
    }),
  },
  delays: {
    oneSecond: 1000,
  },
  actions: {
    takeEmail: assign({ email: ({ event }) => event.email.trim() }),
  },
  guards: {
    hasEmail: ({ event }) => event.type === 'code.send' && event.email.trim() !== '',
    lastSecond: ({ context }) => context.secondsLeft <= 1,
    codeSentBefore: ({ context }) => context.codeSent,
    serverAskedToWait: ({ event }) => retryAfterOf((event as { error?: unknown }).error) !== null,
  },
}).createMachine({
  id: 'sendCode',
  context: { email: '', secondsLeft: 0, codeSent: false, sentTo: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'code.send': { guard: 'hasEmail', target: 'sending', actions: 'takeEmail' } },
    },
    sending: {
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => ({ email: context.email }),
        onDone: {
          target: 'countingDown',
          actions: assign({
            secondsLeft: emailCodeResendSeconds,
            codeSent: true,
            sentTo: ({ context }) => context.email,
          }),
        },
        onError: [
          {
            guard: 'serverAskedToWait',
            target: 'countingDown',
            actions: assign({
              secondsLeft: ({ event }) => retryAfterOf(event.error) ?? emailCodeResendSeconds,
              codeSent: true,
            }),
          },
          // The refusal itself is shown by the api client; the user may try again at once.
          { guard: 'codeSentBefore', target: 'ready' },
          { target: 'idle' },
        ],
      },
    },
    countingDown: {
      after: {
        oneSecond: [
          { guard: 'lastSecond', target: 'ready', actions: assign({ secondsLeft: 0 }) },
          {
            target: 'countingDown',
            reenter: true,
            actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
          },
        ],
      },
    },
    ready: {
      on: { 'code.send': { guard: 'hasEmail', target: 'sending', actions: 'takeEmail' } },
    },
  },
});

export type SendCodeSnapshot = SnapshotFrom<typeof sendCodeMachine>;

export type SendCodeLabel =
  | { key: 'sendCode.send' }
  | { key: 'sendCode.resendIn'; seconds: number }
  | { key: 'sendCode.resend' };

export interface SendCodeButton {
  enabled: boolean;
  busy: boolean;
  label: SendCodeLabel;
}

/** The button beside the address typed so far. */
export function selectSendCodeButton(snapshot: SendCodeSnapshot, email: string): SendCodeButton {
  const label: SendCodeLabel = snapshot.matches('countingDown')
    ? { key: 'sendCode.resendIn', seconds: snapshot.context.secondsLeft }
    : snapshot.matches('ready')
      ? { key: 'sendCode.resend' }
      : { key: 'sendCode.send' };
  return { enabled: snapshot.can({ type: 'code.send', email }), busy: snapshot.matches('sending'), label };
}

/** What the form says once a code went out: where to, and how long until another may be asked for (0: now). */
export interface CodeSentNotice {
  email: string;
  secondsLeft: number;
}

export function selectCodeSentNotice(snapshot: SendCodeSnapshot): CodeSentNotice | null {
  const { sentTo, secondsLeft } = snapshot.context;
  if (sentTo === null) return null;
  return { email: sentTo, secondsLeft: snapshot.matches('countingDown') ? secondsLeft : 0 };
}
