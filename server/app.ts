import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chainSandboxPath } from '@contract/crypto';
import { endpoints } from '@contract/endpoints';
import { maxKycSubmissionBytes, submitKyc } from '@contract/kyc';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import type { PlayerDeps } from '@server/shared/player-deps';
import { type Context, Hono } from 'hono';
import type { Logger } from 'pino';
import { type SandboxPay, sandboxBasePath } from './adapters/sandbox-pay';
import { bodyLimit } from './body-limit';
import type { Clock } from './clock';
import { type AppEnv, mountContract, type ResolvePrincipal } from './contract-router';
import { type Database, isDatabaseUnavailable, ping } from './db/client';
import { devMailboxPage } from './dev-mailbox';
import { ApiError } from './errors';
import type { ServerI18n } from './i18n';
import { accountTransferRoutes } from './modules/account-transfer/routes';
import type { AccountTransferDeps } from './modules/account-transfer/setup';
import { adminRoutes } from './modules/admin/routes';
import { agentRoutes } from './modules/agent/routes';
import { appAccessRoutes } from './modules/app-access/routes';
import type { AuthDeps } from './modules/auth/public';
import { authRoutes } from './modules/auth/routes';
import { bankRoutes } from './modules/bank/routes';
import { contentRoutes } from './modules/content/routes';
import type { PublicContentCache } from './modules/content/setup';
import { cryptoRoutes } from './modules/crypto/routes';
import { depositRoutes, payCallbackHandler, payCallbackPath, payCallbackPrefix } from './modules/deposit/routes';
import type { GameDeps } from './modules/hall/public';
import { gameRoutes } from './modules/hall/routes';
import { kycPhotoHandler, kycPhotoPath, kycRoutes } from './modules/kyc/routes';
import { stationRoutes } from './modules/letters/routes';
import { recordRoutes } from './modules/record/routes';
import { supportRoutes } from './modules/support/routes';
import { userRoutes } from './modules/user/routes';
import { walletBasePath, walletRoutes } from './modules/wallet/routes';
import { withdrawalRoutes } from './modules/withdrawal/routes';
import { buildOpenApiDocument, mountApiReference } from './openapi';
import { createStandardHeaders, requestIdOf, type StandardHeaders } from './response-headers';
import { xsrfProtection } from './xsrf';

export interface AppConfig {
  production: boolean;
  publicUrl: string;
  /** The built SPA (dist/); null when the SPA is served by Vite in development. */
  staticDir: string | null;
  xsrfSecret: string;
}

export interface AppDeps {
  db: Database;
  contentCache: PublicContentCache;
  logger: Logger;
  clock: Clock;
  i18n: ServerI18n;
  config: AppConfig;
  resolvePrincipal: ResolvePrincipal;
  auth: AuthDeps;
  player: PlayerDeps;
  accountTransfer: AccountTransferDeps;
  games: GameDeps;
  /** The embedded sandbox payment provider, when it is served. */
  sandboxPay: SandboxPay | null;
  /** The chain simulator's sandbox routes, served outside production only. */
  chainSandbox: Hono<AppEnv> | null;
  /** The embedded game studio's own API, answering `/studio/api/*` (studio/app.ts). */
  studioApi: { fetch(request: Request): Response | Promise<Response> };
  /** Set once the process has begun to shut down. */
  lifecycle: { stopping: boolean };
}

const studioApiPath = '/studio/api';
const googleIdentityOrigin = 'https://accounts.google.com';

