/**
 * accountTransfer: moving an old-platform account's balance into the signed-in player's account
 * (docs/requirements.md §17). Each state is named for what the page waits for.
 *
 * States:
 * - enteringOldAccount: the player names the old account.
 * - checkingOldAccount: the server checks it exists and has not been moved; a refusal goes back
 *   with its message.
 * - enteringCard: the player gives the number of a bank card bound on the old account.
 * - checkingCard: the server checks the card and mails a code to the old account's address.
 * - enteringCode: the player types the old password and the mailed code. Inside, the resend
 *   button: resendLocked for the 60 s countdown (an `after` delay), resendOpen once it ran out,
 *   resending while a new code is asked for (a refusal that says to wait locks it again).
 * - signingIn: the server checks password and code and answers the balance.
 * - reviewingBalance: the balance is shown; the player confirms the move.
 * - moving: the server moves the balance. A failed call may be retried: the server completes a
 *   move once, and a repeat answers the first result.
 * - moved: done; the balance arrived. The player may move another old account.
 *
 * `restart` forgets the move and leaves any waiting step for a new one (after an expiry or too many wrong tries).
 * Refusals keep the server's message and the fields it names; the page shows them in place.
 */
import type { CodeDelivery } from '@contract/account-transfer';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { refusedFields } from './call-refusals';

/** The resend countdown; the server refuses an earlier resend too. */
export const transferResendMs = 60_000;

export interface OldAccountBalance {
  oldAccount: string;
  balance: number;
}

export interface MovedBalance {
  amount: number;
  balance: number;
}

interface AccountTransferContext {
  transferId: string | null;
  oldAccount: string;
  delivery: CodeDelivery | null;
  found: OldAccountBalance | null;
  moved: MovedBalance | null;
  /** The last refusal's message, and its messages per field. */
  refusal: string | null;
  fields: Record<string, string>;
}

export type AccountTransferEvent =
  | { type: 'oldAccount.submit'; oldAccount: string }
  | { type: 'card.submit'; cardNumber: string }
  | { type: 'code.resend' }
  | { type: 'signIn.submit'; password: string; code: string }
  | { type: 'move.confirm' }
  | { type: 'restart' };

function messageOf(error: unknown): string | null {
  return error instanceof Error && error.message !== '' ? error.message : null;
}

