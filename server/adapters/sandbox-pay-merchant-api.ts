/**
 * The sandbox provider's API for merchants: every call signed with the merchant's shared secret.
 * A payout to an account number ending in 0000 fails ("account closed"), as test accounts do at
 * real banks' sandboxes.
 */
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Hono } from 'hono';
import * as v from 'valibot';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { sandboxPayments, sandboxPayouts } from '../db/schema/sandbox-pay';
import {
  checkSignature,
  createPaymentRequest,
  type FiatCurrencyResource,
  merchantHeader,
  type PayoutRequest,
  type PayoutResponse,
  payoutRequest,
  type Statement,
  type StatementRequest,
  signatureHeader,
  statementRequest,
  timestampHeader,
} from './pay-protocol';
import { openPayment } from './sandbox-pay-payments';

const fiatJpy: FiatCurrencyResource = { currency: 'JPY', available: true, minAmount: 100, maxAmount: 1_000_000 };
const closedAccountSuffix = '0000';

interface MerchantApiDeps {
  db: Database;
  clock: Clock;
  /** Merchant id → shared secret. */
  merchants: ReadonlyMap<string, string>;
}

const isWebUrl = (value: string) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);

/** The merchant's secret when the request is signed by a known merchant; null otherwise. */
function authenticatedMerchant(
  { clock, merchants }: MerchantApiDeps,
  headers: Headers,
  rawBody: string,
): { merchantId: string; secret: string } | null {
  const merchantId = headers.get(merchantHeader) ?? '';
  const secret = merchants.get(merchantId);
  if (!secret) return null;
  const check = checkSignature(
    secret,
    { timestamp: headers.get(timestampHeader) ?? undefined, signature: headers.get(signatureHeader) ?? undefined },
    rawBody,
    clock.now(),
  );
  return check === 'valid' ? { merchantId, secret } : null;
}

async function readSignedJson<T extends v.GenericSchema>(deps: MerchantApiDeps, request: Request, schema: T) {
  const rawBody = await request.text();
  const merchant = authenticatedMerchant(deps, request.headers, rawBody);
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

/** The sandbox bank's transfer under this reference: made now, or the one a previous call made. */
async function sendPayout({ db, clock }: MerchantApiDeps, merchantId: string, request: PayoutRequest) {
  const failed = request.accountNumber.endsWith(closedAccountSuffix);
  await db
    .insert(sandboxPayouts)
    .values({
      merchantId,
      reference: request.reference,
      amount: request.amount,
      bankCode: request.bankCode,
      branchCode: request.branchCode,
      accountNumber: request.accountNumber,
      accountHolder: request.accountHolder,
      status: failed ? 'failed' : 'paid',
      failureReason: failed ? 'The receiving account is closed' : null,
      createdAt: clock.now(),
    })
    .onConflictDoNothing({ target: [sandboxPayouts.merchantId, sandboxPayouts.reference] });
  const [payout] = await db
    .select()
    .from(sandboxPayouts)
    .where(and(eq(sandboxPayouts.merchantId, merchantId), eq(sandboxPayouts.reference, request.reference)));
  if (!payout) throw new Error('sandbox payout vanished after insert');
  return payout;
}

/** The merchant's payments settled and payouts made in the window, oldest first. */
async function statementOf({ db }: MerchantApiDeps, merchantId: string, window: StatementRequest): Promise<Statement> {
  const from = new Date(window.from);
  const to = new Date(window.to);
  const [payments, payouts] = await Promise.all([
    db
      .select()
      .from(sandboxPayments)
      .where(
        and(
          eq(sandboxPayments.merchantId, merchantId),
          inArray(sandboxPayments.status, ['paid', 'refunding', 'refunded']),
          gte(sandboxPayments.settledAt, from),
          lt(sandboxPayments.settledAt, to),
        ),
      )
      .orderBy(sandboxPayments.settledAt),
    db
      .select()
      .from(sandboxPayouts)
      .where(
        and(
          eq(sandboxPayouts.merchantId, merchantId),
          gte(sandboxPayouts.createdAt, from),
          lt(sandboxPayouts.createdAt, to),
        ),
      )
      .orderBy(sandboxPayouts.createdAt),
  ]);
  return {
    payments: payments.flatMap((payment) =>
      payment.settledAt && payment.status !== 'pending' && payment.status !== 'canceled'
        ? [
            {
              reference: payment.merchantReference,
              paymentId: payment.id,
              amount: payment.amount,
              status: payment.status,
              settledAt: payment.settledAt.toISOString(),
            },
          ]
        : [],
    ),
    payouts: payouts.map((payout) => ({
      reference: payout.reference,
      amount: payout.amount,
      status: payout.status,
      createdAt: payout.createdAt.toISOString(),
    })),
  };
}

/** POST api/payments, api/payouts and api/statement, and the JPY fiat resource, on the sandbox's routes. */
export function mountMerchantApi(routes: Hono, deps: MerchantApiDeps, checkoutUrlOf: (paymentId: string) => string) {
  routes.post('/api/payments', async (c) => {
    const read = await readSignedJson(deps, c.req.raw, createPaymentRequest);
    if (!read.ok) return c.json({ error: read.error }, read.status);
    const { merchant, body } = read;
    if (!isWebUrl(body.returnUrl) || !isWebUrl(body.notifyUrl)) return c.json({ error: 'invalid url' }, 400);
    const payment = await openPayment(deps, merchant.merchantId, body);
    // The same reference again is a retry; with another amount it is a mistake.
    if (payment.amount !== body.amount) return c.json({ error: 'reference already used with another amount' }, 409);
    return c.json({ paymentId: payment.id, checkoutUrl: checkoutUrlOf(payment.id) });
  });

  routes.post('/api/payouts', async (c) => {
    const read = await readSignedJson(deps, c.req.raw, payoutRequest);
    if (!read.ok) return c.json({ error: read.error }, read.status);
    const { merchant, body } = read;
    const payout = await sendPayout(deps, merchant.merchantId, body);
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

  routes.post('/api/statement', async (c) => {
    const read = await readSignedJson(deps, c.req.raw, statementRequest);
    if (!read.ok) return c.json({ error: read.error }, read.status);
    return c.json(await statementOf(deps, read.merchant.merchantId, read.body));
  });

  routes.get('/fiat/JPY', (c) => c.json(fiatJpy));
}
