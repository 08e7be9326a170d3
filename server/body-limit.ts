import type { MiddlewareHandler } from 'hono';
import { bodyLimit as streamingBodyLimit } from 'hono/body-limit';

/**
 * Hono's body limit, answering from the Content-Length header alone when there is one. Reading
 * `c.req.raw.body` first (as Hono's does) turns @hono/node-server's lightweight request into a full
 * Fetch Request, which costs more than the rest of a small call; chunked bodies still stream
 * through Hono's counting limit.
 */
type BodyLimitOptions = Parameters<typeof streamingBodyLimit>[0];

export function bodyLimit(options: BodyLimitOptions & Required<Pick<BodyLimitOptions, 'onError'>>): MiddlewareHandler {
  const streaming = streamingBodyLimit(options);
  return async (c, next) => {
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number.parseInt(declared, 10) > options.maxSize) return options.onError(c);
      return next();
    }
    return streaming(c, next);
  };
}
