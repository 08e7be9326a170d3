import type { CryptoAssetTerms } from '@contract/crypto';
import type { Database } from '@server/db/client';
import { cryptoPairs } from '@server/db/schema/crypto';
import { ApiError } from '@server/errors';
import { type ChainNetwork, isChainNetwork } from '@server/shared/chain-addresses';
import { and, asc, eq } from 'drizzle-orm';

export type CryptoPair = typeof cryptoPairs.$inferSelect & { network: ChainNetwork };

/** The pairs on networks this build knows, in the operator's order. */
export async function cryptoPairsOf(db: Database): Promise<CryptoPair[]> {
  const rows = await db.select().from(cryptoPairs).orderBy(asc(cryptoPairs.position));
  return rows.filter((row): row is CryptoPair => isChainNetwork(row.network));
}

/** One pair, or 404 in the caller's language when the hall does not offer that coin on that network. */
export async function cryptoPairOf(db: Database, coin: string, network: string): Promise<CryptoPair> {
  const [row] = await db
    .select()
    .from(cryptoPairs)
    .where(and(eq(cryptoPairs.coin, coin), eq(cryptoPairs.network, network)));
  if (!row || !isChainNetwork(row.network)) throw new ApiError(404, 'crypto.pairNotFound', { coin, network });
  return row as CryptoPair;
}

export function pairTerms(pair: CryptoPair): CryptoAssetTerms {
  return {
    coin: pair.coin,
    network: pair.network,
    name: pair.name,
    decimals: pair.decimals,
    depositEnabled: pair.depositEnabled,
    withdrawalEnabled: pair.withdrawalEnabled,
    minDeposit: pair.minDeposit,
    minWithdrawal: pair.minWithdrawal,
    maxWithdrawal: pair.maxWithdrawal,
    withdrawalFee: pair.withdrawalFee,
    damageRateBasisPoints: pair.damageRateBasisPoints,
    confirmations: pair.confirmations,
    gameCoinsPerCoin: pair.gameCoinsPerCoin,
  };
}
