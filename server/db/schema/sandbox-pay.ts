import { bigint, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The embedded sandbox payment provider's own books. It plays an outside company: nothing in the
 * product reads these tables; the product learns of payments only through signed callbacks.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    /** The provider's payment id, also the unguessable part of the checkout URL. */
    id: text('id').primaryKey(),
    merchantId: text('merchant_id').notNull(),
    merchantReference: text('merchant_reference').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'canceled', 'refunding', 'refunded'] }).notNull(),
    payerName: text('payer_name').notNull(),
    returnUrl: text('return_url').notNull(),
    notifyUrl: text('notify_url').notNull(),
    createdAt: instant('created_at').notNull(),
    settledAt: instant('settled_at'),
  },
  (table) => [unique('sandbox_payments_reference_unique').on(table.merchantId, table.merchantReference)],
);

/** Callbacks the sandbox owes merchants, sent until acknowledged (like a real provider's event log). */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    /** The event id the merchant deduplicates on. */
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => sandboxPayments.id),
    type: text('type').notNull(),
    /** The exact body sent, so every retry carries the same bytes. */
    body: text('body').notNull(),
    createdAt: instant('created_at').notNull(),
    deliveredAt: instant('delivered_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [index('sandbox_events_payment_idx').on(table.paymentId)],
);

/** Transfers the sandbox "bank" made for payouts, one per merchant reference. */
export const sandboxPayouts = pgTable(
  'sandbox_payouts',
  {
    id: serial('id').primaryKey(),
    merchantId: text('merchant_id').notNull(),
    reference: text('reference').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    bankCode: text('bank_code').notNull(),
    branchCode: text('branch_code').notNull(),
    accountNumber: text('account_number').notNull(),
    accountHolder: text('account_holder').notNull(),
    status: text('status', { enum: ['paid', 'failed'] }).notNull(),
    failureReason: text('failure_reason'),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [unique('sandbox_payouts_reference_unique').on(table.merchantId, table.reference)],
);
