import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { ApiError } from './errors';

export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'X-XSRF-TOKEN';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function sign(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(nonce).digest('base64url');
}

function isGenuine(secret: string, token: string | undefined): token is string {
  if (!token) return false;
  const [nonce, signature] = token.split('.');
  if (!nonce || !signature) return false;
  const expected = Buffer.from(sign(secret, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
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
  return async (c, next) => {
    const cookie = getCookie(c, xsrfCookieName);
    const genuine = isGenuine(options.secret, cookie);
    if (!genuine) {
      // Issued before the check so that a refused first call already carries the cookie to retry with.
      const nonce = randomBytes(18).toString('base64url');
      setCookie(c, xsrfCookieName, `${nonce}.${sign(options.secret, nonce)}`, {
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
