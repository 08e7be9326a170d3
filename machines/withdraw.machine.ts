/**
 * withdraw: a yen withdrawal of game coins to a bound bank card, from the form to the payout.
 *
 * States:
 * - requesting: the money-request machine (machines/money-request.machine.ts) checks the
 *   prerequisites (personal information, a bound card, verified identity, a payment password), then
 *   waits for the amount (whole coins, at most the balance), the card and the payment password, and
 *   has the server hold the amount for review with one Idempotency-Key per withdrawal, so a double
 *   click or a retry holds once. The views read the form from it.
 * - following: the order-follow machine follows the request until it settles: withdrawalReview (an
 *   operator reviews it) and withdrawing (approved, the payout is under way) are fetched again every
 *   ten seconds; it ends in withdrawalSuccessful or withdrawalFailed (with the reason; the held
 *   amount is back in the balance). The views read the request from it. A player cannot reverse a
 *   request: there is no way back from here but a new withdrawal, which starts from fresh
 *   prerequisites (the balance has changed).
 */

import { type Profile, payPasswordPattern } from '@contract/auth';
import { type Withdrawal, type WithdrawalLimits, withdrawalFee, withdrawalPayoutYen } from '@contract/draw';
import { assign, type SnapshotFrom, setup } from 'xstate';
import {
  accountGate,
  type MoneyRequestOptions,
  moneyRequestMachine,
  type RequestCard,
  type RequestInput,
  shownMessages,
  startingCardId,
} from './money-request.machine';
import { orderFollowMachine } from './order-follow.machine';
import { type FieldMessages, parseWholeAmount } from './player-form-fields';

export interface WithdrawPrerequisites {
  profile: Pick<Profile, 'firstName' | 'lastName' | 'pinyinName' | 'balance' | 'kycStatus' | 'hasPayPassword'>;
  cards: RequestCard[];
  /** Shown before the amount is entered, and checked as it is typed. */
  limits: WithdrawalLimits;
}

export interface WithdrawValues {
  amount: string;
  bankCardId: number | null;
  payPassword: string;
}

export type WithdrawField = keyof WithdrawValues;

export interface WithdrawalBody {
  bankCardId: number;
  amount: number;
  payPassword: string;
}

export type WithdrawalRequest = RequestInput<WithdrawalBody>;

const emptyValues: WithdrawValues = { amount: '', bankCardId: null, payPassword: '' };

const withdrawForm: MoneyRequestOptions<WithdrawPrerequisites, WithdrawValues, WithdrawalBody> = {
  gate: ({ profile, cards }) => {
    const account = accountGate(profile, cards);
    if (account) return account;
    if (profile.kycStatus === 'pendingReview') return 'awaitingKycReview';
    if (profile.kycStatus !== 'approved') return 'needsKyc';
    return profile.hasPayPassword ? null : 'needsPayPassword';
  },
  emptyValues,
  startingValues: ({ cards }) => ({ ...emptyValues, bankCardId: startingCardId(cards) }),
  messages: (values, { profile, cards, limits }) => {
    const messages: FieldMessages<WithdrawField> = {};
    const amount = parseWholeAmount(values.amount);
    if (values.amount.trim() === '') messages.amount = { key: 'validation.amountRequired' };
    else if (amount === null || amount < 1) messages.amount = { key: 'validation.amount' };
    else if (amount < limits.minAmount || amount > limits.maxAmount)
      messages.amount = {
        key: 'validation.withdrawalRange',
        values: { min: limits.minAmount, max: limits.maxAmount },
      };
    else if (amount > profile.balance)
      messages.amount = { key: 'validation.amountOverBalance', values: { balance: profile.balance } };
    if (!cards.some((card) => card.id === values.bankCardId)) messages.bankCardId = { key: 'validation.bankCard' };
    if (values.payPassword === '') messages.payPassword = { key: 'validation.required' };
    else if (!payPasswordPattern.test(values.payPassword))
      messages.payPassword = { key: 'validation.payPasswordFormat' };
    return messages;
  },
  fields: ['amount', 'bankCardId', 'payPassword'],
  // Only a valid form is sent: the amount and the card are there.
  body: (values) => ({
    bankCardId: values.bankCardId ?? 0,
    amount: parseWholeAmount(values.amount) ?? 0,
    payPassword: values.payPassword,
  }),
  // The payment password is typed again after every answer, except a refusal of another field:
  // a wrong amount is no reason to type the password again.
  afterAnswer: (values, refusals) =>
    refusals && Object.keys(refusals).length > 0 && !('payPassword' in refusals)
      ? values
      : { ...values, payPassword: '' },
};

/** The withdrawal's front: prerequisites, the form, and the amount held once. */
export const withdrawRequest = moneyRequestMachine<WithdrawPrerequisites, WithdrawValues, WithdrawalBody, Withdrawal>(
  withdrawForm,
);

/** Follows a withdrawal every ten seconds until it is paid out or has failed. */
export const withdrawalFollow = orderFollowMachine<Withdrawal>({
  settledStatuses: ['withdrawalSuccessful', 'withdrawalFailed'],
  pollMs: 10_000,
});

export interface WithdrawContext {
  /** The request as the server accepted it; once followed, the follower holds it as it stands. */
  withdrawal: Withdrawal | null;
}

export type WithdrawEvent = { type: 'withdraw.again' };

export const withdrawMachine = setup({
  types: {
    context: {} as WithdrawContext,
    events: {} as WithdrawEvent,
    children: {} as { request: 'request'; followWithdrawal: 'followWithdrawal' },
  },
  actors: {
    request: withdrawRequest,
    followWithdrawal: withdrawalFollow,
  },
  actions: {
    /** The withdrawal or the balance changed on the server: refetch the balance and the records. */
    withdrawalChanged: () => {},
  },
}).createMachine({
  id: 'withdraw',
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
        input: ({ context }) => ({ order: context.withdrawal as Withdrawal }),
      },
      on: { 'withdraw.again': { target: 'requesting' } },
    },
  },
});

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
/** The fee and the yen paid out for the amount typed so far, or null while it is not an amount. */
export const selectWithdrawQuote = (snapshot: WithdrawRequestSnapshot) => {
  const limits = snapshot.context.prerequisites?.limits;
  const amount = parseWholeAmount(snapshot.context.values.amount);
  if (!limits || amount === null || amount < 1) return null;
  return { amount, fee: withdrawalFee(amount, limits), payoutYen: withdrawalPayoutYen(amount, limits) };
};
export const selectWithdrawMessages = (snapshot: WithdrawRequestSnapshot): FieldMessages<WithdrawField> =>
  shownMessages(withdrawForm, snapshot.context);
