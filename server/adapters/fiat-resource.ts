import type { Logger } from 'pino';
import * as v from 'valibot';
import type { Clock } from '../clock';
import { type FiatCurrencyResource, fiatCurrencyResource } from './pay-protocol';

/** The pay service's yen resource: whether it takes yen now and its limits per payment. */
export interface FiatResource {
  /** Null when the resource cannot be read: yen channels of that service are then not offered. */
  jpy(): Promise<FiatCurrencyResource | null>;
}

const fetchTimeoutMs = 5_000;
/** The resource changes rarely; each process asks at most this often. */
const cacheMs = 60_000;
/** After a failure, ask again sooner. */
const failureCacheMs = 5_000;

export function createFiatResource(options: { url: string; clock: Clock; logger: Logger }): FiatResource {
  let cached: { at: number; value: FiatCurrencyResource | null } | null = null;
  let inFlight: Promise<FiatCurrencyResource | null> | null = null;

  async function load(): Promise<FiatCurrencyResource | null> {
    try {
      const response = await fetch(options.url, { signal: AbortSignal.timeout(fetchTimeoutMs) });
      if (!response.ok) throw new Error(`answered ${response.status}`);
      return v.parse(fiatCurrencyResource, await response.json());
    } catch (error) {
      options.logger.warn({ err: error, url: options.url }, 'JPY fiat resource unavailable');
      return null;
    }
  }

  return {
    async jpy() {
      const now = options.clock.now().getTime();
      if (cached && now - cached.at < (cached.value ? cacheMs : failureCacheMs)) return cached.value;
      inFlight ??= load().finally(() => {
        inFlight = null;
      });
      const value = await inFlight;
      cached = { at: now, value };
      return value;
    },
  };
}
