import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { startLoadWorker } from './load-worker';
import type { LoopsResult } from './timed-loops';

const run = promisify(execFile);

export interface LedgerSettings {
  /** Concurrent clients on each side: pgbench's -c, and the ledger's connections and loops. */
  clients: number;
  /** pgbench scale: as many branches as clients, so TPC-B is not one hot row. */
  scale: number;
  /** Players the ledger transfers move coins between. */
  players: number;
  warmUpSeconds: number;
  /** Measured seconds per side, as one-second slices alternating between the two. */
  durationSeconds: number;
}

export interface LedgerComparison {
  transfersPerSecond: number;
  tpcbPerSecond: number;
  ratio: number;
  pgbench: string;
  pgbenchVersion: string;
}

/** pgbench ships with the PostgreSQL server binaries: Debian's newest /usr/lib/postgresql/<n>/bin first, then PATH. */
export function findPgbench(): string | null {
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
  const { stdout, stderr } = await run(binary, [...args, url], { timeout: pgbenchTimeoutMs, maxBuffer: 16 * 1024 * 1024 });
  return `${stdout}\n${stderr}`;
}

/** One timed TPC-B run: transactions per second (pgbench leaves out connection set-up); any failed transaction is an error. */
async function tpcbSlice(binary: string, url: string, clients: number, seconds: number): Promise<{ transactions: number; seconds: number }> {
  const output = await pgbench(binary, ['--no-vacuum', '--client', String(clients), '--jobs', '1', '--time', String(seconds)], url);
  const failed = /number of failed transactions: (\d+)/.exec(output);
  if (failed && Number(failed[1]) > 0) throw new Error(`pgbench: ${failed[1]} failed transactions`);
  const processed = /number of transactions actually processed: (\d+)/.exec(output);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
  if (!processed || !tps) throw new Error(`pgbench printed no figures: ${output.slice(-600)}`);
  const transactions = Number(processed[1]);
  return { transactions, seconds: transactions / Number(tps[1]) };
}

/**
 * Ledger transfers (service function, see ledger-transfer-worker.ts) against pgbench's built-in
 * TPC-B on the same server, same number of clients, in alternating one-second slices after a
 * warm-up of each. pgbench's tables are created in the same database beforehand and dropped after.
 */
export async function compareLedgerWithPgbench(url: string, settings: LedgerSettings): Promise<LedgerComparison> {
  const binary = findPgbench();
  if (!binary) throw new Error('pgbench not found in /usr/lib/postgresql/*/bin or PATH (it comes with the PostgreSQL server packages)');
  const version = (await run(binary, ['--version'])).stdout.trim();
  await pgbench(binary, ['--initialize', '--init-steps', 'dtGvp', '--scale', String(settings.scale), '--quiet'], url);
  try {
    const ledger = await startLoadWorker('ledger-transfer-worker.ts', {
      BENCH_DATABASE_URL: url,
      BENCH_LEDGER_PLAYERS: String(settings.players),
      BENCH_LEDGER_CONNECTIONS: String(settings.clients),
    });
    try {
      await tpcbSlice(binary, url, settings.clients, settings.warmUpSeconds);
      await ledger.runSlice(settings.warmUpSeconds * 1000, settings.clients);
      const tpcb: { transactions: number; seconds: number }[] = [];
      const transfers: LoopsResult[] = [];
      for (let slice = 0; slice < settings.durationSeconds; slice += 1) {
        tpcb.push(await tpcbSlice(binary, url, settings.clients, 1));
        transfers.push(await ledger.runSlice(1000, settings.clients));
      }
      const tpcbPerSecond = tpcb.reduce((sum, s) => sum + s.transactions, 0) / tpcb.reduce((sum, s) => sum + s.seconds, 0);
      const transfersPerSecond =
        transfers.reduce((sum, s) => sum + s.completed, 0) / (transfers.reduce((sum, s) => sum + s.windowMs, 0) / 1000);
      return { transfersPerSecond, tpcbPerSecond, ratio: transfersPerSecond / tpcbPerSecond, pgbench: binary, pgbenchVersion: version };
    } finally {
      await ledger.stop();
    }
  } finally {
    await pgbench(binary, ['--initialize', '--init-steps', 'd'], url);
  }
}
