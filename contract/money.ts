import * as v from 'valibot';
import { multiLine } from './plain-text';

/**
 * Yen has no minor unit and game coins are whole, so money in yen or coins is an integer count of
 * yen or coins. This is what a caller may ask to move: at least one.
 */
export const amountInput = v.pipe(
  v.number('validation.amount'),
  v.safeInteger('validation.amount'),
  v.minValue(1, 'validation.amountPositive'),
);

/**
 * An amount as a player types it in a form: whole yen or coins, grouping commas, spaces and
 * full-width digits allowed, read as the number the call's `amountInput` takes (at least one).
 */
export const typedAmount = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('validation.amountRequired'),
  v.transform((text) => text.normalize('NFKC').replace(/[,\s]/g, '')),
  v.regex(/^\d{1,15}$/, 'validation.amount'),
  v.transform(Number),
  v.minValue(1, 'validation.amount'),
);

/** The amount a form's text stands for, or null while it is none (for the figures shown as it is typed). */
export function typedAmountValue(text: string): number | null {
  const result = v.safeParse(typedAmount, text);
  return result.success ? result.output : null;
}

/** A yen or coin amount in a response; signed where it is a result (profit/loss, ledger entries). */
export const signedAmount = v.pipe(v.number(), v.safeInteger());
export const amount = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

/**
 * Crypto amounts in the asset's base unit (wei, sun, satoshi) as decimal strings: they exceed
 * what a JSON number holds exactly.
 */
export const baseUnits = v.pipe(v.string(), v.regex(/^(0|[1-9]\d{0,77})$/, 'validation.baseUnits'));
export const positiveBaseUnits = v.pipe(v.string(), v.regex(/^[1-9]\d{0,77}$/, 'validation.amountPositive'));

/** A rate as a decimal string (for example game coins per whole coin), exact where a float is not. */
export const decimalRate = v.pipe(v.string(), v.regex(/^\d{1,30}(\.\d{1,18})?$/));

/** Fee and rebate rates in basis points: 100 = 1 %. */
export const basisPoints = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000));

/** A crypto asset is a (coin, network) pair: USDT on TRC20 and USDT on ERC20 are different assets. */
export const coin = v.pipe(v.string(), v.regex(/^[A-Z0-9]{2,10}$/, 'validation.coin'));
export const network = v.pipe(v.string(), v.regex(/^[A-Z0-9_-]{2,20}$/, 'validation.network'));
export const cryptoAsset = v.object({ coin, network });

/** Chain addresses differ per network; the server checks the network's format, this only bounds the text. */
export const chainAddress = v.pipe(v.string(), v.regex(/^[A-Za-z0-9:_-]{20,128}$/, 'validation.chainAddress'));
export const addressMemo = v.pipe(v.string(), v.regex(/^[A-Za-z0-9 _-]{1,64}$/, 'validation.memo'));

/** The payment password that authorises moving money out; its rules live with the call that sets it. */
export const payPasswordInput = v.pipe(
  v.string('validation.payPassword'),
  v.nonEmpty('validation.payPassword'),
  v.maxLength(128, 'validation.payPassword'),
);

/** The number of a deposit order or a withdrawal, as a caller names one. */
export const orderSnInput = v.pipe(
  v.string('validation.orderSn'),
  v.regex(/^[A-Za-z0-9_-]{6,64}$/, 'validation.orderSn'),
);

/** Deposit (payment) order statuses, including refunds (docs/requirements.md §4). */
export const paymentStatuses = ['pendingPayment', 'paymentSuccessful', 'refundInProcess', 'refundSuccessful'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Deposits confirmed by hand by the operator ("manual mode"). */
export const manualStatuses = ['inProgress', 'successful', 'failed'] as const;
export type ManualStatus = (typeof manualStatuses)[number];

/**
 * Withdrawal statuses: review first, then the payout (docs/requirements.md §4); the player may
 * cancel while the request still waits for its review.
 */
export const withdrawalStatuses = [
  'withdrawalReview',
  'withdrawing',
  'withdrawalSuccessful',
  'withdrawalFailed',
  'withdrawalCancelled',
] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/**
 * A crypto deposit seen on chain: `confirming` until the pair's confirmations are reached, then
 * `credited` (once, at the rate stored when it was first seen); `belowMinimum` is recorded and never
 * credited; `dropped` left the chain before it was confirmed (a reorganisation).
 */
export const cryptoDepositStatuses = ['confirming', 'credited', 'belowMinimum', 'dropped'] as const;
export type CryptoDepositStatus = (typeof cryptoDepositStatuses)[number];

/** Every status a player's deposit can have, yen or crypto: the one deposits list filters by these. */
export const depositStatuses = [...paymentStatuses, ...manualStatuses, ...cryptoDepositStatuses] as const;
export type DepositStatus = (typeof depositStatuses)[number];

const orderCount = v.pipe(v.number(), v.integer(), v.minValue(0));
const countAndAmount = v.object({ count: orderCount, amount });

/**
 * Which deposit statuses count as money that arrived, money still on its way, money sent back and
 * orders that failed: totals count each group apart, so a total never counts money that never moved.
 */
export const depositStatusGroups = {
  completed: ['paymentSuccessful', 'successful', 'credited'],
  pending: ['pendingPayment', 'inProgress', 'confirming'],
  refunded: ['refundInProcess', 'refundSuccessful'],
  failed: ['failed', 'belowMinimum', 'dropped'],
} as const satisfies Record<string, readonly DepositStatus[]>;

export const withdrawalStatusGroups = {
  completed: ['withdrawalSuccessful'],
  pending: ['withdrawalReview', 'withdrawing'],
  failed: ['withdrawalFailed'],
  cancelled: ['withdrawalCancelled'],
} as const satisfies Record<string, readonly WithdrawalStatus[]>;

/** Count and coins of a list's orders in each status group, over every page the filters match. */
export const depositTotals = v.object({
  completed: countAndAmount,
  pending: countAndAmount,
  refunded: countAndAmount,
  failed: countAndAmount,
});
export const withdrawalTotals = v.object({
  completed: countAndAmount,
  pending: countAndAmount,
  failed: countAndAmount,
  cancelled: countAndAmount,
});

/** Operators write reasons that are stored in the audit log. */
export const reasonInput = v.pipe(
  v.string('validation.reason'),
  v.trim(),
  v.nonEmpty('validation.reason'),
  v.maxLength(500, 'validation.reason'),
  multiLine,
);
export const remarkInput = v.pipe(v.string(), v.trim(), v.maxLength(500, 'validation.remark'), multiLine);
