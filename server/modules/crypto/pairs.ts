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

/** A decimal rate as an exact fraction. */
function rateFraction(rate: string): { numerator: bigint; denominator: bigint } {
  const [whole = '0', fraction = ''] = rate.split('.');
  return { numerator: BigInt(whole + fraction), denominator: 10n ** BigInt(fraction.length) };
}

const basisPointsWhole = 10_000n;

/**
 * Game coins a deposit of `baseUnits` buys at `rate` coins per whole coin, less the exchange's
 * share in basis points, rounded down to whole coins (docs/requirements.md §16.6).
 */
export function depositCoins(baseUnits: bigint, decimals: number, rate: string, damageBasisPoints: number): bigint {
  const { numerator, denominator } = rateFraction(rate);
  return (
    (baseUnits * numerator * (basisPointsWhole - BigInt(damageBasisPoints))) /
    (denominator * basisPointsWhole * 10n ** BigInt(decimals))
  );
}

/**
 * Game coins held for a withdrawal of `baseUnits` at `rate`, plus the exchange's share, rounded up:
 * the player never gets more on chain than the coins they gave (docs/requirements.md §16.4).
 */
export function withdrawalCoins(baseUnits: bigint, decimals: number, rate: string, damageBasisPoints: number): bigint {
  const { numerator, denominator } = rateFraction(rate);
  const divisor = denominator * basisPointsWhole * 10n ** BigInt(decimals);
  const dividend = baseUnits * numerator * (basisPointsWhole + BigInt(damageBasisPoints));
  return (dividend + divisor - 1n) / divisor;
}
