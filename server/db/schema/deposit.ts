import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { manualStatuses, paymentStatuses } from '../../../contract/money';
import { protectionRefusals } from '../../../contract/protection';
import { users } from './auth';
import { bankCards } from './bank';

const instant = (name: string) => timestamp(name, { withTimezone: true });
/** Yen and coin amounts: whole numbers well inside a JSON number's exact range. */
const amount = (name: string) => bigint(name, { mode: 'number' });

export const fiatDepositModes = ['automatic', 'manual'] as const;
export type FiatDepositMode = (typeof fiatDepositModes)[number];

/**
 * Yen deposits. An automatic order is paid at the payment provider and settled by its signed
 * callback; a manual one is a bank transfer an operator confirms. `amount` is the game coins the
 * order credits (after `fee`); the credit is one ledger transfer keyed by the order number.
 */
export const depositOrders = pgTable(
  'deposit_orders',
  {
    id: serial('id').primaryKey(),
    orderSn: text('order_sn').notNull().unique('deposit_orders_order_sn_unique'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    channelId: text('channel_id').notNull(),
    mode: text('mode', { enum: fiatDepositModes }).notNull(),
    /** The payment provider of an automatic order. */
    provider: text('provider'),
    status: text('status', { enum: [...paymentStatuses, ...manualStatuses] }).notNull(),
    yenAmount: amount('yen_amount').notNull(),
    amount: amount('amount').notNull(),
    fee: amount('fee').notNull(),
    bankCardId: integer('bank_card_id')
      .notNull()
      .references(() => bankCards.id),
    /** The name on the paying account, as the bank statement will show it. */
    payerName: text('payer_name').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    paramsHash: text('params_hash').notNull(),
    providerPaymentId: text('provider_payment_id'),
    checkoutUrl: text('checkout_url'),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    paidAt: instant('paid_at'),
    /** Yen an operator saw arrive for a manual order. */
    receivedYen: amount('received_yen'),
    creditTransferId: bigint('credit_transfer_id', { mode: 'number' }),
    /** Why player protection flagged it for the desk: refused at crediting (yen) or credited while blocked or over a limit (crypto). */
    protectionFlag: text('protection_flag', { enum: protectionRefusals }),
    /** The hold on the player's coins while the provider refunds the payment. */
    refundHoldId: bigint('refund_hold_id', { mode: 'number' }),
    failureReason: text('failure_reason'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewRemark: text('review_remark'),
  },
  (table) => [
    unique('deposit_orders_idempotency_unique').on(table.userId, table.idempotencyKey),
    index('deposit_orders_user_idx').on(table.userId, table.createdAt),
    index('deposit_orders_queue_idx').on(table.mode, table.status, table.createdAt),
    // Newest first across players: a team's page walks it back until it has a page of members' orders.
    index('deposit_orders_created_idx').on(table.createdAt, table.id),
    check('deposit_orders_amounts', sql`${table.yenAmount} > 0 AND ${table.amount} > 0 AND ${table.fee} >= 0`),
    check(
      'deposit_orders_status_of_mode',
      sql`(${table.mode} = 'automatic' AND ${table.status} IN ('pendingPayment', 'paymentSuccessful', 'refundInProcess', 'refundSuccessful')) OR (${table.mode} = 'manual' AND ${table.status} IN ('inProgress', 'successful', 'failed'))`,
    ),
  ],
);

/**
 * Provider callbacks that were acted on, by the provider's event id: a replayed callback finds its
 * id here and is refused. Written in the transaction that settles the order.
 */
export const payWebhookEvents = pgTable(
  'pay_webhook_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    orderSn: text('order_sn').notNull(),
    receivedAt: instant('received_at').notNull(),
  },
  (table) => [unique('pay_webhook_events_event_unique').on(table.provider, table.eventId)],
);
