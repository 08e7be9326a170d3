import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { composeApp } from './compose';
import { type DatabaseHandle, openDatabase } from './db/client';
import { seedDatabase } from './db/seed';
import { type Env, publicUrlOf } from './env';
import { createLogger } from './logger';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));

export interface RunningServer {
  url: string;
  database: DatabaseHandle;
  stop(): Promise<void>;
}

/** Opens the database, migrates and seeds it, and serves API and SPA until stopped. */
export async function startServer(env: Env, options: { serveSpa: boolean }): Promise<RunningServer> {
  const logger = createLogger(env.LOG_LEVEL);
  const database = env.DATABASE_URL
    ? await openDatabase({ databaseUrl: env.DATABASE_URL })
    : await openDatabase({ dataDir: path.resolve(env.DATA_DIR) });
  await database.migrate();
  await seedDatabase(database.db);
  const { app } = await composeApp(database, {
    logger,
    production: env.NODE_ENV === 'production',
    publicUrl: publicUrlOf(env),
    staticDir: options.serveSpa ? distDir : null,
  });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = `http://${env.HOST}:${port}`;
  logger.info({ url, database: database.kind }, 'listening');
  return {
    url,
    database,
    async stop() {
      // close() stops accepting and resolves once in-flight requests have finished.
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
      logger.info('stopped');
    },
  };
}
