/**
 * deposit: a yen deposit, from the form to the money arriving as game coins.
 *
 * States:
 * - starting: passing through: an order named by the page is followed, else the player's open
 *   order is looked for.
 * - findingOpenOrder: the server is asked for the player's newest order that can still be paid (a
 *   page left after ordering loses nothing); none, or no answer, starts a new deposit.
 * - offeringOpenOrder: that order is shown with its instructions, and the player continues it
 *   (followed as any order) or cancels it.
 * - cancellingOpenOrder: the server stops offering the order; then a new deposit starts. A refusal
 *   comes back to the offer.
 * - resumingOrder: the page was opened for an order (the provider's checkout page sends the player
 *   back with `?orderSn=`, and an open order's record links here): that order is fetched with its
 *   payment instructions while it can still be paid, and followed; an unknown one starts a new
 *   deposit.
 * - requesting: the money-request machine (machines/money-request.machine.ts) checks the
 *   prerequisites (personal information, a bound card, an open channel), then waits for the form:
 *   the channel, the amount in yen (within the channel's limits, checked by the view's form against
 *   the contract's depositOrderForm; the game coins it buys are shown at the ratio, by depositQuote, only
 *   for an amount the channel takes) and the paying
 *   card, and opens the order with one Idempotency-Key per deposit. The views read the channels,
 *   the cards and the server's refusals from it. A checkout page is opened in a new tab as soon as
 *   the order exists.
 * - following: the order-follow machine follows the order until it settles (a payment, a refund
 *   or an operator's decision is seen without a reload); the views read the order from it.
 *   Automatic channels end in paymentSuccessful or refundSuccessful, manual ones (a bank transfer
 *   an operator confirms) in successful or failed. A new deposit can be started at any time, and
 *   starts from fresh prerequisites: the cards or channels may have changed.
 */

import type { Profile } from '@contract/auth';
import type { DepositOrder, PayChannel, PaymentInstructions, ResumedOrder } from '@contract/deposit';
import { typedAmountValue } from '@contract/money';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { accountGates, moneyRequestMachine, type RequestCard, type RequestInput } from './money-request.machine';
import { orderFollowMachine } from './order-follow.machine';

/** The contract's exchange: 1 yen buys 1 game coin (contract/deposit.ts, depositOrder.amount). */
export const coinsPerYen = 1;

export interface DepositPrerequisites {
  profile: Pick<Profile, 'firstName' | 'lastName' | 'pinyinName'>;
  cards: RequestCard[];
  channels: PayChannel[];
}

export interface OrderBody {
  channelId: string;
  amount: number;
  bankCardId: number;
}

export type OrderRequest = RequestInput<OrderBody>;