const jsonBodyLimitBytes = 1024 * 1024;
/** A database that does not answer a readiness probe within this is not ready. */
const readinessTimeoutMs = 3_000;
/** What a refused client is told to wait before it tries again. */
const retryAfterSeconds = 2;

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { logger, i18n, config } = deps;
  const app = new Hono<AppEnv>();

  // Google's sign-in button is its own script and frame; it is allowed only when Google is configured.
  const google = deps.auth.providers.google ? [googleIdentityOrigin] : [];
  // The springboard frames the game page of whichever provider the launch names (our own studio
  // included), and the hall shows the providers' pictures (docs/requirements.md §10.10).
  const { frames, images } = deps.games.origins;
  const standardHeaders = createStandardHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...google],
      // Mantine sets style attributes at run time; scripts stay strict.
      styleSrc: ["'self'", "'unsafe-inline'", ...google],
      imgSrc: ["'self'", 'data:', 'blob:', ...images],
      connectSrc: ["'self'", ...google],
      frameSrc: ["'self'", ...frames, ...google],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // Only our own pages may frame ours: the springboard frames the studio's game page.
      frameAncestors: ["'self'"],
    },
    strictTransportSecurity: config.production ? 'max-age=63072000; includeSubDomains' : null,
  });

  app.use(async (c, next) => {
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
    if (deps.lifecycle.stopping) c.res.headers.set('Connection', 'close');
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
  });

  // A call that arrives once shutdown has begun (on a connection kept alive) is not started.
  app.use((_c, next) => {
    if (deps.lifecycle.stopping) throw new ApiError(503, 'error.shuttingDown', {}, { retryAfterSeconds });
    return next();
  });

  app.onError((error, c) => {
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
  });

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer from the database within ${readinessTimeoutMs} ms`)),
        readinessTimeoutMs,
      );
    });
    try {
      await Promise.race([ping(deps.db), timedOut]);
      return c.json({ status: 'ready' });
    } catch (error) {
      logger.warn({ err: error }, 'database not ready');
      return c.json({ status: 'unavailable' }, 503);
    } finally {
      clearTimeout(timer);
    }
  });

  // The studio is a provider of its own: its calls carry its session, not ours, and no XSRF pair,
  // so they are answered before the API's middleware.
  app.all(`${studioApiPath}/*`, (c) => deps.studioApi.fetch(c.req.raw));

  const api = new Hono<AppEnv>();
  const limitBody = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        // The rest of the body stays unread and the socket is dropped: tell the client not to reuse it.
        c.header('Connection', 'close');
        throw new ApiError(413, 'error.bodyTooLarge');
      },
    });
  const jsonBodyLimit = limitBody(jsonBodyLimitBytes);
  // Identity photos are the one large upload.
  const kycBodyLimit = limitBody(maxKycSubmissionBytes);
  api.use((c, next) => (c.req.path === submitKyc.path ? kycBodyLimit : jsonBodyLimit)(c, next));
  api.use(
    xsrfProtection({
      secret: config.xsrfSecret,
      secure: config.production,
      // Provider callbacks and wallet calls carry their own signatures; the sandbox provider plays an
      // outside site, and the chain sandbox plays the chain (neither is served in production).
      exempt: (requestPath) =>
        requestPath.startsWith(payCallbackPrefix) ||
        requestPath.startsWith(`${chainSandboxPath}/`) ||
        requestPath.startsWith(`${sandboxBasePath}/`) ||
        requestPath.startsWith(`${walletBasePath}/`),
    }),
  );
  api.use(async (c, next) => {
    const token = c.req.header('token');
    if (token) c.set('principal', await deps.resolvePrincipal(token));
    await next();
  });
  // A cheap call that hands out the XSRF cookie to clients that have none yet.
  api.get('/v2/xsrf', (c) => c.body(null, 204));
  api.post(payCallbackPath, payCallbackHandler(deps.player));
  api.get(kycPhotoPath, kycPhotoHandler(deps.player));
  api.route(walletBasePath, walletRoutes(deps.games));
  mountApiReference(api, buildOpenApiDocument(endpoints));
  mountContract(
    api,
    endpoints,
    [
      ...contentRoutes(deps),
      ...authRoutes(deps.auth),
      ...agentRoutes(deps.player),
      ...userRoutes(deps.player),
      ...appAccessRoutes(deps.auth, deps.player),
      ...kycRoutes(deps.player),
      ...bankRoutes(deps.player),
      ...depositRoutes(deps.player),
      ...withdrawalRoutes(deps.player),
      ...cryptoRoutes(deps.player),
      ...recordRoutes(deps.player),
      ...stationRoutes(deps.player),
      ...gameRoutes(deps.games),
      ...adminRoutes(deps.auth, deps.player),
      ...supportRoutes({ ...deps.player, mail: deps.auth.mail, translator: deps.i18n.translator }),
      ...accountTransferRoutes(deps.accountTransfer),
    ],
    standardHeaders,
  );
  api.all('/v2/*', () => {
    throw new ApiError(404, 'error.notFound');
  });
  app.route('/', api);
  if (!config.production) app.get('/dev/mailbox', devMailboxPage(deps.db));
  if (deps.chainSandbox && !config.production) app.route(chainSandboxPath, deps.chainSandbox);
  if (deps.sandboxPay) app.route(sandboxBasePath, deps.sandboxPay.routes);

  if (config.staticDir) {
    mountStudioPage(app, config.staticDir, standardHeaders);
    mountSpa(app, config.staticDir);
  }
  return app;
}

/** The peer's address; in-process requests (app.request) have no socket and count as 'unknown'. */
function clientAddressOf(c: Context<AppEnv>): string {
  const bindings = c.env as { incoming?: unknown } | undefined;
  return bindings?.incoming ? (getConnInfo(c).remote.address ?? 'unknown') : 'unknown';
}

/**
 * The studio's game page (studio/page/, built to dist/studio/page/index.html) at the paths its launch
 * URL and its verify links name; its scripts are in dist/assets/ with the SPA's. Our hall frames it.
 */
function mountStudioPage(app: Hono<AppEnv>, staticDir: string, headers: StandardHeaders) {
  const pageFile = path.join(staticDir, 'studio', 'page', 'index.html');
  const page = async (c: Context<AppEnv>) => {
    if (!existsSync(pageFile)) throw new ApiError(404, 'error.notFound');
    return headers.framedPage(await readFile(pageFile, 'utf8'), c.get('requestId'));
  };
  app.get('/studio/play', page);
  app.get('/studio/verify', page);
}

/**
 * Serves the built SPA: hashed assets cached for a year, every other path falls back to index.html.
 * The build writes brotli and gzip copies beside each text file; the one the browser accepts is sent.
 */
function mountSpa(app: Hono<AppEnv>, staticDir: string) {
  const root = path.relative(process.cwd(), staticDir) || '.';
  const noCache = (_path: string, c: Context<AppEnv>) => void c.header('Cache-Control', 'no-cache');
  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  // A tab still running an older build asks for chunks that are gone: answer 404, not index.html as script.
  app.get('/assets/*', () => {
    throw new ApiError(404, 'error.notFound');
  });
  app.use('*', serveStatic({ root, precompressed: true, onFound: noCache }));
  app.get('*', serveStatic({ root, path: 'index.html', precompressed: true, onFound: noCache }));
  app.get('*', () => {
    throw new ApiError(404, 'error.notFound');
  });
}
