import { createFiatResource, type FiatResource } from '@server/adapters/fiat-resource';
import { createHostedPayProvider, type HostedProviderConfig, type PayProvider } from '@server/adapters/pay-provider';
import { createHostedPayoutService, type PayoutService, PayoutUnavailable } from '@server/adapters/payout';
import { createSandboxPay, type SandboxPay, sandboxBasePath } from '@server/adapters/sandbox-pay';
import type { Clock } from '@server/clock';
import type { Database } from '@server/db/client';
import { type ReceivingAccount, sandboxReceivingAccount } from '@server/shared/player-deps';
import type { Logger } from 'pino';

export interface PaymentsOptions {
  /** Serve the embedded sandbox provider; default: everywhere but production. */
  sandbox?: boolean;
  /** A real hosted provider; default: the sandbox when it is served. */
  provider?: HostedProviderConfig | null;
  /** The payout API (the provider's merchant id and secret); default: the provider's API URL. */
  payoutApiUrl?: string | null;
  fiatResourceUrl?: string | null;
  receivingAccount?: ReceivingAccount | null;
}

export interface Payments {
  payProvider: PayProvider | null;
  payout: PayoutService;
  fiat: FiatResource;
  receivingAccount: ReceivingAccount | null;
  sandboxPay: SandboxPay | null;
}

/** Without a payout service, approved withdrawals wait (withdrawing) until one is configured. */
const noPayoutService: PayoutService = {
  send: () => Promise.reject(new PayoutUnavailable('no payout service is configured')),
};
const noFiatResource: FiatResource = { jpy: () => Promise.resolve(null) };

export const sandboxMerchantId = 'game-hall';

/**
 * Chooses the payment edges. Outside production, with nothing configured, the embedded sandbox
 * is the provider, the payout service, the fiat resource and the bank of manual deposits, all
 * reached over HTTP at the public URL exactly as the real ones would be. In production nothing
 * is assumed: each edge works only when configured.
 */
export function setUpPayments(
  options: PaymentsOptions,
  context: {
    db: Database;
    clock: Clock;
    logger: Logger;
    publicUrl: string;
    production: boolean;
    sandboxSecret: string;
  },
): Payments {
  const { clock, logger, publicUrl } = context;
  const sandboxOn = options.sandbox ?? !context.production;
  const sandboxApiUrl = new URL(`${sandboxBasePath}/api`, publicUrl).toString();
  const providerConfig: HostedProviderConfig | null =
    options.provider ??
    (sandboxOn
      ? { name: 'sandbox', apiUrl: sandboxApiUrl, merchantId: sandboxMerchantId, secret: context.sandboxSecret }
      : null);
  const payoutApiUrl = options.payoutApiUrl ?? providerConfig?.apiUrl ?? null;
  const fiatResourceUrl =
    options.fiatResourceUrl ?? (sandboxOn ? new URL(`${sandboxBasePath}/fiat/JPY`, publicUrl).toString() : null);
  return {
    payProvider: providerConfig ? createHostedPayProvider(providerConfig, clock) : null,
    payout:
      providerConfig && payoutApiUrl
        ? createHostedPayoutService(
            { apiUrl: payoutApiUrl, merchantId: providerConfig.merchantId, secret: providerConfig.secret },
            clock,
          )
        : noPayoutService,
    fiat: fiatResourceUrl ? createFiatResource({ url: fiatResourceUrl, clock, logger }) : noFiatResource,
    receivingAccount: options.receivingAccount ?? (sandboxOn ? sandboxReceivingAccount : null),
    sandboxPay: sandboxOn
      ? createSandboxPay({
          db: context.db,
          clock,
          logger,
          publicUrl,
          merchants: new Map([[sandboxMerchantId, context.sandboxSecret]]),
        })
      : null,
  };
}
