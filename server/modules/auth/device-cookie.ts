import { createHash, randomBytes } from 'node:crypto';
import type { AppEnv } from '@server/contract-router';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

export const deviceCookieName = 'hall_device';
const deviceCookiePattern = /^[A-Za-z0-9_-]{22}$/;
/** As long as browsers keep a cookie (400 days), so a device is recognised across sessions. */
const deviceCookieMaxAgeSeconds = 400 * 24 * 60 * 60;
const userAgentMaxLength = 300;

/**
 * Recognises the browser a sign-in comes from: a random id in a long-lived cookie, issued on the
 * first sign-in and read on every later one. Only its SHA-256 is stored, so the stored value signs
 * nothing in; the risk checks beside a payout compare devices by it.
 */
export function deviceRecognition(options: { secure: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let device = getCookie(c, deviceCookieName);
    if (!device || !deviceCookiePattern.test(device)) {
      device = randomBytes(16).toString('base64url');
      setCookie(c, deviceCookieName, device, {
        path: '/',
        sameSite: 'Lax',
        secure: options.secure,
        httpOnly: true,
        maxAge: deviceCookieMaxAgeSeconds,
      });
    }
    c.set('deviceId', createHash('sha256').update(device).digest('hex'));
    await next();
  };
}

/** The device of a sign-in as it is recorded: the cookie's hash and the browser's own description. */
export function deviceOf(c: Context<AppEnv>): { id: string; userAgent: string } {
  return { id: c.get('deviceId') ?? '', userAgent: (c.req.header('user-agent') ?? '').slice(0, userAgentMaxLength) };
}
