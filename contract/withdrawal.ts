import * as v from 'valibot';
import { payPasswordPattern } from './auth';
import { boundCardChoice } from './bank';
import { emptyBody, endpoint, isoDateTime, listQuery, pageOf, rowId } from './endpoint';
import {
  amount,
  amountInput,
  baseUnits,
  basisPoints,
  coin,
  network,
  orderSnInput,
  payPasswordInput,
  typedAmount,
  withdrawalStatuses,
  withdrawalTotals,
} from './money';

export const withdrawalMethods = ['bank', 'crypto'] as const;
export type WithdrawalMethod = (typeof withdrawalMethods)[number];

const withdrawalEntries = {
  orderSn: v.string(),
  /** Game coins taken from the player's balance, fee included. */
  amount,
  fee: amount,
  status: v.picklist(withdrawalStatuses),
  createdAt: isoDateTime,
  completedAt: v.nullable(isoDateTime),
  /** The operator's or the payout's reason when the withdrawal failed. */
  failureReason: v.nullable(v.string()),
};

export const withdrawal = v.variant('method', [
  v.object({
    ...withdrawalEntries,
    method: v.literal('bank'),
    bankCard: v.object({ id: v.number(), bankName: v.string(), maskedCardNumber: v.string() }),
  }),
  v.object({
    ...withdrawalEntries,
    method: v.literal('crypto'),
    coin,
    network,
    address: v.string(),
    memo: v.nullable(v.string()),
    /** What is sent on chain, in the coin's base unit, after the network fee. */
    cryptoAmount: baseUnits,
    /** The pair's withdrawal fee in the coin's base unit; `fee` is the same in game coins. */
    networkFee: baseUnits,
    damageRateBasisPoints: basisPoints,
    txHash: v.nullable(v.string()),
  }),
]);
export type Withdrawal = v.InferOutput<typeof withdrawal>;

export const withdrawToBank = endpoint({
  path: '/v2/app/draw/withdraw',
  access: 'user',
  summary: 'Request a yen withdrawal to a bound bank card; the amount is held until an operator reviews it',
  idempotent: true,
  body: v.object({
    bankCardId: rowId('validation.bankCard'),
    amount: amountInput,
    payPassword: payPasswordInput,
  }),
  data: withdrawal,
});

export const withdrawalLimits = v.object({
  /** Game coins per request, fee included. */
  minAmount: amount,
  maxAmount: amount,
  /** The fee taken from the amount, in hundredths of a percent (rounded down to whole coins). */
  feeRateBasisPoints: basisPoints,
  /** Game coins per yen paid out: what is left after the fee, divided by this, rounded down. */
  coinsPerYen: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type WithdrawalLimits = v.InferOutput<typeof withdrawalLimits>;

/** The fee taken from a bank withdrawal of `amount` coins: a share of it, rounded down to whole coins. */
export function withdrawalFee(amount: number, limits: Pick<WithdrawalLimits, 'feeRateBasisPoints'>): number {
  return Math.floor((amount * limits.feeRateBasisPoints) / 10_000);
}

/** The yen paid to the card for a withdrawal of `amount` coins. */
export function withdrawalPayoutYen(amount: number, limits: Omit<WithdrawalLimits, 'minAmount' | 'maxAmount'>): number {
  return Math.floor((amount - withdrawalFee(amount, limits)) / limits.coinsPerYen);
}

/**
 * The withdrawal form as the player fills it, checked in the browser before the call: whole coins
 * within the limits and no more than the balance, one of the player's bound cards, and the six-digit
 * payment password.
 */
export function withdrawForm(
  limits: Pick<WithdrawalLimits, 'minAmount' | 'maxAmount'>,
  balance: number,
  cardIds: readonly number[],
) {
  return v.object({
    amount: v.pipe(
      typedAmount,
      v.check((typed) => typed >= limits.minAmount && typed <= limits.maxAmount, 'validation.withdrawalRange'),
      v.maxValue(balance, 'validation.amountOverBalance'),
    ),
    bankCardId: boundCardChoice(cardIds),
    payPassword: v.pipe(
      v.string(),
      v.nonEmpty('validation.required'),
      v.regex(payPasswordPattern, 'validation.payPasswordFormat'),
    ),
  });
}

export const withdrawalLimitsQuery = endpoint({
  path: '/v2/app/draw/limits',
  access: 'user',
  summary: 'The bank withdrawal’s minimum, maximum and fee, shown before the amount is entered',
  body: emptyBody,
  data: withdrawalLimits,
});

export const withdrawalQuery = endpoint({
  path: '/v2/app/draw/get',
  access: 'user',
  summary: 'One of the player’s withdrawals (bank or crypto), by its order number (404 for any other number)',
  body: v.object({ orderSn: orderSnInput }),
  data: withdrawal,
});

export const cancelWithdrawal = endpoint({
  path: '/v2/app/draw/cancel',
  access: 'user',
  summary:
    'Cancel one of the player’s withdrawals while it waits for its review: the hold is released; a repeat answers as the first',
  body: v.object({ orderSn: orderSnInput }),
  data: withdrawal,
});

export const withdrawalList = endpoint({
  path: '/v2/app/draw/list',
  access: 'user',
  summary: 'The player’s withdrawals (bank and crypto), newest first',
  body: v.optional(
    listQuery({
      method: v.optional(v.picklist(withdrawalMethods)),
      status: v.optional(v.picklist(withdrawalStatuses)),
    }),
    {},
  ),
  data: v.object({
    ...pageOf(withdrawal).entries,
    /** Over every withdrawal the filters match, all pages, by status group. */
    totals: withdrawalTotals,
  }),
});
