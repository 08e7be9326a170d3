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
 *   amount is back in the balance). The views read the request from it. A player cannot reverse a
 *   request: there is no way back from here but a new withdrawal, which starts from fresh
 *   prerequisites (the balance has changed).
 */

import type { Profile } from '@contract/auth';
import { type Withdrawal, type WithdrawalLimits, withdrawalFee, withdrawalPayoutYen } from '@contract/withdrawal';
import { assign, type SnapshotFrom, setup } from 'xstate';
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

/** Follows a withdrawal every ten seconds until it is paid out or has failed. */
export const withdrawalFollow = orderFollowMachine<Withdrawal>({
  settledStatuses: ['withdrawalSuccessful', 'withdrawalFailed'],
  pollMs: 10_000,
});

export interface WithdrawContext<TOrder> {
  /** The request as the server accepted it; once followed, the follower holds it as it stands. */
  withdrawal: TOrder | null;
}

export type WithdrawEvent = { type: 'withdraw.again' };

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
    actors: { request, followWithdrawal: follow },
    actions: {
      /** The withdrawal or the balance changed on the server: refetch the balance and the records. */
      withdrawalChanged: () => {},
    },
  }).createMachine({
    id,
    context: { withdrawal: null },
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
        invoke: {
          id: 'followWithdrawal',
          src: 'followWithdrawal',
          // The request has just been stored.
          input: ({ context }) => ({ order: context.withdrawal as TOrder }),
        },
        on: { 'withdraw.again': { target: 'requesting' } },
      },
    },
  });
}

export const withdrawMachine = withdrawalMachine('withdraw', withdrawRequest, withdrawalFollow);

export type WithdrawSnapshot = SnapshotFrom<typeof withdrawMachine>;
export type WithdrawRequestSnapshot = SnapshotFrom<typeof withdrawRequest>;

/** The view to show: the state itself, as the machine has no nested states. */
export const selectWithdrawStage = (snapshot: WithdrawSnapshot) => snapshot.value;
/** The front of a new withdrawal while the page shows one: the views read the form from it. */
export const selectWithdrawRequest = (snapshot: WithdrawSnapshot) => snapshot.children.request;
/** The follower of the request once it is made: the views read the request from it. */
export const selectWithdrawalFollower = (snapshot: WithdrawSnapshot) => snapshot.children.followWithdrawal;

export const selectWithdrawBalance = (snapshot: WithdrawRequestSnapshot) =>
  snapshot.context.prerequisites?.profile.balance ?? 0;
export const selectWithdrawLimits = (snapshot: WithdrawRequestSnapshot) =>
  snapshot.context.prerequisites?.limits ?? null;
