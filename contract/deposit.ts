import * as v from 'valibot';
import { boundCardChoice } from './bank';
import { emptyBody, endpoint, isoDateTime, listQuery, pageOf, rowId } from './endpoint';
import {
  amount,
  amountInput,
  baseUnits,
  basisPoints,
  coin,
  cryptoDepositStatuses,
  depositStatuses,
  depositTotals,
  manualStatuses,
  network,
  orderSnInput,
  paymentStatuses,
  typedAmount,
} from './money';

/**
 * How a deposit is settled: automatic (the pay service reports the payment), manual (an operator
 * confirms the transfer on the bank statement) or crypto (the chain watcher sees the transaction).
 */
export const depositModes = ['automatic', 'manual', 'crypto'] as const;
export type DepositMode = (typeof depositModes)[number];

const orderSn = v.string();

const depositOrderEntries = {
  orderSn,
  channelId: v.string(),
  channelName: v.string(),
  /** Game coins credited (or to be credited) to the player; 1 yen = 1 coin. */
  amount,
  fee: amount,
  createdAt: isoDateTime,
  paidAt: v.nullable(isoDateTime),
  /** The operator's reason when a deposit they review failed, as a failed withdrawal has one. */
  failureReason: v.nullable(v.string()),
};

export const depositOrder = v.variant('mode', [
  v.object({
    ...depositOrderEntries,
    mode: v.literal('automatic'),
    currency: v.literal('JPY'),
    status: v.picklist(paymentStatuses),
  }),
  v.object({
    ...depositOrderEntries,
    mode: v.literal('manual'),
    currency: v.literal('JPY'),
    status: v.picklist(manualStatuses),
  }),
  /** A deposit seen on chain: its channel is the coin on its network, `paidAt` when it was credited. */
  v.object({
    ...depositOrderEntries,
    mode: v.literal('crypto'),
    currency: coin,
    network,
    /** The amount received on chain, in the coin's base unit. */
    cryptoAmount: baseUnits,
    depositAddress: v.string(),
    txHash: v.nullable(v.string()),
    /** Share kept by the exchange from coin to game coins. */
    damageRateBasisPoints: basisPoints,
    status: v.picklist(cryptoDepositStatuses),
  }),
]);
export type DepositOrder = v.InferOutput<typeof depositOrder>;

const payChannel = v.object({
  id: v.string(),
  name: v.string(),
  mode: v.picklist(['automatic', 'manual']),
  currency: v.literal('JPY'),
  minAmount: amount,
  maxAmount: amount,
  /** Quick-pick amounts the deposit form offers. */
  presetAmounts: v.array(amount),
  feeRateBasisPoints: basisPoints,
});
export type PayChannel = v.InferOutput<typeof payChannel>;

export const payChannelQuery = endpoint({
  path: '/v2/app/pay/query',
  access: 'user',
  summary: 'The yen deposit channels open to the player, with their limits',
  body: emptyBody,
  data: v.array(payChannel),
});

