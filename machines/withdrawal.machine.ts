/**
 * withdraw: a yen withdrawal of game coins to a bound bank card, from the form to the payout.
 *
 * States:
 * - requesting: the money-request machine (machines/money-request.machine.ts) checks the
 *   prerequisites (personal information, a bound card, verified identity, a payment password), then
 *   waits for the form: the amount (whole coins within the limits, at most the balance), the card and
 *   the payment password, checked by the view's form against the contract's withdrawForm; it has the
 *   server hold the amount for review with one Idempotency-Key per withdrawal, so a double click or a
 *   retry holds once. The views read the balance, the limits, the cards and the server's refusals
 *   from it.
 * - following: the order-follow machine follows the request until it settles: withdrawalReview (an
 *   operator reviews it) and withdrawing (approved, the payout is under way) are fetched again every
 *   ten seconds; it ends in withdrawalSuccessful or withdrawalFailed (with the reason; the held
 *   amount is back in the balance), or withdrawalCancelled. The views read the request from it. A new
 *   withdrawal starts from fresh prerequisites (the balance has changed).
 *   - following.open: the request stands as the follower shows it; while it waits for its review
 *     (`canCancelWithdrawal`) the player may cancel it.
 *   - following.cancelling: the server is asked to cancel it. Done: the request is followed afresh
 *     as cancelled (settled, the hold released). Refused (the desk started the review first): back
 *     to open with the server's sentence, and the follower's next check shows where it stands.
 */

import type { Profile } from '@contract/auth';
import { type Withdrawal, type WithdrawalLimits, withdrawalFee, withdrawalPayoutYen } from '@contract/withdrawal';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import {
  accountGates,
  moneyRequestMachine,
  payoutGates,
  type RequestCard,
  type RequestInput,
} from './money-request.machine';
import { type FollowedOrder, orderFollowMachine } from './order-follow.machine';

export interface WithdrawPrerequisites {
  profile: Pick<Profile, 'firstName' | 'lastName' | 'pinyinName' | 'balance' | 'kycStatus' | 'hasPayPassword'>;
  cards: RequestCard[];
  /** Shown before the amount is entered, and checked as it is typed. */
  limits: WithdrawalLimits;
}

export interface WithdrawalBody {
  bankCardId: number;
  amount: number;
  payPassword: string;
}

export type WithdrawalRequest = RequestInput<WithdrawalBody>;

/** The withdrawal's front: prerequisites, the form, and the amount held once. */
export const withdrawRequest = moneyRequestMachine<WithdrawPrerequisites, WithdrawalBody, Withdrawal>({
  gates: { ...accountGates, ...payoutGates },
});

/**
 * Whether the payment password stays in the form after a refusal: only a refusal of other fields
 * keeps it (a wrong amount is no reason to type it again); any other refusal asks for it again.
 */
export const keepsPayPassword = (refusals: Record<string, string>) =>
  Object.keys(refusals).length > 0 && !('payPassword' in refusals);

/** The fee and the yen paid out for an amount, as the server will take and pay them. */
export function withdrawQuote(amount: number, limits: WithdrawalLimits) {
  return { amount, fee: withdrawalFee(amount, limits), payoutYen: withdrawalPayoutYen(amount, limits) };
}

/** The statuses a withdrawal, yen or coin, no longer leaves by itself. */
export const settledWithdrawalStatuses = ['withdrawalSuccessful', 'withdrawalFailed', 'withdrawalCancelled'] as const;

/** Follows a withdrawal every ten seconds until it is paid out, has failed or was cancelled. */
export const withdrawalFollow = orderFollowMachine<Withdrawal>({
  settledStatuses: settledWithdrawalStatuses,
  pollMs: 10_000,
});

/** A request can be taken back while it waits for its review, and only then (the server decides last). */
export const canCancelWithdrawal = (withdrawal: Pick<Withdrawal, 'status'>) => withdrawal.status === 'withdrawalReview';

export interface WithdrawContext<TOrder> {
  /** The request as the server accepted it (or cancelled it); once followed, the follower holds it as it stands. */
  withdrawal: TOrder | null;
  /** The server's sentence when it refused the last cancel. */
  cancelRefusal: string | null;
}

