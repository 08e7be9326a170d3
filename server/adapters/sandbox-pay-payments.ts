/** The sandbox provider's payments: opened by the merchant, then moved by the payer's checkout buttons. */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { sandboxEvents, sandboxPayments } from '../db/schema/sandbox-pay';
import type { CreatePaymentRequest, PaymentEvent, PaymentEventType } from './pay-protocol';

export type SandboxPayment = typeof sandboxPayments.$inferSelect;

interface SandboxBooks {
  db: Database;
  clock: Clock;
}

function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

/** The merchant's payment under this reference: opened now, or the one a previous call opened. */
export async function openPayment(
  { db, clock }: SandboxBooks,
  merchantId: string,
  request: CreatePaymentRequest,
): Promise<SandboxPayment> {
  await db
    .insert(sandboxPayments)
    .values({
      id: randomId('sbp'),
      merchantId,
      merchantReference: request.merchantReference,
      amount: request.amount,
      currency: request.currency,
      status: 'pending',
      payerName: request.payerName,
      returnUrl: request.returnUrl,
      notifyUrl: request.notifyUrl,
      createdAt: clock.now(),
    })
    .onConflictDoNothing({ target: [sandboxPayments.merchantId, sandboxPayments.merchantReference] });
  const [payment] = await db
    .select()
    .from(sandboxPayments)
    .where(
      and(eq(sandboxPayments.merchantId, merchantId), eq(sandboxPayments.merchantReference, request.merchantReference)),
    );
  if (!payment) throw new Error('sandbox payment vanished after insert');
  return payment;
}

export async function findPayment(db: Database, id: string): Promise<SandboxPayment | null> {
  const [payment] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
  return payment ?? null;
}

interface CheckoutAction {
  from: SandboxPayment['status'];
  to: SandboxPayment['status'];
  /** The callback the merchant is owed for the move, if any. */
  event: PaymentEventType | null;
  /** Where the payer goes next: back to the shop, or to the checkout page again. */
  back: 'merchant' | 'checkout';
}

/** The payer's checkout buttons, by the name they post. */
export const checkoutActions: ReadonlyMap<string, CheckoutAction> = new Map<string, CheckoutAction>([
  ['pay', { from: 'pending', to: 'paid', event: 'payment.succeeded', back: 'merchant' }],
  ['cancel', { from: 'pending', to: 'canceled', event: null, back: 'merchant' }],
  ['refund', { from: 'paid', to: 'refunding', event: 'refund.processing', back: 'checkout' }],
  ['refund-complete', { from: 'refunding', to: 'refunded', event: 'refund.succeeded', back: 'checkout' }],
]);

/** Moves a payment from one status to the next and records the callback it owes, atomically. */
export async function settle(
  { db, clock }: SandboxBooks,
  id: string,
  { from, to, event: eventType }: CheckoutAction,
): Promise<SandboxPayment | null> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const [moved] = await tx
      .update(sandboxPayments)
      .set({ status: to, settledAt: now })
      .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, from)))
      .returning();
    if (!moved) return null;
    if (eventType) {
      const event: PaymentEvent = {
        id: randomId('evt'),
        type: eventType,
        paymentId: moved.id,
        merchantReference: moved.merchantReference,
        amount: moved.amount,
        currency: moved.currency,
        occurredAt: now.toISOString(),
      };
      await tx.insert(sandboxEvents).values({
        id: event.id,
        paymentId: moved.id,
        type: event.type,
        body: JSON.stringify(event),
        createdAt: now,
      });
    }
    return moved;
  });
}
