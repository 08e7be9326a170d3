/** What every call goes through, API or not: its context and log line, the shutdown refusal, the error answer. */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import type { AppDeps } from './app-deps';
import type { AppEnv } from './contract-router';
import { isDatabaseUnavailable } from './db/client';
import { ApiError } from './errors';
import { requestIdOf, type StandardHeaders } from './response-headers';

/** What a refused client is told to wait before it tries again. */
const retryAfterSeconds = 2;

/** The peer's address; in-process requests (app.request) have no socket and count as 'unknown'. */
function clientAddressOf(c: Context<AppEnv>): string {
  const bindings = c.env as { incoming?: unknown } | undefined;
  return bindings?.incoming ? (getConnInfo(c).remote.address ?? 'unknown') : 'unknown';
}

/** Sets the call's id, language and address, then completes its answer's headers and logs it. */
export function requestContext(
  { i18n, logger, lifecycle }: AppDeps,
  standardHeaders: StandardHeaders,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestIdValue = requestIdOf(c);
    c.set('requestId', requestIdValue);
    const locale = i18n.localeOf(c.req.header('accept-language'));
    c.set('locale', locale);
    c.set('t', i18n.translator(locale));
    c.set('principal', null);
    c.set('clientAddress', clientAddressOf(c));
    await next();
    standardHeaders.complete(c.res, requestIdValue);
    // During shutdown no connection is kept for another call: the client opens a new one, to a process that stays.
    if (lifecycle.stopping) c.res.headers.set('Connection', 'close');
    logger.info(
      {
        requestId: requestIdValue,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  };
}

/** A call that arrives once shutdown has begun (on a connection kept alive) is not started. */
export function refuseWhileStopping(lifecycle: AppDeps['lifecycle']): MiddlewareHandler<AppEnv> {
  return (_c, next) => {
    if (lifecycle.stopping) throw new ApiError(503, 'error.shuttingDown', {}, { retryAfterSeconds });
    return next();
  };
}

/** The error envelope, in the caller's language: the ApiError's own, 503 for a lost database, else 500. */
export function errorAnswer({ i18n, logger }: AppDeps): ErrorHandler<AppEnv> {
  return (error, c) => {
    const t = c.get('t') ?? i18n.translator(i18n.localeOf(null));
    const requestIdValue = c.get('requestId');
    if (isDatabaseUnavailable(error)) {
      // The database is restarting, failing over or has ended this process's sessions: only this
      // call fails (its transaction rolled back with the connection); the pool reconnects for the next.
      logger.warn({ err: error, requestId: requestIdValue, path: c.req.path }, 'database unavailable');
      c.header('Retry-After', String(retryAfterSeconds));
      return c.json({ code: 503, msg: t('error.databaseUnavailable'), requestId: requestIdValue }, 503);
    }
    if (error instanceof ApiError) {
      if (error.extra.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.extra.retryAfterSeconds));
      return c.json(
        {
          code: error.code,
          msg: t(error.messageKey, error.params),
          ...(error.extra.fields ? { fields: error.extra.fields } : {}),
          requestId: requestIdValue,
        },
        error.code,
      );
    }
    logger.error({ err: error, requestId: requestIdValue, path: c.req.path }, 'unhandled error');
    return c.json(
      { code: 500, msg: t('error.internal', { requestId: requestIdValue }), requestId: requestIdValue },
      500,
    );
  };
}
