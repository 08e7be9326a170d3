import type { FirstSteps } from '@contract/user';
import type { Principal } from '@server/contract-router';
import { users } from '@server/db/schema/auth';
import { bankCards } from '@server/db/schema/bank';
import { cryptoDeposits } from '@server/db/schema/crypto';
import { depositOrders } from '@server/db/schema/deposit';
import { kycSubmissions } from '@server/db/schema/kyc';
import type { PlayerDeps } from '@server/shared/player-deps';
import { eq, sql } from 'drizzle-orm';

/**
 * The first steps of docs/requirements.md §2.11, read in one query from what the account holds:
 * the newest identity submission approved, a card bound (not unbound), a pay password, and a yen
 * deposit paid or a crypto deposit credited.
 */
export async function firstStepsOf(deps: PlayerDeps, principal: Principal): Promise<FirstSteps> {
  const userId = principal.userId;
  const [row] = await deps.db
    .select({
      identity: sql<boolean>`coalesce((select ${kycSubmissions.status} = 'approved' from ${kycSubmissions}
        where ${kycSubmissions.userId} = ${userId} order by ${kycSubmissions.id} desc limit 1), false)`,
      bankCard: sql<boolean>`exists (select 1 from ${bankCards}
        where ${bankCards.userId} = ${userId} and ${bankCards.unboundAt} is null)`,
      payPassword: sql<boolean>`${users.payPasswordHash} is not null`,
      firstDeposit: sql<boolean>`(exists (select 1 from ${depositOrders} where ${depositOrders.userId} = ${userId}
          and ${depositOrders.status} in ('paymentSuccessful', 'successful'))
        or exists (select 1 from ${cryptoDeposits} where ${cryptoDeposits.userId} = ${userId}
          and ${cryptoDeposits.status} = 'credited'))`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return {
    identity: row?.identity === true,
    bankCard: row?.bankCard === true,
    payPassword: row?.payPassword === true,
    firstDeposit: row?.firstDeposit === true,
  };
}
