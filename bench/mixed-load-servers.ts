import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { findFreePort, repoRoot, sleep, stopChild, tailOf } from './processes';

/** One product server as `npm start` runs it (`node --import tsx server/main.ts`), on its own port. */
export interface ProductServer {
  url: string;
  /** Log lines at level error or above: how many, and the first few as the server wrote them. */
  errors: { count: number; samples: string[] };
  /** How many times each warning was logged, by its message (and the refusal, for refused callbacks). */
  warnings: Map<string, number>;
  /** SIGTERM (graceful shutdown); resolves with the exit code. */
  stop(): Promise<number | null>;
  alive(): boolean;
}

const readyDeadlineMs = 90_000;
const pollIntervalMs = 100;
const keptErrorLines = 20;
const pinoError = 50;
const pinoWarn = 40;

/**
 * Starts the product in production mode on PostgreSQL with the embedded sandbox provider switched
 * on (PAY_SANDBOX=on: production has no payment edges unless configured, and the sandbox is the
 * provider a bench can pay at). Its public URL is its own address, so checkout pages, callbacks and
 * payouts go to this process, as they would to a load-balanced address. Logs at warn, read line by
 * line: every error line is kept for the report.
 */
export async function startProductServer(options: { databaseUrl: string; dataDir: string }): Promise<ProductServer> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      NODE_ENV: 'production',
      PAY_SANDBOX: 'on',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail = tailOf(child);
  const errors = { count: 0, samples: [] as string[] };
  const warnings = new Map<string, number>();
  createInterface({ input: child.stdout! }).on('line', (line) => countLogLine(line, errors, warnings));
  const stop = async () => {
    await stopChild(child, 30_000);
    return child.exitCode;
  };

  const started = performance.now();
  while (performance.now() - started < readyDeadlineMs) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `server/main.ts on port ${port} exited (${child.exitCode ?? child.signalCode}) before it was ready: ${tail()}`,
      );
    }
    const status = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200)
      return { url, errors, warnings, stop, alive: () => child.exitCode === null && child.signalCode === null };
    await sleep(pollIntervalMs);
  }
  await stop();
  throw new Error(`server/main.ts on port ${port} was not ready after ${readyDeadlineMs / 1000} s: ${tail()}`);
}

interface LogEntry {
  level?: number;
  msg?: string;
  refusal?: string;
  err?: { message?: string };
}

/** Counts an error line, keeping the first few, or a warning by its message; other lines are not counted. */
function countLogLine(line: string, errors: ProductServer['errors'], warnings: ProductServer['warnings']): void {
  let entry: LogEntry;
  try {
    entry = JSON.parse(line) as LogEntry;
  } catch {
    return;
  }
  const level = entry.level ?? 0;
  if (level >= pinoError) {
    errors.count += 1;
    if (errors.samples.length < keptErrorLines)
      errors.samples.push(`${entry.msg ?? ''}: ${entry.err?.message ?? line.slice(0, 500)}`);
  } else if (level >= pinoWarn) {
    const message = entry.refusal ? `${entry.msg ?? '?'} (${entry.refusal})` : (entry.msg ?? '?');
    warnings.set(message, (warnings.get(message) ?? 0) + 1);
  }
}

/** Processes of the product the loads run side by side on one database. */
export const serverCount = 2;

/** Starts the servers side by side; if one fails, the others are stopped before the error is passed on. */
export async function startServers(databaseUrl: string, dataDir: string): Promise<ProductServer[]> {
  const started = await Promise.allSettled(
    Array.from({ length: serverCount }, () => startProductServer({ databaseUrl, dataDir })),
  );
  const running = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const failed = started.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) {
    await Promise.all(running.map((server) => server.stop()));
    throw failed.reason;
  }
  return running;
}

/** What the servers logged, together: their errors (and the first few) and their warnings by message. */
export function serverLogs(servers: readonly ProductServer[]): Pick<ProductServer, 'errors' | 'warnings'> {
  const errors = { count: 0, samples: [] as string[] };
  const warnings = new Map<string, number>();
  for (const server of servers) {
    errors.count += server.errors.count;
    errors.samples.push(...server.errors.samples);
    for (const [message, count] of server.warnings) warnings.set(message, (warnings.get(message) ?? 0) + count);
  }
  return { errors, warnings };
}