export interface CreatedOrder {
  order: DepositOrder;
  instructions: PaymentInstructions;
  expiresAt: string;
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

/**
 * What the typed amount buys on the chosen channel, as the server credits it: coins at the ratio less
 * the fee. Only an amount the channel takes has a quote: below its minimum or above its maximum the
 * form refuses the amount, and a credit shown beside that refusal would promise coins no order gives.
 */
export function depositQuote(
  typed: string,
  channel: Pick<PayChannel, 'feeRateBasisPoints' | 'minAmount' | 'maxAmount'> | null,
): DepositQuote | null {
  const amount = typedAmountValue(typed);
  if (amount === null || !channel || amount < channel.minAmount || amount > channel.maxAmount) return null;
  const coins = amount * coinsPerYen;
  const fee = Math.floor((coins * channel.feeRateBasisPoints) / 10_000);
  return { amount, coins, fee, credited: coins - fee };
}

/** The deposit's front: prerequisites, the form, and the order opened once. */
export const depositRequest = moneyRequestMachine<DepositPrerequisites, OrderBody, CreatedOrder>({
  gates: { ...accountGates, noChannel: ({ channels }) => channels.length === 0 },
});

/** Follows a deposit order every five seconds until it reaches a status it no longer leaves by itself. */
export const depositOrderFollow = orderFollowMachine<DepositOrder>({
  settledStatuses: ['paymentSuccessful', 'refundSuccessful', 'successful', 'failed'],
  pollMs: 5_000,
});

export interface DepositContext {
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

export type DepositEvent = { type: 'deposit.again' } | { type: 'openOrder.continue' } | { type: 'openOrder.cancel' };

/** The open order the server found, with how to pay it. */
export type OpenOrder = CreatedOrder;

export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    events: {} as DepositEvent,
    input: {} as DepositInput,
    children: {} as { request: 'request'; followOrder: 'followOrder' },
  },
  actors: {
    request: depositRequest,
    /** The order as the server has it now, with its instructions while open; it fails for a number the player has no order under. */
    resumeOrder: fromPromise<ResumedOrder, { orderSn: string }>(async () => {
      throw new Error('resumeOrder must be provided');
    }),
    followOrder: depositOrderFollow,
    /** The player's newest order that can still be paid, or null. */
    findOpenOrder: fromPromise<OpenOrder | null>(async () => {
      throw new Error('findOpenOrder must be provided');
    }),
    /** Stops offering the open order; the answer is the order as it stands. */
    cancelOpenOrder: fromPromise<DepositOrder, { orderSn: string }>(async () => {
      throw new Error('cancelOpenOrder must be provided');
    }),
  },
  actions: {
    /** Opens the provider's checkout page (a new tab, so this page keeps following the order). */
    openCheckout: (_, _params: { url: string }) => {},
    /** The order or the balance changed on the server: refetch the balance and the records. */
    orderChanged: () => {},
  },
  guards: {
    checkoutPage: (_, created: CreatedOrder) => created.instructions.kind === 'redirect',
    hasOrderToResume: ({ context }) => context.resumeOrderSn !== null,
    foundOpenOrder: (_, found: OpenOrder | null) => found !== null,
  },
}).createMachine({
  id: 'deposit',
  context: ({ input }) => ({
    resumeOrderSn: input.orderSn?.trim() || null,
    order: null,
    instructions: null,
    expiresAt: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasOrderToResume', target: 'resumingOrder' }, { target: 'findingOpenOrder' }],
    },
    findingOpenOrder: {
      invoke: {
        id: 'findOpenOrder',
        src: 'findOpenOrder',
        onDone: [
          {
            guard: { type: 'foundOpenOrder', params: ({ event }) => event.output },
            target: 'offeringOpenOrder',
            actions: assign(({ event }) => event.output ?? {}),
          },
          { target: 'requesting' },
        ],
        onError: { target: 'requesting' },
      },
    },
    offeringOpenOrder: {
      on: {
        'openOrder.continue': { target: 'following' },
        'openOrder.cancel': { target: 'cancellingOpenOrder' },
      },
    },
    cancellingOpenOrder: {
      invoke: {
        id: 'cancelOpenOrder',
        src: 'cancelOpenOrder',
        // The offer has just stored the order.
        input: ({ context }) => ({ orderSn: (context.order as DepositOrder).orderSn }),
        onDone: {
          target: 'requesting',
          actions: [assign({ order: null, instructions: null, expiresAt: null }), 'orderChanged'],
        },
        onError: { target: 'offeringOpenOrder' },
      },
    },
    resumingOrder: {
      invoke: {
        id: 'resumeOrder',
        src: 'resumeOrder',
        input: ({ context }) => ({ orderSn: context.resumeOrderSn ?? '' }),
        onDone: { target: 'following', actions: assign(({ event }) => ({ ...event.output, resumeOrderSn: null })) },
        onError: { target: 'requesting', actions: assign({ resumeOrderSn: null }) },
      },
    },
    requesting: {
      invoke: {
        id: 'request',
        src: 'request',
        onDone: [
          {
            guard: { type: 'checkoutPage', params: ({ event }) => event.output },
            target: 'following',
            actions: [
              assign(({ event }) => event.output),
              {
                type: 'openCheckout',
                params: ({ event }) => ({
                  url: event.output.instructions.kind === 'redirect' ? event.output.instructions.url : '',
                }),
              },
              'orderChanged',
            ],
          },
          { target: 'following', actions: [assign(({ event }) => event.output), 'orderChanged'] },
        ],
      },
    },
    following: {
      invoke: {
        id: 'followOrder',
        src: 'followOrder',
        // Every way into this state has just stored the order.
        input: ({ context }) => ({ order: context.order as DepositOrder }),
      },
      on: { 'deposit.again': { target: 'requesting' } },
    },
  },
});

export type DepositSnapshot = SnapshotFrom<typeof depositMachine>;
export type DepositRequestSnapshot = SnapshotFrom<typeof depositRequest>;

/** The view to show: the state itself, as the machine has no nested states. */
export const selectDepositStage = (snapshot: DepositSnapshot) => snapshot.value;
/** The front of a new deposit while the page shows one: the views read the form from it. */
export const selectDepositRequest = (snapshot: DepositSnapshot) => snapshot.children.request;
export const selectPaymentInstructions = (snapshot: DepositSnapshot) => snapshot.context.instructions;
export const selectOrderExpiresAt = (snapshot: DepositSnapshot) => snapshot.context.expiresAt;
/** The follower of the order while the page shows one: the views read the order from it. */
export const selectDepositFollower = (snapshot: DepositSnapshot) => snapshot.children.followOrder;
/** The open order offered again, while the page offers it. */
export const selectOpenOrder = (snapshot: DepositSnapshot) => snapshot.context.order;

export const selectDepositChannels = (snapshot: DepositRequestSnapshot) =>
  snapshot.context.prerequisites?.channels ?? [];
