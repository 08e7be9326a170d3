import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { systemClock } from '@server/clock';
import { openDatabase } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import { agentMoveKinds } from '@server/modules/agent/movements';
import { defaultSessionLifetimes } from '@server/modules/auth/context';
import { startSession } from '@server/modules/auth/sessions';
import { houseAccount, playerAccount, transfer } from '@server/modules/ledger/service';
import { coinCurrency } from '@server/shared/player-deps';
import { sql } from 'drizzle-orm';
import { ledgerViolations, queryRows } from '../tests/support/ledger-invariants';
import type { BenchTeam } from './ledger-transfer-worker';
import { startLoadWorker } from './load-worker';
import { startTarget } from './target-process';
import type { LoopsResult } from './timed-loops';

const run = promisify(execFile);

export interface LedgerSettings {
  /** Concurrent clients on each side: pgbench's -c, and agents calling the API at once. */
  clients: number;
  /** pgbench scale: as many branches as clients, so TPC-B is not one hot row. */
  scale: number;
  /** Members the agents move coins to, shared out among the agents. */
  players: number;
  warmUpSeconds: number;
  /** Measured seconds per side, as one-second slices alternating between the two. */
  durationSeconds: number;
}

export interface LedgerComparison {
  transfersPerSecond: number;
  /** Median and 99th percentile of the API call, in milliseconds. */
  p50Ms: number;
  p99Ms: number;
  tpcbPerSecond: number;
  ratio: number;
  /** Moves the API answered 200 over the whole run, warm-up included, and what the ledger holds. */
  answered: number;
  stored: number;
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

const startingCoins = 1_000_000_000n;

/**
 * The agents (one per client) and their members, written straight to the database before the
 * app starts: each agent a player with is_agent and a referral code, its members players who
 * signed up with that code, funded from the adjustments house account through the ledger, and
 * signed in with the product's own session function. Nothing the measured call reads differs from
 * an agent made by an approved application.
 */
async function prepareTeams(url: string, settings: LedgerSettings): Promise<BenchTeam[]> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  try {
    await database.migrate();
    const now = systemClock.now();
    const agents = await database.db
      .insert(users)
      .values(
        Array.from({ length: settings.clients }, (_, index) => ({
          username: `benchagent${index}`,
          isAgent: true,
          referralCode: `BENCHAGENT${index}`,
          registeredAt: now,
        })),
      )
      .returning({ id: users.id, referralCode: users.referralCode });
    const teams: BenchTeam[] = [];
    for (const [index, agent] of agents.entries()) {
      const members = await database.db
        .insert(users)
        .values(
          Array.from({ length: Math.max(1, Math.floor(settings.players / settings.clients)) }, (_, member) => ({
            username: `benchmember${index}x${member}`,
            agentCode: agent.referralCode,
            registeredAt: now,
          })),
        )
        .returning({ id: users.id });
      await transfer(database.db, systemClock, {
        from: houseAccount('adjustments', coinCurrency),
        to: playerAccount(agent.id, coinCurrency),
        amount: startingCoins,
        currency: coinCurrency,
        idempotencyKey: `bench-funding-${agent.id}`,
        kind: 'adjustment',
        actor: 'system',
        reason: 'bench funding',
      });
      const session = await startSession(database.db, {
        userId: agent.id,
        remember: true,
        now,
        clientAddress: '127.0.0.1',
        lifetimes: defaultSessionLifetimes,
      });
      teams.push({ token: session.token, memberIds: members.map((member) => member.id) });
    }
    return teams;
  } finally {
    await database.close();
  }
}

/** After the run: every rule of the ledger holds, and it holds exactly one agent move per 200 the API answered. */
async function checkLedger(url: string): Promise<{ stored: number; violations: string[] }> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    const violations = await ledgerViolations(database.db);
    const [moves] = await queryRows<{ stored: number }>(
      database.db,
      sql`SELECT count(*)::int AS stored FROM ledger_transfers WHERE kind = ${agentMoveKinds.toMember}`,
    );
    return { stored: moves?.stored ?? 0, violations };
  } finally {
    await database.close();
  }
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/**
 * Agent member transfers through the API against pgbench's built-in TPC-B on the same server, the
 * same number of clients, in alternating one-second slices after a warm-up of each. The app runs
 * composed as in production (bench/serve-target.ts) on the same database; the clients run in
 * their own process (ledger-transfer-worker.ts). pgbench's tables are created in the same
 * database beforehand and dropped after.
 */
export async function compareLedgerWithPgbench(url: string, settings: LedgerSettings): Promise<LedgerComparison> {
  const binary = findPgbench();
  if (!binary)
    throw new Error(
      'pgbench not found in /usr/lib/postgresql/*/bin or PATH (it comes with the PostgreSQL server packages)',
    );
  const version = (await run(binary, ['--version'])).stdout.trim();
  const teams = await prepareTeams(url, settings);
  await pgbench(binary, ['--initialize', '--init-steps', 'dtGvp', '--scale', String(settings.scale), '--quiet'], url);
  let measured: Omit<LedgerComparison, 'stored' | 'pgbench' | 'pgbenchVersion'>;
  try {
    const app = await startTarget('app', { BENCH_DATABASE_URL: url });
    try {
      const clients = await startLoadWorker('ledger-transfer-worker.ts', {
        BENCH_APP_URL: app.url,
        BENCH_TEAMS: JSON.stringify(teams),
      });
      try {
        let answered = 0;
        const clientSlice = async (durationMs: number) => {
          const slice = await clients.runSlice(durationMs, settings.clients);
          answered += slice.completed;
          return slice;
        };
        await tpcbSlice(binary, url, settings.clients, settings.warmUpSeconds);
        await clientSlice(settings.warmUpSeconds * 1000);
        const tpcb: { transactions: number; seconds: number }[] = [];
        const transfers: LoopsResult[] = [];
        for (let slice = 0; slice < settings.durationSeconds; slice += 1) {
          tpcb.push(await tpcbSlice(binary, url, settings.clients, 1));
          transfers.push(await clientSlice(1000));
        }
        const tpcbPerSecond =
          tpcb.reduce((sum, s) => sum + s.transactions, 0) / tpcb.reduce((sum, s) => sum + s.seconds, 0);
        const transfersPerSecond =
          transfers.reduce((sum, s) => sum + s.completed, 0) /
          (transfers.reduce((sum, s) => sum + s.windowMs, 0) / 1000);
        const latencies = Float64Array.from(transfers.flatMap((slice) => slice.latenciesMs)).sort();
        measured = {
          transfersPerSecond,
          p50Ms: percentile(latencies, 0.5),
          p99Ms: percentile(latencies, 0.99),
          tpcbPerSecond,
          ratio: transfersPerSecond / tpcbPerSecond,
          answered,
        };
      } finally {
        await clients.stop();
      }
    } finally {
      await app.stop();
    }
  } finally {
    await pgbench(binary, ['--initialize', '--init-steps', 'd'], url);
  }
  const ledger = await checkLedger(url);
  if (ledger.violations.length > 0)
    throw new Error(`the ledger broke its rules under the load: ${ledger.violations.join(' | ')}`);
  if (ledger.stored !== measured.answered) {
    throw new Error(`the API answered ${measured.answered} moves with 200 but the ledger holds ${ledger.stored}`);
  }
  return { ...measured, stored: ledger.stored, pgbench: binary, pgbenchVersion: version };
}
