import type { Context } from 'hono';

/** Content-Security-Policy directives, in camelCase as Hono's secureHeaders takes them. */
export type ContentSecurityPolicy = Record<string, readonly string[]>;

const requestIdHeader = 'X-Request-Id';
/** A request id a proxy in front may pass on; anything else gets a fresh one. */
const forwardedRequestId = /^[\w\-=]{1,255}$/;

/** The request's id: the one a proxy in front passed in X-Request-Id, when well formed, else a fresh UUID. */
export function requestIdOf(c: Context): string {
  const forwarded = c.req.header(requestIdHeader);
  return forwarded && forwardedRequestId.test(forwarded) ? forwarded : crypto.randomUUID();
}

function cspValue(policy: ContentSecurityPolicy): string {
  return Object.entries(policy)
    .map(([directive, sources]) =>
      [directive.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...sources].join(' '),
    )
    .join('; ');
}

/**
 * The headers every answer carries: the security policy (fixed at start-up) and the request id.
 * Envelopes from the contract router, the bulk of calls, are built by `json` with all of them in
 * one plain object, which @hono/node-server writes as it is; setting them on a Fetch `Headers`
 * afterwards (as Hono's secureHeaders does) cost more than the rest of a cached call. Every other
 * answer (errors, files, the SPA) gets them from `complete` after its handler.
 */
export function createStandardHeaders(options: {
  contentSecurityPolicy: ContentSecurityPolicy;
  strictTransportSecurity: string | null;
}) {
  const security: Record<string, string> = {
    'Content-Security-Policy': cspValue(options.contentSecurityPolicy),
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(options.strictTransportSecurity ? { 'Strict-Transport-Security': options.strictTransportSecurity } : {}),
    'X-Content-Type-Options': 'nosniff',
    'X-DNS-Prefetch-Control': 'off',
    'X-Download-Options': 'noopen',
    // As frame-ancestors 'self', for browsers that only read this.
    'X-Frame-Options': 'SAMEORIGIN',
    'X-Permitted-Cross-Domain-Policies': 'none',
    'X-XSS-Protection': '0',
  };
  const securityEntries = Object.entries(security);
  const complete = new WeakSet<Response>();
  // The studio's game page is shown in a frame of our own pages, and only of ours.
  const framedBySelf: Record<string, string> = {
    ...security,
    'Content-Security-Policy': cspValue({ ...options.contentSecurityPolicy, frameAncestors: ["'self'"] }),
    'X-Frame-Options': 'SAMEORIGIN',
  };
  return {
    /** A JSON answer that already carries every standard header. */
    json(status: number, body: string, requestId: string): Response {
      const response = new Response(body, {
        status,
        headers: { 'content-type': 'application/json', ...security, [requestIdHeader]: requestId },
      });
      complete.add(response);
      return response;
    },
    /** An HTML page our own pages may frame (same origin only), with every other standard header. */
    framedPage(html: string, requestId: string): Response {
      const response = new Response(html, {
        status: 200,
        headers: {
          'content-type': 'text/html; charset=UTF-8',
          'cache-control': 'no-cache',
          ...framedBySelf,
          [requestIdHeader]: requestId,
        },
      });
      complete.add(response);
      return response;
    },
    /** Adds the standard headers to an answer that `json` did not build. */
    complete(response: Response, requestId: string): void {
      if (complete.has(response)) return;
      for (const [name, value] of securityEntries) response.headers.set(name, value);
      response.headers.set(requestIdHeader, requestId);
    },
  };
}

export type StandardHeaders = ReturnType<typeof createStandardHeaders>;
