/**
 * deposit: a yen deposit, from the form to the money arriving as game coins.
 *
 * States:
 * - resumingOrder: the page was opened for an order (the provider's checkout page sends the player
 *   back with `?orderSn=`): that order is fetched and followed; an unknown one leads to the form.
 * - checkingPrerequisites: the profile, the bound cards and the open channels are fetched; they
 *   decide whether the player may deposit at all.
 * - prerequisitesUnavailable: they could not be fetched; the page offers a retry.
 * - needsPersonalInformation: the names used for currency exchange are missing ("please complete
 *   personal information", with "Go to edit").
 * - needsBankCard: no card is bound ("please bind the bank card first"): the paying card's holder
 *   name is how a payment is matched to the player.
 * - noChannel: no deposit channel is open right now.
 * - editing: waiting for the channel, the amount in yen (within the channel's limits; the game coins
 *   it buys are shown at the ratio) and the paying card.
 * - creatingOrder: the server opens the order. Sending generates ONE Idempotency-Key for this
 *   deposit; a retry after no answer reuses it, so a double click or a retry opens one order.
 * - orderInterrupted: no answer came (network, timeout, server fault): retry with the same key, or
 *   go back to the form (a new deposit, a new key).
 * - following: the order-follow machine follows the order until it settles (a payment, a refund
 *   or an operator's decision is seen without a reload); the views read the order from it.
 *   Automatic channels end in paymentSuccessful or refundSuccessful, manual ones (a bank transfer
 *   an operator confirms) in successful or failed. A new deposit can be started at any time.
 */

import type { Profile } from '@contract/auth';
import type { BankCard } from '@contract/bank';
import type { DepositOrder, PayChannel, PaymentInstructions } from '@contract/pay';
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

/** The contract's exchange: 1 yen buys 1 game coin (contract/pay.ts, depositOrder.amount). */
export const coinsPerYen = 1;

export type DepositCard = Pick<BankCard, 'id' | 'bankName' | 'maskedCardNumber' | 'isDefault'>;

export interface DepositPrerequisites {
  profile: Pick<Profile, 'firstName' | 'lastName' | 'pinyinName'>;
  cards: DepositCard[];
  channels: PayChannel[];
}

export interface OrderRequest {
  channelId: string;
  amount: number;
  bankCardId: number;
  idempotencyKey: string;
}

export interface CreatedOrder {
  order: DepositOrder;
  instructions: PaymentInstructions;
  expiresAt: string;
}

export type DepositField = 'channelId' | 'amount' | 'bankCardId';

export interface DepositValues {
  channelId: string;
  amount: string;
  bankCardId: number | null;
}

export interface DepositContext {
  channels: PayChannel[];
  cards: DepositCard[];
  values: DepositValues;
  showErrors: boolean;
  refusals: Record<string, string>;
  idempotencyKey: string | null;
  /** The order as created or found; once followed, the follower holds it as it stands. */
  order: DepositOrder | null;
  instructions: PaymentInstructions | null;
  expiresAt: string | null;
  /** The order the page was opened for, until it is found. */
  resumeOrderSn: string | null;
}

export interface DepositInput {
  /** An order to follow from the start (the provider's return link names it). */
  orderSn?: string | null;
}

export type DepositEvent =
  | { type: 'prerequisites.retry' }
  | { type: 'field.changed'; field: 'channelId' | 'amount'; value: string }
  | { type: 'field.changed'; field: 'bankCardId'; value: number }
  | { type: 'deposit.submit' }
  | { type: 'order.retry' }
  | { type: 'deposit.edit' }
  | { type: 'deposit.again' };

function chosenChannel(context: Pick<DepositContext, 'channels' | 'values'>): PayChannel | null {
  return context.channels.find((channel) => channel.id === context.values.channelId) ?? null;
}

function depositMessages(context: Pick<DepositContext, 'channels' | 'cards' | 'values'>): FieldMessages<DepositField> {
  const messages: FieldMessages<DepositField> = {};
  const channel = chosenChannel(context);
  if (!channel) messages.channelId = { key: 'validation.channel' };
  if (!context.cards.some((card) => card.id === context.values.bankCardId))
    messages.bankCardId = { key: 'validation.bankCard' };
  const amount = parseWholeAmount(context.values.amount);
  if (context.values.amount.trim() === '') messages.amount = { key: 'validation.amountRequired' };
  else if (amount === null || amount < 1) messages.amount = { key: 'validation.amount' };
  else if (channel && amount < channel.minAmount)
    messages.amount = { key: 'validation.amountMin', values: { min: channel.minAmount } };
  else if (channel && amount > channel.maxAmount)
    messages.amount = { key: 'validation.amountMax', values: { max: channel.maxAmount } };
  return messages;
}

