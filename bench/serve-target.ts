/**
 * One server under load, run in its own process so that it does not share an event loop with the
 * load generator. `app` is the real product (migrated, seeded, composed exactly as in production);
 * `bare` is a plain Hono handler returning the same JSON, the baseline every figure is divided by.
 * For the sign-in figures the app is composed with a known captcha text (BENCH_CAPTCHA_TEXT) and
 * sign-in and captcha limits raised to BENCH_AUTH_LIMIT per window (one address signs in thousands
 * of times), and the wallet figure's provider comes in BENCH_GAME_PROVIDERS as GAME_PROVIDERS would
 * bring it; nothing else differs from production.
 * The parent receives `{ port }` over IPC and stops the child with SIGTERM.
 */
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { composeApp } from '@server/compose';
import { type DatabaseHandle, openDatabase } from '@server/db/client';
import { seedDatabase } from '@server/db/seed';
import { createLogger } from '@server/logger';
import type { AuthLimits } from '@server/modules/auth/context';
import type { GameProviderConfig } from '@server/modules/hall/providers';
import { Hono } from 'hono';

function benchAuthOptions(): { captchaText?: () => string; authLimits?: Partial<AuthLimits> } {
  const captchaText = process.env.BENCH_CAPTCHA_TEXT;
  const limit = Number(process.env.BENCH_AUTH_LIMIT ?? '');
  const raised = Number.isSafeInteger(limit) && limit > 0 ? { limit, windowMs: 60 * 60 * 1000 } : null;
  return {
    ...(captchaText ? { captchaText: () => captchaText } : {}),
    ...(raised
      ? { authLimits: { signInPerAccount: raised, signInPerAddress: raised, captchaPerAddress: raised } }
      : {}),
  };
}

async function startApp(): Promise<{
  server: ServerType;
  database: DatabaseHandle;
  stopBackgroundWork(): Promise<void>;
}> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!databaseUrl && !dataDir) throw new Error('BENCH_DATABASE_URL or BENCH_DATA_DIR is required');
  const database = databaseUrl ? await openDatabase({ databaseUrl }) : await openDatabase({ dataDir: dataDir! });
  await database.migrate();
  await seedDatabase(database.db);
  // The product's default log level; the parent sends stdout to /dev/null, as a log shipper would consume it.
  const { app, stopBackgroundWork } = await composeApp(database, {
    logger: createLogger('info'),
    production: true,
    publicUrl: 'http://127.0.0.1',
    staticDir: null,
    ...benchAuthOptions(),
    ...(process.env.BENCH_GAME_PROVIDERS
      ? { games: { providers: JSON.parse(process.env.BENCH_GAME_PROVIDERS) as GameProviderConfig[] } }
      : {}),
  });
  return { server: serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }), database, stopBackgroundWork };
}

function startBare(): { server: ServerType } {
  const payload = JSON.parse(process.env.BENCH_BARE_PAYLOAD ?? 'null') as unknown;
  const path = process.env.BENCH_BARE_PATH;
  if (payload === null || !path) throw new Error('BENCH_BARE_PAYLOAD and BENCH_BARE_PATH are required');
  const app = new Hono();
  app.post(path, (c) => c.json(payload as object));
  return { server: serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) };
}

async function main() {
  const kind = process.argv[2];
  if (kind !== 'app' && kind !== 'bare') throw new Error(`unknown target "${kind}" (app or bare)`);
  const { server, database, stopBackgroundWork } =
    kind === 'app' ? await startApp() : { ...startBare(), database: null, stopBackgroundWork: async () => {} };
  if (!server.listening) await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  process.send?.({ port: (server.address() as AddressInfo).port });
  process.once('SIGTERM', () => {
    server.close(() => {
      stopBackgroundWork()
        .then(() => database?.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
