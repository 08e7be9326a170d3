import { chainSandboxPath } from '@contract/crypto';
import { Hono } from 'hono';
import { sandboxBasePath } from './adapters/sandbox-pay';
import { apiRoutes } from './app-api';
import type { AppDeps } from './app-deps';
import { errorAnswer, refuseWhileStopping, requestContext } from './app-middleware';
import { createAppStandardHeaders } from './app-security-headers';
import { mountSpa, mountStudioPage } from './app-static';
import type { AppEnv } from './contract-router';
import { ping } from './db/client';
import { devMailboxPage } from './dev-mailbox';

const studioApiPath = '/studio/api';

/** A database that does not answer a readiness probe within this is not ready. */
const readinessTimeoutMs = 3_000;

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { config } = deps;
  const app = new Hono<AppEnv>();
  const standardHeaders = createAppStandardHeaders(deps);

  app.use(requestContext(deps, standardHeaders));
  app.use(refuseWhileStopping(deps.lifecycle));
  app.onError(errorAnswer(deps));
  mountHealthChecks(app, deps);

  // The studio is a provider of its own: its calls carry its session, not ours, and no XSRF pair,
  // so they are answered before the API's middleware.
  app.all(`${studioApiPath}/*`, (c) => deps.studioApi.fetch(c.req.raw));

  app.route('/', apiRoutes(deps, standardHeaders));
  if (!config.production) app.get('/dev/mailbox', devMailboxPage(deps.db));
  if (deps.chainSandbox && !config.production) app.route(chainSandboxPath, deps.chainSandbox);
  if (deps.sandboxPay) app.route(sandboxBasePath, deps.sandboxPay.routes);

  if (config.staticDir) {
    mountStudioPage(app, config.staticDir, standardHeaders);
    mountSpa(app, config.staticDir);
  }
  return app;
}

/** /healthz: the process answers; /readyz: and its database does, in time. */
function mountHealthChecks(app: Hono<AppEnv>, { db, logger }: AppDeps) {
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
      await Promise.race([ping(db), timedOut]);
      return c.json({ status: 'ready' });
    } catch (error) {
      logger.warn({ err: error }, 'database not ready');
      return c.json({ status: 'unavailable' }, 503);
    } finally {
      clearTimeout(timer);
    }
  });
}