export interface DepositQuote {
  /** Yen paid. */
  amount: number;
  /** Game coins the yen buy at the ratio. */
  coins: number;
  /** Coins the channel keeps as its fee. */
  fee: number;
  /** Coins that arrive in the balance. */
  credited: number;
}

/** What the amount buys on the chosen channel, as the server credits it: coins at the ratio less the fee. */
export function depositQuote(amount: number, channel: Pick<PayChannel, 'feeRateBasisPoints'>): DepositQuote {
  const coins = amount * coinsPerYen;
  const fee = Math.floor((coins * channel.feeRateBasisPoints) / 10_000);
  return { amount, coins, fee, credited: coins - fee };
}

/** Follows a deposit order every five seconds until it reaches a status it no longer leaves by itself. */
export const depositOrderFollow = orderFollowMachine<DepositOrder>({
  settledStatuses: ['paymentSuccessful', 'refundSuccessful', 'successful', 'failed'],
  pollMs: 5_000,
});

export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    events: {} as DepositEvent,
    input: {} as DepositInput,
    children: {} as { followOrder: 'followOrder' },
  },
  actors: {
    loadPrerequisites: fromPromise<DepositPrerequisites>(async () => {
      throw new Error('loadPrerequisites must be provided');
    }),
    createOrder: fromPromise<CreatedOrder, OrderRequest>(async () => {
      throw new Error('createOrder must be provided');
    }),
    /** The order as the server has it now; it fails for a number the player has no order under. */
    fetchOrder: fromPromise<DepositOrder, { orderSn: string }>(async () => {
      throw new Error('fetchOrder must be provided');
    }),
    followOrder: depositOrderFollow,
  },
  actions: {
    /** Opens the provider's checkout page (a new tab, so this page keeps following the order). */
    openCheckout: (_, _params: { url: string }) => {},
    /** The order or the balance changed on the server: refetch the balance and the records. */
    orderChanged: () => {},
    newIdempotencyKey: assign({ idempotencyKey: () => crypto.randomUUID() }),
    storePrerequisites: assign((_, prerequisites: DepositPrerequisites) => {
      const card = prerequisites.cards.find((candidate) => candidate.isDefault) ?? prerequisites.cards[0];
      return {
        channels: prerequisites.channels,
        cards: prerequisites.cards,
        values: { channelId: prerequisites.channels[0]?.id ?? '', amount: '', bankCardId: card?.id ?? null },
      };
    }),
    resetFlow: assign({
      idempotencyKey: null,
      order: null,
      instructions: null,
      expiresAt: null,
      showErrors: false,
      refusals: {},
      values: { channelId: '', amount: '', bankCardId: null },
    }),
  },
  guards: {
    personalInformationMissing: (_, prerequisites: DepositPrerequisites) =>
      !hasPersonalInformation(prerequisites.profile),
    noBankCard: (_, prerequisites: DepositPrerequisites) => prerequisites.cards.length === 0,
    noChannel: (_, prerequisites: DepositPrerequisites) => prerequisites.channels.length === 0,
    formValid: ({ context }) => Object.keys(depositMessages(context)).length === 0,
    /** Reads the error event of the invoked call. */
    noAnswer: ({ event }) => answerMissing((event as { error?: unknown }).error),
    checkoutPage: (_, created: CreatedOrder) => created.instructions.kind === 'redirect',
    hasOrderToResume: ({ context }) => context.resumeOrderSn !== null,
  },
}).createMachine({
  id: 'deposit',
  context: ({ input }) => ({
    resumeOrderSn: input.orderSn?.trim() || null,
    channels: [],
    cards: [],
    values: { channelId: '', amount: '', bankCardId: null },
    showErrors: false,
    refusals: {},
    idempotencyKey: null,
    order: null,
    instructions: null,
    expiresAt: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasOrderToResume', target: 'resumingOrder' }, { target: 'checkingPrerequisites' }],
    },
    resumingOrder: {
      invoke: {
        id: 'fetchOrder',
        src: 'fetchOrder',
        input: ({ context }) => ({ orderSn: context.resumeOrderSn ?? '' }),
        onDone: { target: 'following', actions: assign({ order: ({ event }) => event.output, resumeOrderSn: null }) },
        onError: { target: 'checkingPrerequisites', actions: assign({ resumeOrderSn: null }) },
      },
    },
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
          { guard: { type: 'noChannel', params: ({ event }) => event.output }, target: 'noChannel' },
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
    noChannel: {},
    editing: {
      on: {
        'field.changed': { actions: assign(({ context, event }) => withChangedField(context, event)) },
        'deposit.submit': [
          { guard: 'formValid', target: 'creatingOrder', actions: 'newIdempotencyKey' },
          { actions: assign({ showErrors: true }) },
        ],
      },
    },
    creatingOrder: {
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => ({
          channelId: context.values.channelId,
          amount: parseWholeAmount(context.values.amount) ?? 0,
          bankCardId: context.values.bankCardId ?? 0,
          idempotencyKey: context.idempotencyKey ?? '',
        }),
        onDone: [
          {
            guard: { type: 'checkoutPage', params: ({ event }) => event.output },
            target: 'following',
            actions: [
              assign(({ event }) => ({ ...event.output, showErrors: false, refusals: {} })),
              {
                type: 'openCheckout',
                params: ({ event }) => ({
                  url: event.output.instructions.kind === 'redirect' ? event.output.instructions.url : '',
                }),
              },
              'orderChanged',
            ],
          },
          {
            target: 'following',
            actions: [assign(({ event }) => ({ ...event.output, showErrors: false, refusals: {} })), 'orderChanged'],
          },
        ],
        onError: [
          { guard: 'noAnswer', target: 'orderInterrupted' },
          // An answer: nothing was opened; the next attempt is a new deposit with a new key.
          {
            target: 'editing',
            actions: assign(({ event }) => ({
              idempotencyKey: null,
              showErrors: true,
              refusals: refusedFields(event.error),
            })),
          },
        ],
      },
    },
    orderInterrupted: {
      on: {
        'order.retry': { target: 'creatingOrder' },
        'deposit.edit': { target: 'editing', actions: assign({ idempotencyKey: null }) },
      },
    },
    following: {
      invoke: {
        id: 'followOrder',
        src: 'followOrder',
        // Every way into this state has just stored the order.
        input: ({ context }) => ({ order: context.order as DepositOrder }),
      },
      // A new deposit starts from fresh prerequisites: the cards or channels may have changed.
      on: { 'deposit.again': { target: 'checkingPrerequisites', actions: 'resetFlow' } },
    },
  },
});

