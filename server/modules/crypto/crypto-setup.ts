import { type ChainSimulator, createChainSimulator } from '@server/adapters/chain-simulator';
import type { Clock } from '@server/clock';
import type { Database } from '@server/db/client';
import { accountKeyOf, type ChainNetwork } from '@server/shared/chain-addresses';
import type { CryptoSettings } from '@server/shared/player-deps';

/**
 * Development only: the account keys (m/44'/60'/0' and m/44'/195'/0') of the BIP-39 test mnemonic
 * "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
 * whose private keys everyone knows. Production uses the operator's own (CRYPTO_XPUB_*).
 */
export const developmentAccountKeys: Record<ChainNetwork, string> = {
  ERC20:
    'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt',
  TRC20:
    'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd',
};

export interface CryptoOptions {
  /** The operator's account-level xpub per network; default outside production: the development keys. */
  accountKeys?: Partial<Record<ChainNetwork, string>>;
  /** Serve the embedded chain simulator as the chain; default: everywhere but production (never in it). */
  sandbox?: boolean;
  /** The simulator's block interval (tests may lengthen it so that blocks come only when mined). */
  blockIntervalMs?: number;
}

/**
 * Chooses the crypto edges, as payments-setup does for money in yen: outside production, with
 * nothing configured, the development keys and the simulator; in production only what is configured,
 * and the simulator never.
 */
export function setUpCrypto(
  options: CryptoOptions,
  context: { db: Database; clock: Clock; production: boolean },
): { settings: CryptoSettings; simulator: ChainSimulator | null } {
  const keys = options.accountKeys ?? (context.production ? {} : developmentAccountKeys);
  const depositKeys: CryptoSettings['depositKeys'] = {};
  for (const [network, key] of Object.entries(keys) as [ChainNetwork, string][])
    depositKeys[network] = accountKeyOf(key);
  const sandboxOn = !context.production && (options.sandbox ?? true);
  const simulator = sandboxOn ? createChainSimulator(context.db, context.clock, options.blockIntervalMs) : null;
  return { settings: { depositKeys, chain: simulator }, simulator };
}
