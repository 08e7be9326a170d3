/**
 * The embedded sandbox payment provider: an outside company played by this server, so the whole
 * deposit and payout path runs for real without one. It keeps its own books (sandbox_* tables),
 * speaks the protocol of pay-protocol.ts and talks to the product only over HTTP:
 *
 *   POST /sandbox-pay/api/payments       merchant opens a payment (signed), gets a checkout URL
 *   GET  /sandbox-pay/checkout/:id       the payer's checkout page: pay or cancel
 *   POST /sandbox-pay/checkout/:id/...   pay, cancel, refund, complete the refund, notify again
 *   POST /sandbox-pay/api/payouts        merchant sends yen to a bank account (signed, keyed by reference)
 *   GET  /sandbox-pay/fiat/JPY           the JPY fiat resource
 *
 * Every settlement writes a callback event first and then POSTs it, signed, to the merchant's
 * notify URL; events not acknowledged (2xx, or 409 for one already processed) are sent again.
 * A payout to an account number ending in 0000 fails ("account closed"), as test accounts do at
 * real banks' sandboxes.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Logger } from 'pino';
import * as v from 'valibot';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { sandboxEvents, sandboxPayments, sandboxPayouts } from '../db/schema/sandbox-pay';
import {
  checkSignature,
  createPaymentRequest,
  type FiatCurrencyResource,
  merchantHeader,
  type PaymentEvent,
  type PaymentEventType,
  type PayoutResponse,
  payoutRequest,
  signatureHeader,
  signedHeaders,
  timestampHeader,
} from './pay-protocol';

export interface SandboxPayDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** Where this server is reached: checkout URLs point here. */
  publicUrl: string;
  /** Merchant id → shared secret. */
  merchants: ReadonlyMap<string, string>;
}

export const sandboxBasePath = '/sandbox-pay';

const fiatJpy: FiatCurrencyResource = { currency: 'JPY', available: true, minAmount: 100, maxAmount: 1_000_000 };
const notifyTimeoutMs = 10_000;
const maxNotifyAttempts = 10;
const closedAccountSuffix = '0000';

type SandboxPayment = typeof sandboxPayments.$inferSelect;

function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

const isWebUrl = (value: string) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);

