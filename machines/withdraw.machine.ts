/**
 * withdraw: a yen withdrawal of game coins to a bound bank card, from the form to the payout.
 *
 * States:
 * - checkingPrerequisites: the profile (names, balance, KYC state, pay password) and the bound
 *   cards are fetched; they decide whether the player may withdraw at all.
 * - prerequisitesUnavailable: they could not be fetched; the page offers a retry.
 * - needsPersonalInformation: the names used for currency exchange are missing ("Go to edit").
 * - needsBankCard: no card is bound ("please bind the bank card first").
 * - needsKyc: identity is not verified yet (not sent, under review, or rejected).
 * - needsPayPassword: no payment password is set; withdrawals are confirmed with it.
 * - editing: waiting for the amount (whole coins, at most the balance), the card and the payment
 *   password.
 * - requesting: the server holds the amount for review. Sending generates ONE Idempotency-Key for
 *   this withdrawal; a retry after no answer reuses it, so a double click or a retry holds once.
 * - requestInterrupted: no answer came: retry with the same key, or back to the form.
 * - following: the order-follow machine follows the request until it settles: withdrawalReview (an
 *   operator reviews it) and withdrawing (approved, the payout is under way) are fetched again every
 *   ten seconds; it ends in withdrawalSuccessful or withdrawalFailed (with the reason; the held
 *   amount is back in the balance). The views read the request from it. A player cannot reverse a
 *   request: there is no way back from here but a new withdrawal.
 */

import { type Profile, payPasswordPattern } from '@contract/auth';
import type { BankCard } from '@contract/bank';
import type { Withdrawal } from '@contract/draw';
import { hasPersonalInformation } from '@contract/profile';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { orderFollowMachine } from './order-follow.machine';
import {
  answerMissing,
  type FieldMessages,
  parseWholeAmount,
  refusedFields,
  withChangedField,
  withRefusals,
} from './player-form-fields';

export type WithdrawCard = Pick<BankCard, 'id' | 'bankName' | 'maskedCardNumber' | 'isDefault'>;

export interface WithdrawPrerequisites {
  profile: Pick<Profile, 'firstName' | 'lastName' | 'pinyinName' | 'balance' | 'kycStatus' | 'hasPayPassword'>;
  cards: WithdrawCard[];
}

export interface WithdrawalRequest {
  bankCardId: number;
  amount: number;
  payPassword: string;
  idempotencyKey: string;
}

export type WithdrawField = 'amount' | 'bankCardId' | 'payPassword';

export interface WithdrawValues {
  amount: string;
  bankCardId: number | null;
  payPassword: string;
}

export interface WithdrawContext {
  balance: number;
  kycStatus: Profile['kycStatus'];
  cards: WithdrawCard[];
  values: WithdrawValues;
  showErrors: boolean;
  refusals: Record<string, string>;
  idempotencyKey: string | null;
  /** The request as the server accepted it; once followed, the follower holds it as it stands. */
  withdrawal: Withdrawal | null;
}

export type WithdrawEvent =
  | { type: 'prerequisites.retry' }
  | { type: 'field.changed'; field: 'amount' | 'payPassword'; value: string }
  | { type: 'field.changed'; field: 'bankCardId'; value: number }
  | { type: 'withdraw.submit' }
  | { type: 'request.retry' }
  | { type: 'withdraw.edit' }
  | { type: 'withdraw.again' };

function withdrawMessages(
  context: Pick<WithdrawContext, 'balance' | 'cards' | 'values'>,
): FieldMessages<WithdrawField> {
  const messages: FieldMessages<WithdrawField> = {};
  const amount = parseWholeAmount(context.values.amount);
  if (context.values.amount.trim() === '') messages.amount = { key: 'validation.amountRequired' };
  else if (amount === null || amount < 1) messages.amount = { key: 'validation.amount' };
  else if (amount > context.balance)
    messages.amount = { key: 'validation.amountOverBalance', values: { balance: context.balance } };
  if (!context.cards.some((card) => card.id === context.values.bankCardId))
    messages.bankCardId = { key: 'validation.bankCard' };
  if (context.values.payPassword === '') messages.payPassword = { key: 'validation.required' };
  else if (!payPasswordPattern.test(context.values.payPassword))
    messages.payPassword = { key: 'validation.payPasswordFormat' };
  return messages;
}

/** Follows a withdrawal every ten seconds until it is paid out or has failed. */
export const withdrawalFollow = orderFollowMachine<Withdrawal>({
  settledStatuses: ['withdrawalSuccessful', 'withdrawalFailed'],
  pollMs: 10_000,
});

const emptyValues: WithdrawValues = { amount: '', bankCardId: null, payPassword: '' };

