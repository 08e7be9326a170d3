import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { captchas } from '../../db/schema/auth';
import { functionRow, instant } from './function-call';
import { attemptCountOf, type RateLimitRule, refusalOverLimit } from './rate-limit';

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
 * one call (auth_issue_captcha), and a captcha over the limit is neither stored nor drawn.
 */
export async function issueCaptcha(
  db: Database,
  options: { now: Date; text: string; addressKey: string; limit: RateLimitRule },
): Promise<{ img: string; uuid: string }> {
  const { now, text, limit } = options;
  const uuid = randomUUID();
  const expiresAt = new Date(now.getTime() + captchaLifetimeMs);
  const row = await functionRow<{ hits: number; window_started_ms: number }>(
    db,
    sql`auth_issue_captcha(${uuid}::uuid, ${captchaAnswerHash(uuid, text)}, ${instant(now)}, ${instant(expiresAt)}, ${options.addressKey}, ${limit.windowMs}::bigint, ${limit.limit}::integer)`,
  );
  const refusal = refusalOverLimit(attemptCountOf(row.hits, row.window_started_ms), limit, now);
  if (refusal) throw refusal;
  const svg = drawCaptcha(text, { width: 120, height: 40, fontSize: 44, noise: 2, color: true, background: '#f4f6fa' });
  return { img: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, uuid };
}

/**
 * Spends the captcha whatever the answer (single use), then says whether the answer was right.
 * Unknown, expired and spent captchas are simply not right. (A password sign-in spends its captcha
 * inside auth_check_sign_in instead.)
 */
export async function spendCaptcha(db: Database, uuid: string, answer: string, now: Date): Promise<boolean> {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.uuid, uuid), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
    .returning({ answerHash: captchas.answerHash });
  if (!row) return false;
  return timingSafeEqual(Buffer.from(row.answerHash), Buffer.from(captchaAnswerHash(uuid, answer)));
}