export function createSandboxPay(deps: SandboxPayDeps) {
  const { db, clock, logger } = deps;
  const routes = new Hono();

  /** The merchant's secret when the request is signed by a known merchant; null otherwise. */
  function authenticatedMerchant(headers: Headers, rawBody: string): { merchantId: string; secret: string } | null {
    const merchantId = headers.get(merchantHeader) ?? '';
    const secret = deps.merchants.get(merchantId);
    if (!secret) return null;
    const check = checkSignature(
      secret,
      { timestamp: headers.get(timestampHeader) ?? undefined, signature: headers.get(signatureHeader) ?? undefined },
      rawBody,
      clock.now(),
    );
    return check === 'valid' ? { merchantId, secret } : null;
  }

  async function readSignedJson<T extends v.GenericSchema>(request: Request, schema: T) {
    const rawBody = await request.text();
    const merchant = authenticatedMerchant(request.headers, rawBody);
    if (!merchant) return { ok: false as const, status: 401 as const, error: 'unauthenticated' };
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      return { ok: false as const, status: 400 as const, error: 'malformed body' };
    }
    const parsed = v.safeParse(schema, json);
    if (!parsed.success) return { ok: false as const, status: 400 as const, error: 'invalid body' };
    return { ok: true as const, merchant, body: parsed.output as v.InferOutput<T> };
  }

  const checkoutUrlOf = (paymentId: string) =>
    new URL(`${sandboxBasePath}/checkout/${paymentId}`, deps.publicUrl).toString();

  routes.post('/api/payments', async (c) => {
    const read = await readSignedJson(c.req.raw, createPaymentRequest);
    if (!read.ok) return c.json({ error: read.error }, read.status);
    const { merchant, body } = read;
    if (!isWebUrl(body.returnUrl) || !isWebUrl(body.notifyUrl)) return c.json({ error: 'invalid url' }, 400);
    await db
      .insert(sandboxPayments)
      .values({
        id: randomId('sbp'),
        merchantId: merchant.merchantId,
        merchantReference: body.merchantReference,
        amount: body.amount,
        currency: body.currency,
        status: 'pending',
        payerName: body.payerName,
        returnUrl: body.returnUrl,
        notifyUrl: body.notifyUrl,
        createdAt: clock.now(),
      })
      .onConflictDoNothing({ target: [sandboxPayments.merchantId, sandboxPayments.merchantReference] });
    const [payment] = await db
      .select()
      .from(sandboxPayments)
      .where(
        and(
          eq(sandboxPayments.merchantId, merchant.merchantId),
          eq(sandboxPayments.merchantReference, body.merchantReference),
        ),
      );
    if (!payment) throw new Error('sandbox payment vanished after insert');
    // The same reference again is a retry; with another amount it is a mistake.
    if (payment.amount !== body.amount) return c.json({ error: 'reference already used with another amount' }, 409);
    return c.json({ paymentId: payment.id, checkoutUrl: checkoutUrlOf(payment.id) });
  });

  routes.post('/api/payouts', async (c) => {
    const read = await readSignedJson(c.req.raw, payoutRequest);
    if (!read.ok) return c.json({ error: read.error }, read.status);
    const { merchant, body } = read;
    const failed = body.accountNumber.endsWith(closedAccountSuffix);
    await db
      .insert(sandboxPayouts)
      .values({
        merchantId: merchant.merchantId,
        reference: body.reference,
        amount: body.amount,
        bankCode: body.bankCode,
        branchCode: body.branchCode,
        accountNumber: body.accountNumber,
        accountHolder: body.accountHolder,
        status: failed ? 'failed' : 'paid',
        failureReason: failed ? 'The receiving account is closed' : null,
        createdAt: clock.now(),
      })
      .onConflictDoNothing({ target: [sandboxPayouts.merchantId, sandboxPayouts.reference] });
    const [payout] = await db
      .select()
      .from(sandboxPayouts)
      .where(and(eq(sandboxPayouts.merchantId, merchant.merchantId), eq(sandboxPayouts.reference, body.reference)));
    if (!payout) throw new Error('sandbox payout vanished after insert');
    if (payout.amount !== body.amount || payout.accountNumber !== body.accountNumber) {
      return c.json({ error: 'reference already used for another payout' }, 409);
    }
    const answer: PayoutResponse = {
      reference: payout.reference,
      status: payout.status,
      failureReason: payout.failureReason,
    };
    return c.json(answer);
  });

  routes.get('/fiat/JPY', (c) => c.json(fiatJpy));

  async function findPayment(id: string): Promise<SandboxPayment | null> {
    const [payment] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
    return payment ?? null;
  }

  /** Moves a payment from one status to the next and records the callback it owes, atomically. */
  async function settle(
    id: string,
    from: SandboxPayment['status'],
    to: SandboxPayment['status'],
    eventType: PaymentEventType | null,
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

  async function deliver(event: typeof sandboxEvents.$inferSelect, payment: SandboxPayment): Promise<boolean> {
    const secret = deps.merchants.get(payment.merchantId);
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
  async function deliverPending(paymentId?: string): Promise<number> {
    const settledBefore = new Date(clock.now().getTime() - notifyTimeoutMs);
    const due = await db
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
    for (const { event, payment } of due) if (await deliver(event, payment)) delivered += 1;
    return delivered;
  }

  routes.get('/checkout/:id', async (c) => {
    const payment = await findPayment(c.req.param('id'));
    if (!payment) return c.html(page('Payment not found', html`<p>This payment does not exist.</p>`), 404);
    const [undelivered] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sandboxEvents)
      .where(and(eq(sandboxEvents.paymentId, payment.id), isNull(sandboxEvents.deliveredAt)));
    return c.html(page('Sandbox checkout', checkoutBody(payment, (undelivered?.n ?? 0) > 0)));
  });

  const transitions: Record<
    string,
    {
      from: SandboxPayment['status'];
      to: SandboxPayment['status'];
      event: PaymentEventType | null;
      back: 'merchant' | 'checkout';
    }
  > = {
    pay: { from: 'pending', to: 'paid', event: 'payment.succeeded', back: 'merchant' },
    cancel: { from: 'pending', to: 'canceled', event: null, back: 'merchant' },
    refund: { from: 'paid', to: 'refunding', event: 'refund.processing', back: 'checkout' },
    'refund-complete': { from: 'refunding', to: 'refunded', event: 'refund.succeeded', back: 'checkout' },
  };

  routes.post('/checkout/:id/:action', async (c) => {
    const id = c.req.param('id');
    const action = c.req.param('action');
    const payment = await findPayment(id);
    if (!payment) return c.html(page('Payment not found', html`<p>This payment does not exist.</p>`), 404);
    if (action === 'notify') {
      await deliverPending(id);
      return c.redirect(checkoutUrlOf(id), 303);
    }
    const transition = transitions[action];
    if (!transition) return c.html(page('Not found', html`<p>No such action.</p>`), 404);
    const moved = await settle(id, transition.from, transition.to, transition.event);
    if (moved) await deliverPending(id);
    // A repeated click finds the payment already moved and simply goes where the first one went.
    return c.redirect(transition.back === 'merchant' ? payment.returnUrl : checkoutUrlOf(id), 303);
  });

  return { routes, deliverPending: () => deliverPending() };
}
export type SandboxPay = ReturnType<typeof createSandboxPay>;