export const exchangeRatio = v.object({
  /** An ISO 4217 code of a currency the site takes deposits in. */
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
  /** Game coins one unit of it buys. */
  coinsPerUnit: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type ExchangeRatio = v.InferOutput<typeof exchangeRatio>;

export const exchangeRatiosQuery = endpoint({
  path: '/v2/app/pay/exchange/ratios',
  access: 'public',
  summary: 'How many game coins one unit of each currency the site takes deposits in buys',
  body: emptyBody,
  data: v.array(exchangeRatio),
});

/** What the player does next to pay the order. */
const paymentInstructions = v.variant('kind', [
  v.object({ kind: v.literal('redirect'), url: v.string() }),
  v.object({
    kind: v.literal('bankTransfer'),
    /** The yen to send: the order's amount before the fee, the figure the transfer is matched by. */
    yenAmount: amount,
    bankName: v.string(),
    branchName: v.string(),
    branchCode: v.string(),
    accountType: v.string(),
    accountNumber: v.string(),
    accountHolder: v.string(),
    /** Text the player writes in the transfer so the payment is matched to the order. */
    transferNote: v.string(),
  }),
]);
export type PaymentInstructions = v.InferOutput<typeof paymentInstructions>;

const channelIdInput = v.pipe(v.string(), v.nonEmpty('validation.channel'), v.maxLength(64, 'validation.channel'));

export const createPayOrder = endpoint({
  path: '/v2/app/pay/order',
  access: 'user',
  summary: 'Open a yen deposit order on a channel, paid from one of the player’s bound bank cards',
  idempotent: true,
  body: v.object({
    channelId: channelIdInput,
    amount: amountInput,
    /** The paying card: the payer's name on it must be the player's. */
    bankCardId: rowId('validation.bankCard'),
  }),
  data: v.object({ order: depositOrder, instructions: paymentInstructions, expiresAt: isoDateTime }),
});

/**
 * The deposit form as the player fills it, checked in the browser before the call: one of the open
 * channels, an amount in whole yen within that channel's limits, and one of the player's bound cards.
 */
export function depositOrderForm(
  channels: readonly Pick<PayChannel, 'id' | 'minAmount' | 'maxAmount'>[],
  cardIds: readonly number[],
) {
  const limitsOf = (id: string) => channels.find((channel) => channel.id === id);
  return v.pipe(
    v.object({
      channelId: v.pipe(
        channelIdInput,
        v.check((id) => limitsOf(id) !== undefined, 'validation.channel'),
      ),
      amount: typedAmount,
      bankCardId: boundCardChoice(cardIds),
    }),
    v.forward(
      v.partialCheck(
        [['channelId'], ['amount']],
        ({ channelId, amount }) => amount >= (limitsOf(channelId)?.minAmount ?? 0),
        'validation.amountMin',
      ),
      ['amount'],
    ),
    v.forward(
      v.partialCheck(
        [['channelId'], ['amount']],
        ({ channelId, amount }) => amount <= (limitsOf(channelId)?.maxAmount ?? 0),
        'validation.amountMax',
      ),
      ['amount'],
    ),
  );
}

export const payOrderQuery = endpoint({
  path: '/v2/app/pay/order/get',
  access: 'user',
  summary: 'One of the player’s yen deposit orders, by its order number (404 for any other number)',
  body: v.object({ orderSn: orderSnInput }),
  data: depositOrder,
});

export const openPayOrderQuery = endpoint({
  path: '/v2/app/pay/order/open',
  access: 'user',
  summary:
    'One of the player’s yen deposit orders with how to pay it: the instructions while it is open, null once it is paid, failed or expired',
  body: v.object({ orderSn: orderSnInput }),
  data: v.object({ order: depositOrder, instructions: v.nullable(paymentInstructions), expiresAt: isoDateTime }),
});
export type ResumedOrder = v.InferOutput<typeof openPayOrderQuery.data>;

export const currentPayOrderQuery = endpoint({
  path: '/v2/app/pay/order/current',
  access: 'user',
  summary:
    'The player’s newest yen deposit order that can still be paid, with how to pay it, so a page left after ordering finds it again; null when none',
  body: emptyBody,
  data: v.nullable(v.object({ order: depositOrder, instructions: paymentInstructions, expiresAt: isoDateTime })),
});

export const cancelPayOrder = endpoint({
  path: '/v2/app/pay/order/cancel',
  access: 'user',
  summary:
    'Stop offering one of the player’s open yen deposit orders: it is no longer shown nor payable; money that arrives for it anyway is still credited',
  body: v.object({ orderSn: orderSnInput }),
  data: depositOrder,
});

export const payOrderList = endpoint({
  path: '/v2/app/pay/list',
  access: 'user',
  summary: 'The player’s deposits, yen orders and crypto deposits in one list, newest first, with their totals',
  body: v.optional(
    listQuery({
      mode: v.optional(v.picklist(depositModes)),
      status: v.optional(v.picklist(depositStatuses)),
    }),
    {},
  ),
  data: v.object({
    ...pageOf(depositOrder).entries,
    /** Over every order the filters match, all pages, by status group. */
    totals: depositTotals,
  }),
});
