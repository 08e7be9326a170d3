import { createHmac, createSecretKey, type KeyObject, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Database } from '@server/db/client';
import { captchaSpends } from '@server/db/schema/auth';
import { type RateLimitRule, refusalOverLimit } from '@server/shared/rate-limit';
import { LRUCache } from 'lru-cache';

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

export function randomCaptchaText(): string {
  return Array.from({ length: captchaLength }, () => captchaAlphabet[randomInt(captchaAlphabet.length)]).join('');
}

/**
 * A captcha's `uuid` is a token the server signed, base64url of: the captcha's id (16 random
 * bytes), its expiry (milliseconds, 6 bytes), a tag of the answer, and a tag of all three proving
 * the server issued them (HMAC-SHA256 truncated to 128 bits). Nothing is stored when one is drawn,
 * so drawing costs no statement; the answer's tag reveals nothing without the key, and letter case
 * does not matter. Single use is the captcha_spends row written at the first try.
 */
const idBytes = 16;
const expiryBytes = 6;
const tagBytes = 16;
const tokenBytes = idBytes + expiryBytes + 2 * tagBytes;

function tag(key: KeyObject, purpose: 'issued' | 'answer', ...parts: (Buffer | string)[]): Buffer {
  const hmac = createHmac('sha256', key).update(purpose);
  for (const part of parts) hmac.update('\0').update(part);
  return hmac.digest().subarray(0, tagBytes);
}

const normalisedAnswer = (answer: string) => answer.trim().toLowerCase();

/** A captcha as tried: its id (as a uuid), when it expires, and whether the answer was right. */
export interface CaptchaTry {
  id: string;
  expiresAt: Date;
  answerRight: boolean;
}

export interface Captchas {
  /** Draws a new captcha, counted against the client address first (429 over the limit). */
  issue(clientAddress: string, now: Date): { img: string; uuid: string };
  /**
   * Reads a token with the answer given: null for a token the server did not sign or that has
   * expired (there is nothing to spend), otherwise the try, still to be spent.
   */
  read(token: string, answer: string, now: Date): CaptchaTry | null;
}

/**
 * Captchas signed with `secret` (shared by every API process, so any of them reads a captcha
 * another drew). The per-address limit guards this process's drawing time and is counted in its
 * memory: a captcha no longer costs the database anything, so there is nothing there to guard.
 */
export function createCaptchas(options: { secret: string; text: () => string; perAddress: RateLimitRule }): Captchas {
  const key = createSecretKey(Buffer.from(options.secret));
  const { perAddress } = options;
  const drawsByAddress = new LRUCache<string, { hits: number; windowStartedAt: Date }>({ max: 100_000 });

  return {
    issue(clientAddress, now) {
      const current = drawsByAddress.get(clientAddress);
      const count =
        current && now.getTime() < current.windowStartedAt.getTime() + perAddress.windowMs
          ? { hits: current.hits + 1, windowStartedAt: current.windowStartedAt }
          : { hits: 1, windowStartedAt: now };
      drawsByAddress.set(clientAddress, count);
      const refusal = refusalOverLimit(count, perAddress, now);
      if (refusal) throw refusal;

      const text = options.text();
      const id = randomBytes(idBytes);
      const expiry = Buffer.alloc(expiryBytes);
      expiry.writeUIntBE(now.getTime() + captchaLifetimeMs, 0, expiryBytes);
      const answerTag = tag(key, 'answer', id, normalisedAnswer(text));
      const token = Buffer.concat([id, expiry, answerTag, tag(key, 'issued', id, expiry, answerTag)]);
      const svg = drawCaptcha(text, {
        width: 120,
        height: 40,
        fontSize: 44,
        noise: 2,
        color: true,
        background: '#f4f6fa',
      });
      return {
        img: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        uuid: token.toString('base64url'),
      };
    },

    read(token, answer, now) {
      const bytes = Buffer.from(token, 'base64url');
      // Decoding skips characters outside base64url, so the text must also be exactly the encoding.
      if (bytes.length !== tokenBytes || bytes.toString('base64url') !== token) return null;
      const id = bytes.subarray(0, idBytes);
      const expiry = bytes.subarray(idBytes, idBytes + expiryBytes);
      const answerTag = bytes.subarray(idBytes + expiryBytes, idBytes + expiryBytes + tagBytes);
      const issuedTag = bytes.subarray(idBytes + expiryBytes + tagBytes);
      if (!timingSafeEqual(issuedTag, tag(key, 'issued', id, expiry, answerTag))) return null;
      const expiresAt = new Date(expiry.readUIntBE(0, expiryBytes));
      if (expiresAt <= now) return null;
      const hex = id.toString('hex');
      return {
        id: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
        expiresAt,
        answerRight: timingSafeEqual(answerTag, tag(key, 'answer', id, normalisedAnswer(answer))),
      };
    },
  };
}

/**
 * Spends a captcha whatever the answer (single use), then says whether the answer was right: a
 * captcha tried before is never right again. (A password sign-in spends its captcha inside
 * auth_check_sign_in instead.)
 */
export async function spendCaptcha(db: Database, captcha: CaptchaTry | null): Promise<boolean> {
  if (!captcha) return false;
  const spent = await db
    .insert(captchaSpends)
    .values({ id: captcha.id, expiresAt: captcha.expiresAt })
    .onConflictDoNothing()
    .returning({ id: captchaSpends.id });
  return spent.length === 1 && captcha.answerRight;
}
