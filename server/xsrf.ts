import { createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { ApiError } from './errors';

export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'X-XSRF-TOKEN';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function signature(key: KeyObject, nonce: string): Buffer {
  return createHmac('sha256', key).update(nonce).digest();
}

function isGenuine(key: KeyObject, token: string | undefined): token is string {
  if (!token) return false;
  const dot = token.indexOf('.');
  if (dot <= 0) return false;
  const expected = signature(key, token.slice(0, dot));
  // Decoding ignores characters outside base64url, so the given text must also be exactly the encoding.
  const encoded = token.slice(dot + 1);
  const given = Buffer.from(encoded, 'base64url');
  return given.length === expected.length && timingSafeEqual(expected, given) && given.toString('base64url') === encoded;
}

/**
 * Signed double-submit XSRF protection: the server issues a cookie the page's script can read, and
 * every state-changing call must echo it in X-XSRF-TOKEN. The signature stops a cookie planted by
 * a sibling domain from being accepted. Paths in `exempt` (provider webhooks) carry their own
 * signatures instead.
 */
export function xsrfProtection(options: {
  secret: string;
  secure: boolean;
  exempt: (path: string) => boolean;
}): MiddlewareHandler {
  // A key object made once: creating the HMAC from the secret string on every request costs more.
  const key = createSecretKey(Buffer.from(options.secret));
  return async (c, next) => {
    const cookie = getCookie(c, xsrfCookieName);
    const genuine = isGenuine(key, cookie);
    if (!genuine) {
      // Issued before the check so that a refused first call already carries the cookie to retry with.
      const nonce = randomBytes(18).toString('base64url');
      setCookie(c, xsrfCookieName, `${nonce}.${signature(key, nonce).toString('base64url')}`, {
        path: '/',
        sameSite: 'Lax',
        secure: options.secure,
        httpOnly: false,
      });
    }
    if (!safeMethods.has(c.req.method) && !options.exempt(c.req.path)) {
      const header = c.req.header(xsrfHeaderName);
      if (!genuine || header !== cookie) throw new ApiError(403, 'error.xsrf');
    }
    await next();
  };
}