export type DepositSnapshot = SnapshotFrom<typeof depositMachine>;

/** The view to show: the state itself, as the machine has no nested states. */
export const selectDepositStage = (snapshot: DepositSnapshot) => snapshot.value;
export const selectDepositValues = (snapshot: DepositSnapshot) => snapshot.context.values;
export const selectDepositChannels = (snapshot: DepositSnapshot) => snapshot.context.channels;
export const selectDepositCards = (snapshot: DepositSnapshot) => snapshot.context.cards;
export const selectChosenChannel = (snapshot: DepositSnapshot) => chosenChannel(snapshot.context);
export const selectDepositMessages = (snapshot: DepositSnapshot): FieldMessages<DepositField> => {
  const { context } = snapshot;
  return withRefusals(context.showErrors ? depositMessages(context) : {}, context.refusals, [
    'channelId',
    'amount',
    'bankCardId',
  ]);
};
/** The coins the typed amount buys, or null while it is not a whole positive amount. */
export const selectDepositQuote = (snapshot: DepositSnapshot): DepositQuote | null => {
  const amount = parseWholeAmount(snapshot.context.values.amount);
  const channel = chosenChannel(snapshot.context);
  return amount && channel ? depositQuote(amount, channel) : null;
};
export const selectPaymentInstructions = (snapshot: DepositSnapshot) => snapshot.context.instructions;
export const selectOrderExpiresAt = (snapshot: DepositSnapshot) => snapshot.context.expiresAt;
/** The follower of the order while the page shows one: the views read the order from it. */
export const selectDepositFollower = (snapshot: DepositSnapshot) => snapshot.children.followOrder;
