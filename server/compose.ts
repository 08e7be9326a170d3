import type { Logger } from 'pino';
import { createApp, type AppDeps } from './app';
import { type Clock, systemClock } from './clock';
import type { DatabaseHandle } from './db/client';
import { createServerI18n } from './i18n';
import { loadServerSecret } from './secrets';

export interface ComposeOptions {
  logger: Logger;
  production: boolean;
  publicUrl: string;
  staticDir: string | null;
  clock?: Clock;
}

/**
 * Wires the real services to one database. The server's entry point and the API tests both build
 * the app here, so tests exercise exactly what production runs; tests override only edges (clock).
 */
export async function composeApp(database: DatabaseHandle, options: ComposeOptions) {
  const deps: AppDeps = {
    db: database.db,
    logger: options.logger,
    clock: options.clock ?? systemClock,
    i18n: createServerI18n(),
    resolvePrincipal: async () => null,
    config: {
      production: options.production,
      publicUrl: options.publicUrl,
      staticDir: options.staticDir,
      xsrfSecret: await loadServerSecret(database.db, 'xsrf'),
    },
  };
  return { app: createApp(deps), deps };
}
