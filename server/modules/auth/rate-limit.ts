import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema/auth';
import { ApiError } from '../../errors';

export interface RateLimitRule {
  /** Attempts allowed per window; the next one is refused. */
  limit: number;
  windowMs: number;
}

/**
 * Counts one attempt against `key` in a fixed window, atomically in PostgreSQL so that every API
 * process shares the count, and refuses with 429 and Retry-After once the limit is passed. The
 * attempt is counted before the work it guards, so concurrent requests cannot slip past the limit;
 * callers that only limit failures give the attempt back with `refundAttempt` on success.
 */
export async function countAttempt(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now: Date,
  messageKey = 'auth.tooManyAttempts',
): Promise<void> {
  const expiredBefore = sql`${new Date(now.getTime() - rule.windowMs).toISOString()}::timestamptz`;
  const nowValue = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStartedAt: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.windowStartedAt} <= ${expiredBefore} then 1 else ${rateLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${expiredBefore} then ${nowValue} else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
  if (row && row.hits > rule.limit) {
    const retryAfterSeconds = Math.max(1, Math.ceil((row.windowStartedAt.getTime() + rule.windowMs - now.getTime()) / 1000));
    throw new ApiError(429, messageKey, { seconds: retryAfterSeconds }, { retryAfterSeconds });
  }
}

/** Gives back an attempt that turned out to be legitimate (a successful sign-in). */
export async function refundAttempt(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Forgets the failures of a key, e.g. an account's once its owner has proved the password. */
export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
