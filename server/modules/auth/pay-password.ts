import type { Clock } from '@server/clock';
import type { Database } from '@server/db/client';
import { checkGuess, type RateLimitRule } from '@server/shared/rate-limit';
import { verifySecret } from './passwords';

/**
 * Whether `given` is the account's pay password. Wrong ones count against the account, one limit
 * for withdrawals and pay password changes alike, and end in 429; right ones never count.
 */
export function checkPayPassword(
  deps: { db: Database; clock: Clock },
  rule: RateLimitRule,
  user: { id: number; payPasswordHash: string },
  given: string,
): Promise<boolean> {
  return checkGuess(deps.db, `payPassword:user:${user.id}`, rule, deps.clock, () =>
    verifySecret(user.payPasswordHash, given),
  );
}