export const withdrawMachine = setup({
  types: {
    context: {} as WithdrawContext,
    events: {} as WithdrawEvent,
    children: {} as { followWithdrawal: 'followWithdrawal' },
  },
  actors: {
    loadPrerequisites: fromPromise<WithdrawPrerequisites>(async () => {
      throw new Error('loadPrerequisites must be provided');
    }),
    requestWithdrawal: fromPromise<Withdrawal, WithdrawalRequest>(async () => {
      throw new Error('requestWithdrawal must be provided');
    }),
    followWithdrawal: withdrawalFollow,
  },
  actions: {
    /** The withdrawal or the balance changed on the server: refetch the balance and the records. */
    withdrawalChanged: () => {},
    newIdempotencyKey: assign({ idempotencyKey: () => crypto.randomUUID() }),
    storePrerequisites: assign((_, prerequisites: WithdrawPrerequisites) => {
      const card = prerequisites.cards.find((candidate) => candidate.isDefault) ?? prerequisites.cards[0];
      return {
        balance: prerequisites.profile.balance,
        kycStatus: prerequisites.profile.kycStatus,
        cards: prerequisites.cards,
        values: { ...emptyValues, bankCardId: card?.id ?? null },
      };
    }),
    resetFlow: assign({ idempotencyKey: null, withdrawal: null, showErrors: false, refusals: {}, values: emptyValues }),
  },
  guards: {
    personalInformationMissing: (_, prerequisites: WithdrawPrerequisites) =>
      !hasPersonalInformation(prerequisites.profile),
    noBankCard: (_, prerequisites: WithdrawPrerequisites) => prerequisites.cards.length === 0,
    kycNotApproved: (_, prerequisites: WithdrawPrerequisites) => prerequisites.profile.kycStatus !== 'approved',
    noPayPassword: (_, prerequisites: WithdrawPrerequisites) => !prerequisites.profile.hasPayPassword,
    formValid: ({ context }) => Object.keys(withdrawMessages(context)).length === 0,
    /** Reads the error event of the invoked call. */
    noAnswer: ({ event }) => answerMissing((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'withdraw',
  context: {
    balance: 0,
    kycStatus: 'notSubmitted',
    cards: [],
    values: emptyValues,
    showErrors: false,
    refusals: {},
    idempotencyKey: null,
    withdrawal: null,
  },
  initial: 'checkingPrerequisites',
  states: {
    checkingPrerequisites: {
      invoke: {
        id: 'loadPrerequisites',
        src: 'loadPrerequisites',
        onDone: [
          {
            guard: { type: 'personalInformationMissing', params: ({ event }) => event.output },
            target: 'needsPersonalInformation',
          },
          { guard: { type: 'noBankCard', params: ({ event }) => event.output }, target: 'needsBankCard' },
          {
            guard: { type: 'kycNotApproved', params: ({ event }) => event.output },
            target: 'needsKyc',
            actions: assign({ kycStatus: ({ event }) => event.output.profile.kycStatus }),
          },
          { guard: { type: 'noPayPassword', params: ({ event }) => event.output }, target: 'needsPayPassword' },
          { target: 'editing', actions: { type: 'storePrerequisites', params: ({ event }) => event.output } },
        ],
        onError: { target: 'prerequisitesUnavailable' },
      },
    },
    prerequisitesUnavailable: {
      on: { 'prerequisites.retry': { target: 'checkingPrerequisites' } },
    },
    needsPersonalInformation: {},
    needsBankCard: {},
    needsKyc: {},
    needsPayPassword: {},
    editing: {
      on: {
        'field.changed': { actions: assign(({ context, event }) => withChangedField(context, event)) },
        'withdraw.submit': [
          { guard: 'formValid', target: 'requesting', actions: 'newIdempotencyKey' },
          { actions: assign({ showErrors: true }) },
        ],
      },
    },
    requesting: {
      invoke: {
        id: 'requestWithdrawal',
        src: 'requestWithdrawal',
        input: ({ context }) => ({
          bankCardId: context.values.bankCardId ?? 0,
          amount: parseWholeAmount(context.values.amount) ?? 0,
          payPassword: context.values.payPassword,
          idempotencyKey: context.idempotencyKey ?? '',
        }),
        onDone: {
          target: 'following',
          actions: [
            assign(({ context, event }) => ({
              withdrawal: event.output,
              values: { ...context.values, payPassword: '' },
              showErrors: false,
              refusals: {},
            })),
            'withdrawalChanged',
          ],
        },
        onError: [
          { guard: 'noAnswer', target: 'requestInterrupted' },
          // An answer (wrong pay password, balance, limits): nothing was held; a new key next time.
          {
            target: 'editing',
            actions: assign(({ context, event }) => ({
              idempotencyKey: null,
              values: { ...context.values, payPassword: '' },
              showErrors: true,
              refusals: refusedFields(event.error),
            })),
          },
        ],
      },
    },
    requestInterrupted: {
      on: {
        'request.retry': { target: 'requesting' },
        'withdraw.edit': {
          target: 'editing',
          actions: assign(({ context }) => ({ idempotencyKey: null, values: { ...context.values, payPassword: '' } })),
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
      on: { 'withdraw.again': { target: 'checkingPrerequisites', actions: 'resetFlow' } },
    },
  },
});

export type WithdrawSnapshot = SnapshotFrom<typeof withdrawMachine>;

/** The view to show: the state itself, as the machine has no nested states. */
export const selectWithdrawStage = (snapshot: WithdrawSnapshot) => snapshot.value;
export const selectWithdrawValues = (snapshot: WithdrawSnapshot) => snapshot.context.values;
export const selectWithdrawCards = (snapshot: WithdrawSnapshot) => snapshot.context.cards;
export const selectWithdrawBalance = (snapshot: WithdrawSnapshot) => snapshot.context.balance;
export const selectWithdrawKycStatus = (snapshot: WithdrawSnapshot) => snapshot.context.kycStatus;
export const selectWithdrawMessages = (snapshot: WithdrawSnapshot): FieldMessages<WithdrawField> => {
  const { context } = snapshot;
  return withRefusals(context.showErrors ? withdrawMessages(context) : {}, context.refusals, [
    'amount',
    'bankCardId',
    'payPassword',
  ]);
};
/** The follower of the request once it is made: the views read the request from it. */
export const selectWithdrawalFollower = (snapshot: WithdrawSnapshot) => snapshot.children.followWithdrawal;
