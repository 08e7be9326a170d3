import type { Clock } from '@server/clock';
import type { Database } from '@server/db/client';
import { checkGuess, guessesLeft, type RateLimitRule } from '@server/shared/rate-limit';
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
  return checkGuess(deps.db, payPasswordKey(user.id), rule, deps.clock, () =>
    verifySecret(user.payPasswordHash, given),
  );
}

const payPasswordKey = (userId: number) => `payPassword:user:${userId}`;

/** The wrong pay passwords the account may still try before they are refused for a while (429). */
export function payPasswordTriesLeft(
  deps: { db: Database; clock: Clock },
  rule: RateLimitRule,
  userId: number,
): Promise<number> {
  return guessesLeft(deps.db, payPasswordKey(userId), rule, deps.clock.now());
}