export type WithdrawEvent = { type: 'withdraw.again' } | { type: 'withdraw.cancel' };

/** The message of a refused call, as the server said it. */
const refusalMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A withdrawal from the form to the payout (see the states above) over its request machine and the
 * follower of the order it opens: the yen and the crypto withdrawal differ only in those two.
 */
export function withdrawalMachine<TPrerequisites, TBody, TOrder extends FollowedOrder>(
  id: string,
  request: ReturnType<typeof moneyRequestMachine<TPrerequisites, TBody, TOrder>>,
  follow: ReturnType<typeof orderFollowMachine<TOrder>>,
) {
  return setup({
    types: {
      context: {} as WithdrawContext<TOrder>,
      events: {} as WithdrawEvent,
      children: {} as { request: 'request'; followWithdrawal: 'followWithdrawal' },
    },
    actors: {
      request,
      followWithdrawal: follow,
      /** Cancels the request by its number; the answer is the request as cancelled. */
      cancelWithdrawal: fromPromise<TOrder, { orderSn: string }>(async () => {
        throw new Error('cancelWithdrawal must be provided');
      }),
    },
    actions: {
      /** The withdrawal or the balance changed on the server: refetch the balance and the records. */
      withdrawalChanged: () => {},
    },
  }).createMachine({
    id,
    context: { withdrawal: null, cancelRefusal: null },
    initial: 'requesting',
    states: {
      requesting: {
        invoke: {
          id: 'request',
          src: 'request',
          onDone: {
            target: 'following',
            actions: [assign({ withdrawal: ({ event }) => event.output }), 'withdrawalChanged'],
          },
        },
      },
      following: {
        id: `${id}Following`,
        invoke: {
          id: 'followWithdrawal',
          src: 'followWithdrawal',
          // The request has just been stored.
          input: ({ context }) => ({ order: context.withdrawal as TOrder }),
        },
        on: { 'withdraw.again': { target: 'requesting', actions: assign({ cancelRefusal: null }) } },
        initial: 'open',
        states: {
          open: {
            on: { 'withdraw.cancel': { target: 'cancelling', actions: assign({ cancelRefusal: null }) } },
          },
          cancelling: {
            invoke: {
              id: 'cancelWithdrawal',
              src: 'cancelWithdrawal',
              input: ({ context }) => ({ orderSn: (context.withdrawal as TOrder).orderSn }),
              // Followed afresh from the cancelled request, which has settled.
              onDone: {
                target: `#${id}Following`,
                reenter: true,
                actions: [assign({ withdrawal: ({ event }) => event.output }), 'withdrawalChanged'],
              },
              onError: {
                target: 'open',
                actions: assign({ cancelRefusal: ({ event }) => refusalMessage(event.error) }),
              },
            },
          },
        },
      },
    },
  });
}

export const withdrawMachine = withdrawalMachine('withdraw', withdrawRequest, withdrawalFollow);

export type WithdrawSnapshot = SnapshotFrom<typeof withdrawMachine>;
export type WithdrawRequestSnapshot = SnapshotFrom<typeof withdrawRequest>;

/** The view to show: the form or the request being followed. */
export const selectWithdrawStage = (snapshot: WithdrawSnapshot) =>
  snapshot.matches('following') ? 'following' : 'requesting';
/** Whether a cancel is on its way: the button waits for the answer. */
export const selectWithdrawCancelling = (snapshot: WithdrawSnapshot) => snapshot.matches({ following: 'cancelling' });
/** The server's sentence when it refused the last cancel. */
export const selectCancelRefusal = (snapshot: WithdrawSnapshot) => snapshot.context.cancelRefusal;
/** The front of a new withdrawal while the page shows one: the views read the form from it. */
export const selectWithdrawRequest = (snapshot: WithdrawSnapshot) => snapshot.children.request;
/** The follower of the request once it is made: the views read the request from it. */
export const selectWithdrawalFollower = (snapshot: WithdrawSnapshot) => snapshot.children.followWithdrawal;

export const selectWithdrawBalance = (snapshot: WithdrawRequestSnapshot) =>
  snapshot.context.prerequisites?.profile.balance ?? 0;
export const selectWithdrawLimits = (snapshot: WithdrawRequestSnapshot) =>
  snapshot.context.prerequisites?.limits ?? null;
