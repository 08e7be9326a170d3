/**
 * pgbench's built-in TPC-B as the baseline of the PostgreSQL throughput figures: a load through the
 * API is measured against TPC-B on the same server with the same number of clients, in alternating
 * one-second slices after a warm-up of each, so both sides see the same machine at the same time.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { startLoadWorker } from './load-worker';
import { startTarget } from './target-process';
import type { LoopsResult } from './timed-loops';

const run = promisify(execFile);

/** pgbench ships with the PostgreSQL server binaries: Debian's newest /usr/lib/postgresql/<n>/bin first, then PATH. */
function findPgbench(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const candidate = path.join(root, version, 'bin', 'pgbench');
    if (existsSync(candidate)) return candidate;
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'pgbench');
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

const pgbenchTimeoutMs = 180_000;

/** Runs pgbench against `url` (a connection URI is accepted where pgbench takes the database name). */
async function pgbench(binary: string, args: string[], url: string): Promise<string> {
  const { stdout, stderr } = await run(binary, [...args, url], {
    timeout: pgbenchTimeoutMs,
    maxBuffer: 16 * 1024 * 1024,
  });
  return `${stdout}\n${stderr}`;
}

/** One timed TPC-B run: transactions per second (pgbench leaves out connection set-up); any failed transaction is an error. */
async function tpcbSlice(
  binary: string,
  url: string,
  clients: number,
  seconds: number,
): Promise<{ transactions: number; seconds: number }> {
  const output = await pgbench(
    binary,
    ['--no-vacuum', '--client', String(clients), '--jobs', '1', '--time', String(seconds)],
    url,
  );
  const failed = /number of failed transactions: (\d+)/.exec(output);
  if (failed && Number(failed[1]) > 0) throw new Error(`pgbench: ${failed[1]} failed transactions`);
  const processed = /number of transactions actually processed: (\d+)/.exec(output);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
  if (!processed || !tps) throw new Error(`pgbench printed no figures: ${output.slice(-600)}`);
  const transactions = Number(processed[1]);
  return { transactions, seconds: transactions / Number(tps[1]) };
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export interface TpcbSettings {
  /** Concurrent clients on each side: pgbench's -c, and the API's callers at once. */
  clients: number;
  /** pgbench scale: as many branches as clients, so TPC-B is not one hot row. */
  scale: number;
  warmUpSeconds: number;
  /** Measured seconds per side, as one-second slices alternating between the two. */
  durationSeconds: number;
}

export interface TpcbComparison {
  operationsPerSecond: number;
  /** Median and 99th percentile of one operation, in milliseconds. */
  p50Ms: number;
  p99Ms: number;
  tpcbPerSecond: number;
  ratio: number;
  pgbenchVersion: string;
}

/**
 * Measures `clientSlice` (one timed slice of the API load, `clients` at once) against TPC-B. pgbench's
 * tables are created in the same database for the run and dropped after it.
 */
async function compareWithTpcb(
  url: string,
  settings: TpcbSettings,
  clientSlice: (durationMs: number) => Promise<LoopsResult>,
): Promise<TpcbComparison> {
  const binary = findPgbench();
  if (!binary)
    throw new Error(
      'pgbench not found in /usr/lib/postgresql/*/bin or PATH (it comes with the PostgreSQL server packages)',
    );
  const pgbenchVersion = (await run(binary, ['--version'])).stdout.trim();
  await pgbench(binary, ['--initialize', '--init-steps', 'dtGvp', '--scale', String(settings.scale), '--quiet'], url);
  try {
    await tpcbSlice(binary, url, settings.clients, settings.warmUpSeconds);
    await clientSlice(settings.warmUpSeconds * 1000);
    const tpcb: { transactions: number; seconds: number }[] = [];
    const operations: LoopsResult[] = [];
    for (let slice = 0; slice < settings.durationSeconds; slice += 1) {
      tpcb.push(await tpcbSlice(binary, url, settings.clients, 1));
      operations.push(await clientSlice(1000));
    }
    const tpcbPerSecond =
      tpcb.reduce((sum, s) => sum + s.transactions, 0) / tpcb.reduce((sum, s) => sum + s.seconds, 0);
    const operationsPerSecond =
      operations.reduce((sum, s) => sum + s.completed, 0) / (operations.reduce((sum, s) => sum + s.windowMs, 0) / 1000);
    const latencies = Float64Array.from(operations.flatMap((slice) => slice.latenciesMs)).sort();
    return {
      operationsPerSecond,
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      tpcbPerSecond,
      ratio: operationsPerSecond / tpcbPerSecond,
      pgbenchVersion,
    };
  } finally {
    await pgbench(binary, ['--initialize', '--init-steps', 'd'], url);
  }
}

/**
 * The app composed as in production (bench/serve-target.ts, with `appEnv`) under the load of a
 * worker process (`worker`, given the app's URL in BENCH_APP_URL and `workerEnv`), against TPC-B.
 * `beforeLoad` runs once the app is up. Answers the comparison and the operations the load
 * completed over the whole run, warm-up included, for the caller to find in the database.
 */
export async function compareAppLoadWithTpcb(
  url: string,
  settings: TpcbSettings,
  load: {
    appEnv: Record<string, string>;
    worker: string;
    beforeLoad(): Promise<Record<string, string>>;
  },
): Promise<{ measured: TpcbComparison; answered: number }> {
  let answered = 0;
  const app = await startTarget('app', load.appEnv);
  try {
    const clients = await startLoadWorker(load.worker, { BENCH_APP_URL: app.url, ...(await load.beforeLoad()) });
    try {
      const measured = await compareWithTpcb(url, settings, async (durationMs) => {
        const slice = await clients.runSlice(durationMs, settings.clients);
        answered += slice.completed;
        return slice;
      });
      return { measured, answered };
    } finally {
      await clients.stop();
    }
  } finally {
    await app.stop();
  }
}
