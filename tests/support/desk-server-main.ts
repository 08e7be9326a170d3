/**
 * The component tests' server process: the app composed as server/start.ts composes it for
 * NODE_ENV=test (embedded database in DATA_DIR, mail held for /dev/mailbox, the sandboxes, the
 * browser-test edges), with one difference: its clock is the test's. It runs the system's time
 * plus an offset that the test moves forward through the process's IPC channel, so a test that
 * needs the next authenticator step moves the clock there instead of waiting for it.
 *
 * Run with `node --import tsx` and an IPC channel; prints "running at <url>" once it listens.
 * Messages: { advanceMs } moves the clock forward (answered { offsetMs }); SIGTERM stops it.
 */
import path from 'node:path';
import { serve } from '@hono/node-server';
import type { Clock } from '@server/clock';
import { composeApp } from '@server/compose';
import { openDatabase } from '@server/db/client';
import { seedDatabase } from '@server/db/seed';
import { publicUrlOf, readEnv } from '@server/env';
import { createLogger } from '@server/logger';

/** What the test sends: move the clock forward by this much. */
export interface ClockMessage {
  advanceMs: number;
}
/** What the process answers: the clock's offset from the system's time now. */
export interface ClockAnswer {
  offsetMs: number;
}

async function main() {
  const env = readEnv();
  if (env.NODE_ENV !== 'test') throw new Error('the desk test server runs with NODE_ENV=test only');
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
  process.on('message', (message: ClockMessage) => {
    if (message.advanceMs > 0) offsetMs += message.advanceMs;
    process.send?.({ offsetMs } satisfies ClockAnswer);
  });

  const dataDir = path.resolve(env.DATA_DIR);
  const logger = createLogger(env.LOG_LEVEL);
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seedDatabase(database.db);
  // Every test comes from 127.0.0.1: the per-address limits are raised as server/start.ts raises
  // them for browser tests (the per-account ones stay), and every captcha shows TEST_CAPTCHA_TEXT.
  const generous = { limit: 10_000, windowMs: 60_000 };
  const captchaText = env.TEST_CAPTCHA_TEXT;
  const { app, stopBackgroundWork, refuseNewCalls } = await composeApp(database, {
    logger,
    clock,
    production: false,
    publicUrl: publicUrlOf(env),
    staticDir: null,
    smtpUrl: null,
    fileStorageDir: path.join(dataDir, 'files'),
    games: env.GAME_PROVIDERS ? { providers: env.GAME_PROVIDERS } : {},
    authLimits: { signInPerAddress: generous, captchaPerAddress: generous, emailPerAddress: generous },
    ...(captchaText ? { captchaText: () => captchaText } : {}),
  });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  process.stdout.write(`Desk test server running at ${publicUrlOf(env)}\n`);

  let stopping = false;
  process.on('SIGTERM', () => {
    if (stopping) return;
    stopping = true;
    refuseNewCalls();
    if ('closeAllConnections' in server) server.closeAllConnections();
    server.close(() => {
      stopBackgroundWork()
        .then(() => database.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`Desk test server failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
  process.exit(1);
});
