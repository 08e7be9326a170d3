import { createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { setCookie } from 'hono/cookie';
import { ApiError } from './errors';

export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'X-XSRF-TOKEN';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The first XSRF-TOKEN in the Cookie header, as sent. Hono's getCookie parses and decodes every
 * pair on the way, which showed in profiles; a genuine value is base64url and a dot, so it needs
 * no decoding, and anything else fails the signature check whichever way it is read.
 */
export function xsrfCookieOf(c: Context): string | undefined {
  const header = c.req.header('cookie');
  if (!header) return undefined;
  const prefix = `${xsrfCookieName}=`;
  let start = 0;
  while (start < header.length) {
    while (header.charCodeAt(start) === 32 || header.charCodeAt(start) === 9) start += 1;
    const end = header.indexOf(';', start);
    const pairEnd = end === -1 ? header.length : end;
    if (header.startsWith(prefix, start)) return header.slice(start + prefix.length, pairEnd).trim();
    start = pairEnd + 1;
  }
  return undefined;
}

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
  return (
    given.length === expected.length && timingSafeEqual(expected, given) && given.toString('base64url') === encoded
  );
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
    const cookie = xsrfCookieOf(c);
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
