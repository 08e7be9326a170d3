// Reconciliation: the ledger's house side against what the outside parties say happened. The game
// wallet's own transactions against the ledger's game transfers, provider by provider; the payment
// provider's statement (payments settled, payouts made) against the deposits credited and payouts
// booked here. Every difference is listed with the reference to look it up by.
import * as v from 'valibot';
import { deskRoles } from './admin-roles';
import { dateRange, endpoint, isoDateTime } from './endpoint';
import { amount } from './money';

/** Ledger amounts in their currency's minor unit, as decimal text (crypto needs more than 53 bits). */
const minorUnits = v.pipe(v.string(), v.regex(/^-?\d+$/));

/** The wallet's transactions that move coins, as reconciliation totals them. */
export const walletKinds = ['bet', 'win', 'rollback'] as const;
export type WalletKind = (typeof walletKinds)[number];
const walletTotals = v.object({ bet: amount, win: amount, rollback: amount });

export const walletDifferenceKinds = ['notInLedger', 'notInWallet', 'amountDiffers'] as const;
export type WalletDifferenceKind = (typeof walletDifferenceKinds)[number];

export const paymentDifferenceKinds = [
  /** The provider settled a payment no deposit here was credited for. */
  'paidNotCredited',
  /** A deposit was credited here that the provider's statement does not show as paid. */
  'creditedNotPaid',
  /** The provider refunded a payment whose deposit here is not refunded. */
  'refundNotBooked',
  /** The provider paid out for a withdrawal that is not paid here. */
  'payoutNotBooked',
  /** A withdrawal is paid here that the provider's statement does not show as paid. */
  'paidNotAtProvider',
  /** Both sides have it, for different amounts. */
  'amountDiffers',
] as const;
export type PaymentDifferenceKind = (typeof paymentDifferenceKinds)[number];

/** The most differences listed in each part; a `differenceCount` above it says there are more. */
export const reconciliationListLimit = 200;

const walletReconciliation = v.object({
  providerId: v.string(),
  name: v.string(),
  /** Coins moved by the ledger's game transfers of the provider in the period, by kind. */
  ledger: walletTotals,
  /** Coins of the wallet's own transactions in the period, by kind. */
  wallet: walletTotals,
  differenceCount: amount,
  differences: v.array(
    v.object({
      kind: v.picklist(walletDifferenceKinds),
      walletKind: v.nullable(v.picklist(walletKinds)),
      transactionUuid: v.nullable(v.string()),
      ledgerTransferId: v.nullable(v.string()),
      walletAmount: v.nullable(amount),
      ledgerAmount: v.nullable(amount),
      at: isoDateTime,
    }),
  ),
});
export type WalletReconciliation = v.InferOutput<typeof walletReconciliation>;

const paymentReconciliation = v.object({
  provider: v.string(),
  /** Yen of payments the provider settled in the period, and of deposits credited here for them. */
  deposits: v.object({ provider: amount, ledger: amount }),
  /** Yen the provider paid out in the period, and of withdrawals paid here. */
  payouts: v.object({ provider: amount, ledger: amount }),
  differenceCount: amount,
  differences: v.array(
    v.object({
      kind: v.picklist(paymentDifferenceKinds),
      /** The order number the provider knows it by. */
      reference: v.string(),
      providerAmount: v.nullable(amount),
      ledgerAmount: v.nullable(amount),
      at: isoDateTime,
    }),
  ),
});
export type PaymentReconciliation = v.InferOutput<typeof paymentReconciliation>;

export const adminReconciliation = endpoint({
  path: '/v2/admin/reconciliation',
  access: 'admin',
  roles: deskRoles.moneyRead,
  summary:
    "The ledger's house accounts, and a period's game wallet and payment provider totals against the ledger's, with every difference",
  body: v.object({ period: dateRange }),
  data: v.object({
    /** Every house account's balance now; the house side of every player's money. */
    houseAccounts: v.array(v.object({ code: v.string(), currency: v.string(), balance: minorUnits })),
    /** Per currency, every account's balance summed: zero when the ledger balances. */
    currencyTotals: v.array(v.object({ currency: v.string(), total: minorUnits })),
    wallet: v.array(walletReconciliation),
    /**
     * The payment provider's side: null when none is configured; `unavailable` when its statement
     * could not be read now.
     */
    payments: v.nullable(
      v.union([paymentReconciliation, v.object({ provider: v.string(), unavailable: v.literal(true) })]),
    ),
  }),
});
