import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { withdrawalStatuses } from '../../../contract/money';
import { withdrawalMethods } from '../../../contract/withdrawal';
import { payoutRuleKeys } from '../../../contract/withdrawal-risk';
import { users } from './auth';
import { bankCards } from './bank';

const instant = (name: string) => timestamp(name, { withTimezone: true });
const amount = (name: string) => bigint(name, { mode: 'number' });

/**
 * Where the money of an approved withdrawal is on its way out. 'requested' is written before the
 * payout service is called, so a crash in between is found and finished (the payout is keyed by
 * the order number, so asking again never pays twice).
 */
export const payoutStates = ['notStarted', 'requested', 'paid', 'failed'] as const;
export type PayoutState = (typeof payoutStates)[number];

/**
 * Withdrawals: yen to a bound bank account (`bank`) or a coin to a chain address (`crypto`). The
 * coins are held in the ledger at request (`hold_transfer_id`); approval posts the hold and starts
 * the payout, rejection voids it, and a failed payout is compensated once by a transfer back
 * (`refund_transfer_id`). The bank details, or the pair's terms and the address, are copied at
 * request time, so later edits do not change where money goes or how much.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    orderSn: text('order_sn').notNull().unique('withdrawals_order_sn_unique'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: withdrawalMethods }).notNull().default('bank'),
    bankCardId: integer('bank_card_id').references(() => bankCards.id),
    bankCode: text('bank_code'),
    branchCode: text('branch_code'),
    accountNumber: text('account_number'),
    accountHolder: text('account_holder'),
    /** Coins taken from the player, fee included. */
    amount: amount('amount').notNull(),
    fee: amount('fee').notNull(),
    payoutYen: amount('payout_yen'),
    coin: text('coin'),
    network: text('network'),
    address: text('address'),
    memo: text('memo'),
    /** Base units asked for, fee included; what is sent is this minus `network_fee`. */
    cryptoGross: numeric('crypto_gross', { precision: 78, scale: 0 }),
    networkFee: numeric('network_fee', { precision: 78, scale: 0 }),
    gameCoinsPerCoin: text('game_coins_per_coin'),
    damageRateBasisPoints: integer('damage_rate_basis_points'),
    txHash: text('tx_hash'),
    status: text('status', { enum: withdrawalStatuses }).notNull(),
    payoutState: text('payout_state', { enum: payoutStates }).notNull().default('notStarted'),
    holdTransferId: bigint('hold_transfer_id', { mode: 'number' }).notNull(),
    refundTransferId: bigint('refund_transfer_id', { mode: 'number' }),
    idempotencyKey: text('idempotency_key').notNull(),
    paramsHash: text('params_hash').notNull(),
    createdAt: instant('created_at').notNull(),
    reviewedAt: instant('reviewed_at'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewRemark: text('review_remark'),
    /** Four eyes: the first of two approvals of a payout over the desk's threshold (never the second's operator). */
    firstApprovedBy: integer('first_approved_by').references(() => users.id),
    firstApprovedAt: instant('first_approved_at'),
    payoutReference: text('payout_reference'),
    payoutAttempts: integer('payout_attempts').notNull().default(0),
    completedAt: instant('completed_at'),
    failureReason: text('failure_reason'),
  },
  (table) => [
    unique('withdrawals_idempotency_unique').on(table.userId, table.idempotencyKey),
    index('withdrawals_user_idx').on(table.userId, table.createdAt),
    index('withdrawals_queue_idx').on(table.status, table.createdAt),
    // Newest first across players: a team's page walks it back until it has a page of members' withdrawals.
    index('withdrawals_created_idx').on(table.createdAt, table.id),
    index('withdrawals_payout_idx').on(table.payoutState).where(sql`${table.payoutState} = 'requested'`),
    check('withdrawals_amounts', sql`${table.amount} > 0 AND ${table.fee} >= 0 AND ${table.payoutYen} > 0`),
    check(
      'withdrawals_method_details',
      sql`(${table.method} = 'bank' AND ${table.bankCardId} IS NOT NULL AND ${table.bankCode} IS NOT NULL
          AND ${table.branchCode} IS NOT NULL AND ${table.accountNumber} IS NOT NULL
          AND ${table.accountHolder} IS NOT NULL AND ${table.payoutYen} IS NOT NULL)
        OR (${table.method} = 'crypto' AND ${table.coin} IS NOT NULL AND ${table.network} IS NOT NULL
          AND ${table.address} IS NOT NULL AND ${table.cryptoGross} > ${table.networkFee}
          AND ${table.networkFee} >= 0 AND ${table.gameCoinsPerCoin} IS NOT NULL
          AND ${table.damageRateBasisPoints} IS NOT NULL)`,
    ),
  ],
);

/**
 * The desk's payout rules: each flag rule (on or off, with its threshold) and the four-eyes
 * threshold. One row per rule, seeded by the migration; changes are audited.
 */
export const payoutRules = pgTable('payout_rules', {
  rule: text('rule', { enum: payoutRuleKeys }).primaryKey(),
  enabled: boolean('enabled').notNull(),
  threshold: bigint('threshold', { mode: 'number' }).notNull(),
  updatedAt: instant('updated_at').notNull(),
  updatedBy: integer('updated_by').references(() => users.id),
});
