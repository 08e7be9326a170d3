import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { captchas } from '../../db/schema/auth';
import { attemptCounter, type RateLimitRule, refusalOverLimit } from './rate-limit';

/**
 * svg-captcha picks its text with Math.random; its main export draws a text we choose, so the
 * text comes from the system's secure generator instead. The typings omit that export.
 */
const drawCaptcha = createRequire(import.meta.url)('svg-captcha') as (
  text: string,
  options: { width: number; height: number; fontSize: number; noise: number; color: boolean; background: string },
) => string;

/** No characters that read alike (0/O/o, 1/l/I, 2/Z, 5/S). */
const captchaAlphabet = '346789ABCDEFGHJKMNPQRTUVWXYabcdefghjkmnpqrtuvwxy';
const captchaLength = 4;
export const captchaLifetimeMs = 2 * 60 * 1000;

/** What is stored of a captcha's answer; letter case does not matter. */
export function captchaAnswerHash(uuid: string, answer: string): string {
  return createHash('sha256').update(`${uuid}:${answer.trim().toLowerCase()}`).digest('hex');
}

export function randomCaptchaText(): string {
  return Array.from({ length: captchaLength }, () => captchaAlphabet[randomInt(captchaAlphabet.length)]).join('');
}

/**
 * A new captcha, counted against the client address first: the count and the stored answer are
 * one statement, and a captcha over the limit is neither stored nor drawn.
 */
export async function issueCaptcha(
  db: Database,
  options: { now: Date; text: string; addressKey: string; limit: RateLimitRule },
): Promise<{ img: string; uuid: string }> {
  const { now, text, limit } = options;
  const uuid = randomUUID();
  const counted = attemptCounter(db, options.addressKey, limit, now);
  const stored = db
    .insert(captchas)
    .select(
      sql`select ${uuid}::uuid, ${captchaAnswerHash(uuid, text)}, ${now.toISOString()}::timestamptz, ${new Date(now.getTime() + captchaLifetimeMs).toISOString()}::timestamptz, null::timestamptz from counted where counted.hits <= ${limit.limit}`,
    );
  const result = (await db.execute(sql`
    with counted as (${counted.getSQL()}), stored as (${stored.getSQL()})
    select counted.hits, (extract(epoch from counted.window_started_at) * 1000)::float8 as window_ms from counted
  `)) as unknown as { rows: { hits: number; window_ms: number }[] };
  const row = result.rows[0];
  if (!row) throw new Error('the captcha count returned no row');
  const refusal = refusalOverLimit({ hits: row.hits, windowStartedAt: new Date(row.window_ms) }, limit, now);
  if (refusal) throw refusal;
  const svg = drawCaptcha(text, { width: 120, height: 40, fontSize: 44, noise: 2, color: true, background: '#f4f6fa' });
  return { img: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, uuid };
}

/**
 * The update that spends a captcha whatever the answer (single use), returning its answer hash
 * if it was there to spend: unknown, expired and spent captchas return nothing.
 */
export function captchaSpending(db: Database, uuid: string, now: Date) {
  return db
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.uuid, uuid), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
    .returning({ answerHash: captchas.answerHash });
}

/** Spends the captcha, then says whether the answer was right. */
export async function spendCaptcha(db: Database, uuid: string, answer: string, now: Date): Promise<boolean> {
  const [row] = await captchaSpending(db, uuid, now);
  if (!row) return false;
  return timingSafeEqual(Buffer.from(row.answerHash), Buffer.from(captchaAnswerHash(uuid, answer)));
}
