import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '@server/clock';
import type { Database } from '@server/db/client';
import { rateLimits } from '@server/db/schema/auth';
import { ApiError } from '@server/errors';
import { and, eq, gt, sql } from 'drizzle-orm';
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
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((count.windowStartedAt.getTime() + rule.windowMs - now.getTime()) / 1000),
  );
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

/** Gives one attempt back to a key, e.g. for work it was counted for that did not happen after all. */
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

/**
 * How many more wrong guesses `key` may take in its current window before the next one is refused
 * (checkGuess), as counted now: what a refusal tells the player.
 */
export async function guessesLeft(db: Database, key: string, rule: RateLimitRule, now: Date): Promise<number> {
  const [row] = await db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.windowStartedAt, new Date(now.getTime() - rule.windowMs))));
  return Math.max(0, rule.limit - (row?.hits ?? 0));
}

/** A guess still being checked after this long is taken for one whose process died. */
const guessCheckLapseMs = 60 * 1000;
/** The longest a guess waits for the checks of others before it is refused. */
const guessWaitMs = 10 * 1000;

/**
 * Checks a guess at a secret (`check` says whether it is right) where only wrong guesses count
 * against `key`, across processes (auth_begin_guess and auth_end_guess): a right one forgets the
 * wrong ones before it, and past the limit of wrong ones in the window the answer is 429. The
 * guesses being checked hold places within the limit until they are known, so guesses made at once
 * never get more wrong ones checked than the limit allows; a guess that finds every place held
 * waits for those checks rather than being refused because of guesses that may be right.
 */
export async function checkGuess(
  db: Database,
  key: string,
  rule: RateLimitRule,
  clock: Clock,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const checkingKey = `${key}:checking`;
  const giveUpAt = Date.now() + guessWaitMs;
  for (let pauseMs = 5; ; pauseMs = Math.min(pauseMs * 2, 100)) {
    const now = clock.now();
    const row = await functionRow<{ admitted: boolean; wrong_hits: number | null; window_started_ms: number | null }>(
      db,
      sql`auth_begin_guess(${key}, ${checkingKey}, ${instant(now)}, ${rule.windowMs}::bigint, ${guessCheckLapseMs}::bigint, ${rule.limit}::integer)`,
    );
    if (row.admitted) break;
    // This guess would be the wrong ones' next: refused once they have reached the limit.
    const wrong = attemptCountOf(row.wrong_hits === null ? null : row.wrong_hits + 1, row.window_started_ms);
    const refusal = refusalOverLimit(wrong, rule, now);
    if (refusal) throw refusal;
    if (Date.now() >= giveUpAt)
      throw new ApiError(429, 'auth.tooManyAttempts', { seconds: 1 }, { retryAfterSeconds: 1 });
    await sleep(pauseMs * (0.5 + Math.random()));
  }
  let right = false;
  try {
    right = await check();
  } finally {
    await functionRow(
      db,
      sql`auth_end_guess(${key}, ${checkingKey}, ${right}, ${instant(clock.now())}, ${rule.windowMs}::bigint)`,
    );
  }
  return right;
}
