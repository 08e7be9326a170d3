import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { captchas } from '../../db/schema/auth';

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

function answerHash(uuid: string, answer: string): string {
  return createHash('sha256').update(`${uuid}:${answer.trim().toLowerCase()}`).digest('hex');
}

export function randomCaptchaText(): string {
  return Array.from({ length: captchaLength }, () => captchaAlphabet[randomInt(captchaAlphabet.length)]).join('');
}

export async function createCaptcha(db: Database, now: Date, text: string): Promise<{ img: string; uuid: string }> {
  const uuid = randomUUID();
  await db.insert(captchas).values({
    uuid,
    answerHash: answerHash(uuid, text),
    createdAt: now,
    expiresAt: new Date(now.getTime() + captchaLifetimeMs),
  });
  const svg = drawCaptcha(text, { width: 120, height: 40, fontSize: 44, noise: 2, color: true, background: '#f4f6fa' });
  return { img: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, uuid };
}

/**
 * Spends the captcha whatever the answer (single use), then says whether the answer was right.
 * Letter case does not matter. An unknown, expired or spent captcha is simply not right.
 */
export async function spendCaptcha(db: Database, uuid: string, answer: string, now: Date): Promise<boolean> {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.uuid, uuid), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
    .returning({ answerHash: captchas.answerHash });
  if (!row) return false;
  return timingSafeEqual(Buffer.from(row.answerHash), Buffer.from(answerHash(uuid, answer)));
}