const refused = {
  type: 'keepRefusal',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

export const accountTransferMachine = setup({
  types: {
    context: {} as AccountTransferContext,
    events: {} as AccountTransferEvent,
    children: {} as {
      validateAccount: 'validateAccount';
      proveCard: 'proveCard';
      resendCode: 'resendCode';
      signIn: 'signIn';
      confirmMove: 'confirmMove';
    },
  },
  actors: {
    validateAccount: fromPromise<{ transferId: string }, { oldAccount: string }>(async () => {
      throw new Error('validateAccount must be provided');
    }),
    proveCard: fromPromise<CodeDelivery, { transferId: string; cardNumber: string }>(async () => {
      throw new Error('proveCard must be provided');
    }),
    resendCode: fromPromise<CodeDelivery, { transferId: string }>(async () => {
      throw new Error('resendCode must be provided');
    }),
    signIn: fromPromise<OldAccountBalance, { transferId: string; password: string; code: string }>(async () => {
      throw new Error('signIn must be provided');
    }),
    confirmMove: fromPromise<MovedBalance, { transferId: string }>(async () => {
      throw new Error('confirmMove must be provided');
    }),
  },
  actions: {
    keepRefusal: assign((_, params: { error: unknown }) => ({
      refusal: messageOf(params.error),
      fields: refusedFields(params.error),
    })),
    clearRefusal: assign({ refusal: null, fields: {} }),
    startOver: assign({
      transferId: null,
      oldAccount: '',
      delivery: null,
      found: null,
      moved: null,
      refusal: null,
      fields: {},
    }),
  },
  delays: { resendCountdown: transferResendMs },
  guards: {
    serverAskedToWait: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return typeof error === 'object' && error !== null && 'code' in error && error.code === 429;
    },
  },
}).createMachine({
  id: 'accountTransfer',
  context: {
    transferId: null,
    oldAccount: '',
    delivery: null,
    found: null,
    moved: null,
    refusal: null,
    fields: {},
  },
  initial: 'enteringOldAccount',
  states: {
    enteringOldAccount: {
      on: {
        'oldAccount.submit': {
          target: 'checkingOldAccount',
          actions: [assign({ oldAccount: ({ event }) => event.oldAccount }), 'clearRefusal'],
        },
      },
    },
    checkingOldAccount: {
      invoke: {
        id: 'validateAccount',
        src: 'validateAccount',
        input: ({ context }) => ({ oldAccount: context.oldAccount }),
        onDone: {
          target: 'enteringCard',
          actions: assign(({ event }) => ({ transferId: event.output.transferId })),
        },
        onError: { target: 'enteringOldAccount', actions: refused },
      },
    },
    enteringCard: {
      on: {
        'card.submit': { target: 'checkingCard', actions: 'clearRefusal' },
        restart: { target: 'enteringOldAccount', actions: 'startOver' },
      },
    },
    checkingCard: {
      invoke: {
        id: 'proveCard',
        src: 'proveCard',
        input: ({ context, event }) => ({
          transferId: context.transferId ?? '',
          cardNumber: (event as Extract<AccountTransferEvent, { type: 'card.submit' }>).cardNumber,
        }),
        onDone: { target: 'enteringCode', actions: assign(({ event }) => ({ delivery: event.output })) },
        onError: { target: 'enteringCard', actions: refused },
      },
    },
    enteringCode: {
      initial: 'resendLocked',
      on: {
        'signIn.submit': { target: 'signingIn', actions: 'clearRefusal' },
        restart: { target: 'enteringOldAccount', actions: 'startOver' },
      },
      states: {
        resendLocked: {
          after: { resendCountdown: { target: 'resendOpen' } },
        },
        resendOpen: {
          on: { 'code.resend': { target: 'resending', actions: 'clearRefusal' } },
        },
        resending: {
          invoke: {
            id: 'resendCode',
            src: 'resendCode',
            input: ({ context }) => ({ transferId: context.transferId ?? '' }),
            onDone: { target: 'resendLocked', actions: assign(({ event }) => ({ delivery: event.output })) },
            onError: [
              {
                guard: 'serverAskedToWait',
                target: 'resendLocked',
                actions: refused,
              },
              { target: 'resendOpen', actions: refused },
            ],
          },
        },
      },
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context, event }) => {
          const { password, code } = event as Extract<AccountTransferEvent, { type: 'signIn.submit' }>;
          return { transferId: context.transferId ?? '', password, code };
        },
        onDone: { target: 'reviewingBalance', actions: assign(({ event }) => ({ found: event.output })) },
        // Back to the code with the resend button open: the countdown of the last code has run or
        // the server will say how long is left.
        onError: { target: 'enteringCode.resendOpen', actions: refused },
      },
    },
    reviewingBalance: {
      on: {
        'move.confirm': { target: 'moving', actions: 'clearRefusal' },
        restart: { target: 'enteringOldAccount', actions: 'startOver' },
      },
    },
    moving: {
      invoke: {
        id: 'confirmMove',
        src: 'confirmMove',
        input: ({ context }) => ({ transferId: context.transferId ?? '' }),
        onDone: { target: 'moved', actions: assign(({ event }) => ({ moved: event.output })) },
        onError: { target: 'reviewingBalance', actions: refused },
      },
    },
    moved: {
      on: {
        restart: { target: 'enteringOldAccount', actions: 'startOver' },
      },
    },
  },
});

export type AccountTransferSnapshot = SnapshotFrom<typeof accountTransferMachine>;

export type AccountTransferView = 'enteringOldAccount' | 'enteringCard' | 'enteringCode' | 'reviewingBalance' | 'moved';

/** The step the page shows: a call in flight still shows the step that made it, busy. */
export function selectAccountTransferView(snapshot: AccountTransferSnapshot): AccountTransferView {
  if (snapshot.matches('checkingOldAccount')) return 'enteringOldAccount';
  if (snapshot.matches('checkingCard')) return 'enteringCard';
  if (snapshot.matches('signingIn') || snapshot.matches('enteringCode')) return 'enteringCode';
  if (snapshot.matches('moving')) return 'reviewingBalance';
  return snapshot.value as AccountTransferView;
}

export const selectAccountTransferBusy = (snapshot: AccountTransferSnapshot): boolean =>
  snapshot.matches('checkingOldAccount') ||
  snapshot.matches('checkingCard') ||
  snapshot.matches('signingIn') ||
  snapshot.matches('moving');

/** Whether the resend button works now (the countdown ran out and no resend is in flight). */
export const selectCanResend = (snapshot: AccountTransferSnapshot): boolean =>
  snapshot.matches({ enteringCode: 'resendOpen' });

/** Seconds the resend countdown has left at `now`, from when the server said a resend is possible. */
export function selectResendSecondsLeft(snapshot: AccountTransferSnapshot, now: number): number {
  if (!snapshot.matches({ enteringCode: 'resendLocked' })) return 0;
  const availableAt = Date.parse(snapshot.context.delivery?.resendAvailableAt ?? '');
  if (Number.isNaN(availableAt)) return Math.ceil(transferResendMs / 1000);
  return Math.max(1, Math.ceil((availableAt - now) / 1000));
}
