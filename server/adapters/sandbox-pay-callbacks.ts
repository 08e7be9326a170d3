/**
 * The sandbox provider's callbacks: every settlement wrote an event (sandbox-pay-payments.ts), and
 * here it is POSTed, signed, to the merchant's notify URL; events not acknowledged (2xx, or 409 for
 * one already processed) are sent again.
 */
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { sandboxEvents, sandboxPayments } from '../db/schema/sandbox-pay';
import { signedHeaders } from './pay-protocol';
import type { SandboxPayment } from './sandbox-pay-payments';

const notifyTimeoutMs = 10_000;
const maxNotifyAttempts = 10;

interface CallbackDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** Merchant id → shared secret. */
  merchants: ReadonlyMap<string, string>;
}

async function deliver(
  { db, clock, logger, merchants }: CallbackDeps,
  event: typeof sandboxEvents.$inferSelect,
  payment: SandboxPayment,
): Promise<boolean> {
  const secret = merchants.get(payment.merchantId);
  if (!secret) return false;
  let problem: string | null = null;
  try {
    const response = await fetch(payment.notifyUrl, {
      method: 'POST',
      headers: signedHeaders(payment.merchantId, secret, event.body, clock.now()),
      body: event.body,
      signal: AbortSignal.timeout(notifyTimeoutMs),
    });
    // 409: the merchant already processed this event; it needs no further sending.
    if (!response.ok && response.status !== 409) problem = `merchant answered ${response.status}`;
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  await db
    .update(sandboxEvents)
    .set({
      attempts: sql`${sandboxEvents.attempts} + 1`,
      deliveredAt: problem ? null : clock.now(),
      lastError: problem,
    })
    .where(eq(sandboxEvents.id, event.id));
  if (problem) logger.warn({ eventId: event.id, problem }, 'sandbox callback not acknowledged');
  return problem === null;
}

/**
 * Sends the unacknowledged events of one payment (right after it moved, or when the checkout page
 * asks), or, for the resending job, those whose first delivery has had its whole timeout: a younger
 * event may still be on its way, and sending it twice only earns a 409.
 */
export async function deliverPending(deps: CallbackDeps, paymentId?: string): Promise<number> {
  const settledBefore = new Date(deps.clock.now().getTime() - notifyTimeoutMs);
  const due = await deps.db
    .select({ event: sandboxEvents, payment: sandboxPayments })
    .from(sandboxEvents)
    .innerJoin(sandboxPayments, eq(sandboxPayments.id, sandboxEvents.paymentId))
    .where(
      and(
        isNull(sandboxEvents.deliveredAt),
        lt(sandboxEvents.attempts, maxNotifyAttempts),
        paymentId ? eq(sandboxEvents.paymentId, paymentId) : lt(sandboxEvents.createdAt, settledBefore),
      ),
    )
    .orderBy(asc(sandboxEvents.createdAt))
    .limit(50);
  let delivered = 0;
  for (const { event, payment } of due) if (await deliver(deps, event, payment)) delivered += 1;
  return delivered;
}

/** Whether the merchant has yet to acknowledge a callback about this payment: the checkout page offers to send it again. */
export async function hasUndeliveredEvents(db: Database, paymentId: string): Promise<boolean> {
  const [undelivered] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sandboxEvents)
    .where(and(eq(sandboxEvents.paymentId, paymentId), isNull(sandboxEvents.deliveredAt)));
  return (undelivered?.n ?? 0) > 0;
}
