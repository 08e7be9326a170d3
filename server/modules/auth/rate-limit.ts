import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema/auth';
import { ApiError } from '../../errors';
import { functionRow, instant } from './function-call';

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

/** A count as the SQL functions return it (null when they did not count). */
export function attemptCountOf(hits: number | null, windowStartedMs: number | null): AttemptCount | null {
  return hits === null || windowStartedMs === null ? null : { hits, windowStartedAt: new Date(windowStartedMs) };
}

/** The 429 (with Retry-After) for an attempt counted past the limit; null within it. */
export function refusalOverLimit(
  count: AttemptCount | null,
  rule: RateLimitRule,
  now: Date,
  messageKey = 'auth.tooManyAttempts',
): ApiError | null {
  if (!count || count.hits <= rule.limit) return null;
  const retryAfterSeconds = Math.max(1, Math.ceil((count.windowStartedAt.getTime() + rule.windowMs - now.getTime()) / 1000));
  return new ApiError(429, messageKey, { seconds: retryAfterSeconds }, { retryAfterSeconds });
}

/**
 * Counts one attempt against `key` in a fixed window, atomically in PostgreSQL (the
 * auth_count_attempt function) so that every API process shares the count, and refuses with 429
 * and Retry-After once the limit is passed. The attempt is counted before the work it guards, so
 * concurrent requests cannot slip past the limit; callers that only limit failures give the
 * attempt back with `refundAttempt` on success.
 */
export async function countAttempt(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now: Date,
  messageKey = 'auth.tooManyAttempts',
): Promise<void> {
  const row = await functionRow<{ hits: number; window_started_ms: number }>(
    db,
    sql`auth_count_attempt(${key}, ${instant(now)}, ${rule.windowMs}::bigint)`,
  );
  const refusal = refusalOverLimit(attemptCountOf(row.hits, row.window_started_ms), rule, now, messageKey);
  if (refusal) throw refusal;
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
