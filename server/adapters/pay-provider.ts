import * as v from 'valibot';
import type { Clock } from '../clock';
import {
  type CreatePaymentRequest,
  type CreatePaymentResponse,
  checkSignature,
  createPaymentResponse,
  type PaymentEvent,
  paymentEvent,
  type Statement,
  type StatementRequest,
  signatureHeader,
  signedHeaders,
  statement,
  timestampHeader,
} from './pay-protocol';

export interface HostedProviderConfig {
  /** The provider's name in our callback URL (/v2/pay/notify/<name>). */
  name: string;
  /** Base URL of the provider's merchant API, e.g. https://pay.example/api. */
  apiUrl: string;
  merchantId: string;
  /** Signs our requests and verifies its callbacks. */
  secret: string;
}

export type CallbackVerdict =
  | { ok: true; event: PaymentEvent }
  | { ok: false; problem: 'badSignature' | 'stale' | 'malformed' };

/** The provider could not be reached or answered with an error; nothing is known to have happened. */
export class PayProviderUnavailable extends Error {}

/** A hosted-checkout payment provider as this product uses it. */
export interface PayProvider {
  readonly name: string;
  /** Opens (or finds again, by merchant reference) a payment and returns where the payer goes. */
  createPayment(request: CreatePaymentRequest): Promise<CreatePaymentResponse>;
  /** Checks a callback's signature over its raw body, then its timestamp, then its shape. */
  verifyCallback(rawBody: string, headers: { timestamp?: string; signature?: string }): CallbackVerdict;
  /** The merchant's statement over a window, for reconciliation. */
  statement(window: { from: Date; to: Date }): Promise<Statement>;
}

const providerTimeoutMs = 10_000;

export function createHostedPayProvider(config: HostedProviderConfig, clock: Clock): PayProvider {
  /** A signed POST of `request` to the provider's API, its answer checked against `answer`. */
  async function post<T extends v.GenericSchema>(path: string, request: unknown, answer: T): Promise<v.InferOutput<T>> {
    const body = JSON.stringify(request);
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}/${path}`, {
        method: 'POST',
        headers: signedHeaders(config.merchantId, config.secret, body, clock.now()),
        body,
        signal: AbortSignal.timeout(providerTimeoutMs),
      });
    } catch (error) {
      throw new PayProviderUnavailable(error instanceof Error ? error.message : String(error));
    }
    if (!response.ok)
      throw new PayProviderUnavailable(
        `provider answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
      );
    const parsed = v.safeParse(answer, await response.json().catch(() => null));
    if (!parsed.success) throw new PayProviderUnavailable('provider answered with an unexpected body');
    return parsed.output;
  }
  return {
    name: config.name,
    createPayment: (request) => post('payments', request, createPaymentResponse),
    statement: ({ from, to }) =>
      post('statement', { from: from.toISOString(), to: to.toISOString() } satisfies StatementRequest, statement),
    verifyCallback(rawBody, headers) {
      const signature = checkSignature(
        config.secret,
        { timestamp: headers.timestamp, signature: headers.signature },
        rawBody,
        clock.now(),
      );
      if (signature !== 'valid') return { ok: false, problem: signature };
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return { ok: false, problem: 'malformed' };
      }
      const parsed = v.safeParse(paymentEvent, json);
      return parsed.success ? { ok: true, event: parsed.output } : { ok: false, problem: 'malformed' };
    },
  };
}

/** The header names a callback's signature travels in, for the route that receives it. */
export const callbackHeaders = { timestamp: timestampHeader, signature: signatureHeader } as const;
