/**
 * The wire protocol between this product and a hosted payment provider, the same on both sides:
 * the provider adapters speak it as the merchant, the embedded sandbox speaks it as the provider.
 *
 * Every message (our API requests and the provider's callbacks) is signed with HMAC-SHA256 over
 * `<timestamp>.<raw body>` with the merchant's secret, sent as
 *   X-Pay-Merchant: <merchant id>    X-Pay-Timestamp: <unix seconds>    X-Pay-Signature: v1=<hex>
 * A receiver checks the signature first, then that the timestamp is within the tolerance, and only
 * then parses the body. Callbacks carry an event id that the merchant stores to refuse replays.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';

export const merchantHeader = 'x-pay-merchant';
export const timestampHeader = 'x-pay-timestamp';
export const signatureHeader = 'x-pay-signature';

/** How far a message's timestamp may be from the receiver's clock. */
export const signatureToleranceSeconds = 300;

export function signMessage(secret: string, timestamp: number, rawBody: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** Headers for a signed message sent now. */
export function signedHeaders(merchantId: string, secret: string, rawBody: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    [merchantHeader]: merchantId,
    [timestampHeader]: String(timestamp),
    [signatureHeader]: signMessage(secret, timestamp, rawBody),
  };
}

export type SignatureCheck = 'valid' | 'badSignature' | 'stale';

/** Signature first (constant time), then the timestamp window. */
export function checkSignature(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: string,
  now: Date,
): SignatureCheck {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return 'badSignature';
  const expected = Buffer.from(signMessage(secret, Number(timestamp), rawBody));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'badSignature';
  const skew = Math.abs(now.getTime() / 1000 - Number(timestamp));
  return skew > signatureToleranceSeconds ? 'stale' : 'valid';
}

const reference = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));
const yen = v.pipe(v.number(), v.safeInteger(), v.minValue(1));

export const createPaymentRequest = v.object({
  merchantReference: reference,
  amount: yen,
  currency: v.literal('JPY'),
  payerName: v.pipe(v.string(), v.maxLength(200)),
  returnUrl: v.pipe(v.string(), v.url()),
  notifyUrl: v.pipe(v.string(), v.url()),
});
export type CreatePaymentRequest = v.InferOutput<typeof createPaymentRequest>;

export const createPaymentResponse = v.object({
  paymentId: v.string(),
  checkoutUrl: v.pipe(v.string(), v.url()),
});
export type CreatePaymentResponse = v.InferOutput<typeof createPaymentResponse>;

export const paymentEventTypes = ['payment.succeeded', 'refund.processing', 'refund.succeeded'] as const;
export type PaymentEventType = (typeof paymentEventTypes)[number];

export const paymentEvent = v.object({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,100}$/)),
  type: v.picklist(paymentEventTypes),
  paymentId: v.pipe(v.string(), v.maxLength(100)),
  merchantReference: reference,
  amount: yen,
  currency: v.string(),
  occurredAt: v.pipe(v.string(), v.isoTimestamp()),
});
export type PaymentEvent = v.InferOutput<typeof paymentEvent>;

export const payoutRequest = v.object({
  reference,
  amount: yen,
  currency: v.literal('JPY'),
  bankCode: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{3,11}$/)),
  branchCode: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,10}$/)),
  accountNumber: v.pipe(v.string(), v.regex(/^\d{6,19}$/)),
  accountHolder: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
});
export type PayoutRequest = v.InferOutput<typeof payoutRequest>;

export const payoutResponse = v.object({
  reference,
  status: v.picklist(['paid', 'failed']),
  failureReason: v.nullable(v.string()),
});
export type PayoutResponse = v.InferOutput<typeof payoutResponse>;

export const fiatCurrencyResource = v.object({
  currency: v.literal('JPY'),
  /** False while the provider takes no yen payments (maintenance). */
  available: v.boolean(),
  minAmount: yen,
  maxAmount: yen,
});
export type FiatCurrencyResource = v.InferOutput<typeof fiatCurrencyResource>;

/**
 * The merchant's statement over a window: the payments settled in it (paid, or since refunded) and
 * the payouts made in it, each under the merchant's reference, as the provider's books hold them.
 * The product reconciles its ledger against it.
 */
export const statementRequest = v.pipe(
  v.object({ from: v.pipe(v.string(), v.isoTimestamp()), to: v.pipe(v.string(), v.isoTimestamp()) }),
  v.check(({ from, to }) => Date.parse(from) < Date.parse(to)),
);
export type StatementRequest = v.InferOutput<typeof statementRequest>;

export const statement = v.object({
  payments: v.array(
    v.object({
      reference,
      paymentId: v.string(),
      amount: yen,
      status: v.picklist(['paid', 'refunding', 'refunded']),
      settledAt: v.pipe(v.string(), v.isoTimestamp()),
    }),
  ),
  payouts: v.array(
    v.object({
      reference,
      amount: yen,
      status: v.picklist(['paid', 'failed']),
      createdAt: v.pipe(v.string(), v.isoTimestamp()),
    }),
  ),
});
export type Statement = v.InferOutput<typeof statement>;
