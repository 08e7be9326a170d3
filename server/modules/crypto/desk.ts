import type { CryptoAssetTerms } from '@contract/crypto';
import type { adminCryptoPairUpdate } from '@contract/crypto-desk';
import type { ParsedBodyOf } from '@contract/endpoint';
import type { Principal } from '@server/contract-router';
import { cryptoPairs } from '@server/db/schema/crypto';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { fieldRefusal } from '@server/shared/refusals';
import { and, eq } from 'drizzle-orm';
import { cryptoPairOf, pairTerms } from './pairs';

/**
 * The operator changes a pair's terms (docs/requirements.md §16.1) with the reason in the audit log,
 * both in one transaction. The fee must stay below the minimum withdrawal, and the minimum at most
 * the maximum; deposits already seen keep their stored rate.
 */
export async function updateCryptoPair(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminCryptoPairUpdate>,
): Promise<CryptoAssetTerms> {
  const pair = await cryptoPairOf(deps.db, body.coin, body.network);
  if (BigInt(body.maxWithdrawal) < BigInt(body.minWithdrawal))
    throw fieldRefusal(request.t, 422, 'maxWithdrawal', 'crypto.desk.maxBelowMin');
  if (BigInt(body.withdrawalFee) >= BigInt(body.minWithdrawal))
    throw fieldRefusal(request.t, 422, 'withdrawalFee', 'crypto.desk.feeNotBelowMin');
  const { reason, coin, network, ...terms } = body;
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(cryptoPairs)
      .set(terms)
      .where(and(eq(cryptoPairs.coin, pair.coin), eq(cryptoPairs.network, pair.network)))
      .returning();
    if (!updated) throw new ApiError(404, 'crypto.pairNotFound', { coin, network });
    await writeAudit(tx, request, {
      at: deps.clock.now(),
      actor: actorOfUser(operator.userId),
      action: 'cryptoPair.update',
      subject: `cryptoPair:${coin}/${network}`,
      reason,
    });
    return pairTerms({ ...updated, network: pair.network });
  });
}
