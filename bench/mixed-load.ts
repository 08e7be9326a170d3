/**
 * The mixed load: two server processes of the product on one PostgreSQL database, players
 * depositing, withdrawing, reading and playing rounds at the embedded game studio through the real
 * API while an operator approves and rejects withdrawals, for a fixed time. Each client sends its calls to the two processes in turn, as a
 * load balancer without session affinity would. Afterwards the money is checked on the database
 * (bench/mixed-load-checks.ts). The figure passes when no call got a 5xx, failed outright or got an
 * answer that call should never get, no server logged an error, both servers shut down cleanly,
 * and every check holds.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Check, checkMoneyOn, type MoneyTotals, type ToldByServers, toldNothingYet } from './mixed-load-checks';
import { type LoadContext, loadCallers, Tally } from './mixed-load-client';
import { operatorLoop } from './mixed-load-operator';
import { playerLoop, seatAtStudio, startingDeposits } from './mixed-load-players';
import { type ProductServer, serverCount, serverLogs, startServers } from './mixed-load-servers';
import { type PreparedHall, prepareHall } from './mixed-load-setup';

export interface MixedLoadSettings {
  /** Player clients, one player each; the operator is one more client. */
  clients: number;
  durationSeconds: number;
  /** Every player's first deposit, paid before the timed load. */
  startingDepositYen: number;
}

export interface MixedLoadResult {
  servers: number;
  /** Calls made in the timed load (the starting deposits are counted in `tally` but not here). */
  loadRequests: number;
  loadSeconds: number;
  tally: Tally;
  checks: Check[];
  totals: MoneyTotals;
  loggedErrors: { count: number; samples: string[] };
  warnings: Map<string, number>;
  /** Exit code of each server after SIGTERM; 0 is a clean shutdown. */
  exitCodes: (number | null)[];
  passed: boolean;
}

/**
 * Runs the whole figure on a database that is the bench's own (it writes players and money):
 * players are prepared, two servers started, every player's starting deposit paid, the load run,
 * the servers stopped, and the database checked. Whatever happens, the servers are stopped and
 * their shared data directory removed before this returns or throws; SIGINT or SIGTERM ends the
 * load early and cleans up the same way.
 */
export async function measureMixedLoad(
  databaseUrl: string,
  settings: MixedLoadSettings,
  log: (message: string) => void,
): Promise<MixedLoadResult> {
  const interrupted = new AbortController();
  const onSignal = () => interrupted.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'game-hall-mixed-load-'));
  let servers: ProductServer[] = [];
  const tally = new Tally();
  const told = toldNothingYet();
  let timed = { loadRequests: 0, loadSeconds: 0 };
  let exitCodes: (number | null)[] = [];
  try {
    log(
      `  preparing ${settings.clients} players and an operator through the API (register, profile, card, KYC approved, pay password)`,
    );
    const hall = await prepareHall(databaseUrl, settings.clients, path.join(workDir, 'files'));
    interrupted.signal.throwIfAborted();
    log(`  starting ${serverCount} server processes (server/main.ts, production, sandbox provider on)`);
    servers = await startServers(databaseUrl, workDir);
    const urls = servers.map((server) => server.url);
    timed = await runLoad({ urls, tally, told, hall, signal: interrupted.signal }, settings, log);
  } finally {
    exitCodes = await Promise.all(servers.map((server) => server.stop()));
    await rm(workDir, { recursive: true, force: true });
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }

  log('  servers stopped; checking the money on the database');
  const { checks, totals } = await checkMoneyOn(databaseUrl, told);
  const { errors: loggedErrors, warnings } = serverLogs(servers);
  const passed =
    tally.failures === 0 &&
    loggedErrors.count === 0 &&
    exitCodes.every((code) => code === 0) &&
    checks.every((check) => check.violations.length === 0);
  return { servers: servers.length, ...timed, tally, checks, totals, loggedErrors, warnings, exitCodes, passed };
}

interface LoadRun {
  urls: string[];
  tally: Tally;
  told: ToldByServers;
  hall: PreparedHall;
  /** Aborted by SIGINT or SIGTERM: the load ends early. */
  signal: AbortSignal;
}

/** Every player's starting deposit and studio seat, then the timed load; its calls and seconds. */
async function runLoad(
  { urls, tally, told, hall, signal }: LoadRun,
  settings: MixedLoadSettings,
  log: (message: string) => void,
): Promise<{ loadRequests: number; loadSeconds: number }> {
  const callers = await loadCallers(hall, urls);
  const setUp: LoadContext = { urls, tally, told, running: () => !signal.aborted };
  log(`  paying every player's starting deposit of ${settings.startingDepositYen} yen at the sandbox checkout`);
  await startingDeposits(setUp, hall.players, callers.players, settings.startingDepositYen);
  signal.throwIfAborted();
  const seats = await seatAtStudio(setUp, hall.players, callers.players);
  signal.throwIfAborted();

  log(
    `  load: ${settings.clients} player clients (${seats.filter(Boolean).length} seated at studio machines) and 1 operator for ${settings.durationSeconds} s, each alternating between the processes`,
  );
  const before = tally.requests;
  const started = performance.now();
  const deadline = started + settings.durationSeconds * 1000;
  const load: LoadContext = {
    urls,
    tally,
    told,
    running: () => !signal.aborted && performance.now() < deadline,
  };
  await Promise.all([
    ...hall.players.map((player, index) => playerLoop(load, player, callers.players[index]!, seats[index] ?? null)),
    operatorLoop(load, callers.operator, hall.players),
  ]);
  const loadSeconds = (performance.now() - started) / 1000;
  const loadRequests = tally.requests - before;
  signal.throwIfAborted();
  return { loadRequests, loadSeconds };
}

/** Requests by kind and status, one line per kind, for the notes under the table. */
export function requestBreakdown(tally: Tally): string[] {
  return [...tally.byKind.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([kind, outcomes]) =>
        `${kind}: ${[...outcomes.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([status, count]) => `${status} x${count}`)
          .join(', ')}`,
    );
}
