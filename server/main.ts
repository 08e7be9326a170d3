import { isDatabaseUnavailable } from './db/client';
import { DataDirBusyError } from './db/data-dir-lock';
import { InvalidEnvironmentError, readEnv } from './env';
import { startServer } from './start';

/** However the shutdown goes (a call or the database hanging), the process is gone this long after the signal. */
const shutdownDeadlineMs = 9_500;

async function main() {
  const env = readEnv();
  const running = await startServer(env, { serveSpa: true });
  process.stdout.write(`Game hall is running at ${running.url}\n`);
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      process.stderr.write(`Shutdown did not finish within ${shutdownDeadlineMs / 1000} s; exiting\n`);
      process.exit(1);
    }, shutdownDeadlineMs).unref();
    running.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // The job queue marks a job done or failed without waiting for the statement, so a database lost
  // at that moment rejects with nobody listening. The job is taken again once it expires; the
  // process stays up. Any other unhandled rejection still ends it.
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    running.logger.warn({ err: reason }, 'a background statement failed: the database is unavailable');
  });
}

main().catch((error: unknown) => {
  if (error instanceof InvalidEnvironmentError || error instanceof DataDirBusyError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