type Html = ReturnType<typeof html>;

function page(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Sandbox Pay</title>
<style>
body{font-family:system-ui,sans-serif;background:#eef1f6;margin:0;padding:2rem 1rem;color:#1d2433}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px #0001}
h1{font-size:1.25rem;margin:0 0 .25rem}.note{color:#5c667a;font-size:.85rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:1rem 0}dt{color:#5c667a}dd{margin:0;font-weight:600}
.actions{display:flex;gap:.75rem;margin-top:1.25rem;flex-wrap:wrap}form{margin:0}
button,.link{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:1px solid #1c64f2;cursor:pointer;text-decoration:none;display:inline-block}
.primary{background:#1c64f2;color:#fff}.secondary{background:#fff;color:#1c64f2}
</style></head><body><main>${body}</main></body></html>`;
}

const statusLabels: Record<SandboxPayment['status'], string> = {
  pending: 'Waiting for payment · お支払い待ち',
  paid: 'Paid · 支払い済み',
  canceled: 'Canceled · キャンセル済み',
  refunding: 'Refund in process · 返金処理中',
  refunded: 'Refunded · 返金済み',
};

function checkoutBody(payment: SandboxPayment, undelivered: boolean): Html {
  const action = (name: string, label: string, style: 'primary' | 'secondary') =>
    html`<form method="post" action="${sandboxBasePath}/checkout/${payment.id}/${name}"><button type="submit" class="${style}">${label}</button></form>`;
  const amount = `¥${payment.amount.toLocaleString('en-US')}`;
  const buttons: Html[] = [];
  if (payment.status === 'pending') {
    buttons.push(
      action('pay', `Pay ${amount} · 支払う`, 'primary'),
      action('cancel', 'Cancel · キャンセル', 'secondary'),
    );
  } else {
    buttons.push(html`<a class="link primary" href="${payment.returnUrl}">Back to the shop · ショップに戻る</a>`);
  }
  if (payment.status === 'paid') buttons.push(action('refund', 'Refund · 返金する', 'secondary'));
  if (payment.status === 'refunding')
    buttons.push(action('refund-complete', 'Complete the refund · 返金を完了', 'secondary'));
  if (undelivered) buttons.push(action('notify', 'Send the notification again · 通知を再送', 'secondary'));
  return html`<h1>Sandbox Pay · サンドボックス決済</h1>
<p class="note">A test payment provider: no real money moves. · テスト用の決済サービスです。実際のお金は動きません。</p>
<dl>
<dt>Amount · 金額</dt><dd data-testid="amount">${amount}</dd>
<dt>Order · 注文</dt><dd data-testid="reference">${payment.merchantReference}</dd>
<dt>Payer · 支払者</dt><dd>${payment.payerName}</dd>
<dt>Status · 状態</dt><dd data-testid="status">${statusLabels[payment.status]}</dd>
</dl>
<div class="actions">${buttons}</div>`;
}
