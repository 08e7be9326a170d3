import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { withdrawalStatuses } from '../../../contract/money';
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
 * Yen withdrawals to a bound bank account. The coins are held in the ledger at request
 * (`hold_transfer_id`); approval posts the hold and starts the payout, rejection voids it, and a
 * failed payout is compensated once by a transfer back (`refund_transfer_id`). The bank details
 * are copied at request time, so later edits of the card do not change where money goes.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    orderSn: text('order_sn').notNull().unique('withdrawals_order_sn_unique'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bankCardId: integer('bank_card_id')
      .notNull()
      .references(() => bankCards.id),
    bankCode: text('bank_code').notNull(),
    branchCode: text('branch_code').notNull(),
    accountNumber: text('account_number').notNull(),
    accountHolder: text('account_holder').notNull(),
    /** Coins taken from the player, fee included. */
    amount: amount('amount').notNull(),
    fee: amount('fee').notNull(),
    payoutYen: amount('payout_yen').notNull(),
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
  ],
);
