import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema/auth';
import { ApiError } from '../../errors';

export interface RateLimitRule {
  /** Attempts allowed per window; the next one is refused. */
  limit: number;
  windowMs: number;
}

/** An attempt as counted: the how-manieth in its window, and when the window started. */
export interface AttemptCount {
  hits: number;
  windowStartedAt: Date;
}

/**
 * The upsert that counts one attempt against `key` in a fixed window, returning the count: to run
 * alone (`countAttempt`) or inside a larger statement. With `onlyFrom` (the FROM and WHERE of a
 * query), the attempt is counted only if that query yields a row, and `key` may be an expression.
 */
export function attemptCounter(db: Database, key: string | SQL, rule: RateLimitRule, now: Date, onlyFrom?: SQL) {
  const expiredBefore = sql`${new Date(now.getTime() - rule.windowMs).toISOString()}::timestamptz`;
  const nowValue = sql`${now.toISOString()}::timestamptz`;
  const insert = onlyFrom
    ? db.insert(rateLimits).select(sql`select (${key})::text, ${nowValue}, 1 ${onlyFrom}`)
    : db.insert(rateLimits).values({ key: key as string, windowStartedAt: now, hits: 1 });
  return insert
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.windowStartedAt} <= ${expiredBefore} then 1 else ${rateLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${expiredBefore} then ${nowValue} else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
}

/** The 429 (with Retry-After) for an attempt counted past the limit; null within it. */
export function refusalOverLimit(
  count: AttemptCount | null | undefined,
  rule: RateLimitRule,
  now: Date,
  messageKey = 'auth.tooManyAttempts',
): ApiError | null {
  if (!count || count.hits <= rule.limit) return null;
  const retryAfterSeconds = Math.max(1, Math.ceil((count.windowStartedAt.getTime() + rule.windowMs - now.getTime()) / 1000));
  return new ApiError(429, messageKey, { seconds: retryAfterSeconds }, { retryAfterSeconds });
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
  const [row] = await attemptCounter(db, key, rule, now);
  const refusal = refusalOverLimit(row, rule, now, messageKey);
  if (refusal) throw refusal;
}

/** The update that gives back an attempt that turned out to be legitimate (a successful sign-in). */
export function attemptRefund(db: Database, key: string) {
  return db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export async function refundAttempt(db: Database, key: string): Promise<void> {
  await attemptRefund(db, key);
}

/** The delete that forgets the failures of a key, e.g. an account's once its owner has proved the password. */
export function attemptsClearing(db: Database, key: string) {
  return db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function clearAttempts(db: Database, key: string): Promise<void> {
  await attemptsClearing(db, key);
}
