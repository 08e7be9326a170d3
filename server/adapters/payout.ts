import * as v from 'valibot';
import type { Clock } from '../clock';
import { type PayoutRequest, type PayoutResponse, payoutResponse, signedHeaders } from './pay-protocol';

export interface PayoutConfig {
  apiUrl: string;
  merchantId: string;
  secret: string;
}

/** The payout service could not be reached or gave no answer: the outcome is unknown, ask again later. */
export class PayoutUnavailable extends Error {}

/**
 * Sends yen to a bank account. The service keys payouts by our reference: asking again with the
 * same reference returns the first outcome and never pays twice, which is what makes retries safe.
 */
export interface PayoutService {
  send(request: PayoutRequest): Promise<PayoutResponse>;
}

const payoutTimeoutMs = 15_000;

export function createHostedPayoutService(config: PayoutConfig, clock: Clock): PayoutService {
  return {
    async send(request) {
      const body = JSON.stringify(request);
      let response: Response;
      try {
        response = await fetch(`${config.apiUrl}/payouts`, {
          method: 'POST',
          headers: signedHeaders(config.merchantId, config.secret, body, clock.now()),
          body,
          signal: AbortSignal.timeout(payoutTimeoutMs),
        });
      } catch (error) {
        throw new PayoutUnavailable(error instanceof Error ? error.message : String(error));
      }
      if (!response.ok) throw new PayoutUnavailable(`payout service answered ${response.status}`);
      const parsed = v.safeParse(payoutResponse, await response.json().catch(() => null));
      if (!parsed.success || parsed.output.reference !== request.reference) {
        throw new PayoutUnavailable('payout service answered with an unexpected body');
      }
      return parsed.output;
    },
  };
}
