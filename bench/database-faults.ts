/**
 * Database faults under the mixed load: its two server processes and its players (studio rounds
 * included, bench/mixed-load-players.ts) and operator (bench/mixed-load-operator.ts), while the
 * app's connections are terminated several times (pg_terminate_backend) and the PostgreSQL server
 * is restarted once (pg_ctl restart, fast shutdown). A fault may fail the calls it meets, with 503
 * and nothing else; the processes must stay up and answer again, and once the retried work has
 * settled the money checks of the mixed load must hold.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@server/db/client';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../tests/support/ledger-invariants';
import { type PostgresControl, pgCtl } from '../tests/support/postgres-cluster';
import { type Check, checkMoneyOn, type MoneyTotals, toldNothingYet } from './mixed-load-checks';
import { type LoadContext, loadCallers, Tally } from './mixed-load-client';
import { operatorLoop } from './mixed-load-operator';
import { playerLoop, seatAtStudio, startingDeposits } from './mixed-load-players';
import { type ProductServer, serverLogs, startServers } from './mixed-load-servers';
import { type PreparedHall, prepareHall } from './mixed-load-setup';
import { sleep } from './processes';

export interface DatabaseFaultSettings {
  clients: number;
  startingDepositYen: number;
  terminations: number;
  /** Time between two faults; the restart comes one interval after the last termination. */
  faultEverySeconds: number;
  /** The load goes on this long after the restart. */
  afterRestartSeconds: number;
}

export interface DatabaseFaultResult {
  servers: number;
  /** Processes still running when the load ended. */
  alive: number;
  loadRequests: number;
  loadSeconds: number;
  tally: Tally;
  /** Backends ended by each termination. */
  ended: number[];
  restartSeconds: number;
  /** Per process: from the end of the restart until /readyz answered 200; null if it never did. */
  readyAfterRestartSeconds: (number | null)[];
  /**
   * How long the retried work (callbacks, payouts, studio rounds left unfinished) took to settle
   * after the load; null when it did not (or a process was gone).
   */
  settleSeconds: number | null;
  checks: Check[];
  totals: MoneyTotals;
  loggedErrors: { count: number; samples: string[] };
  warnings: Map<string, number>;
  exitCodes: (number | null)[];
  passed: boolean;
}

const readyBoundMs = 30_000;
/**
 * Payouts and callbacks a fault interrupted are retried every 30 s by each process; a studio round
 * it left unfinished, by the studio's recovery once the round has been untouched a minute, every
 * minute.
 */
const settleBoundMs = 180_000;

async function terminateAppConnections(serverUrl: string, databaseName: string): Promise<number> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: number }>(
      'SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [databaseName],
    );
    return rows[0]?.ended ?? 0;
  } finally {
    await admin.end();
  }
}

async function secondsUntilReady(server: ProductServer, from: number): Promise<number | null> {
  while (server.alive() && performance.now() - from < readyBoundMs) {
    const status = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return (performance.now() - from) / 1000;
    await sleep(50);
  }
  return null;
}

/**
 * Waits until no provider callback is unacknowledged, no approved withdrawal waits for its payout
 * and no studio round is unfinished.
 */
async function settle(databaseUrl: string): Promise<number | null> {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  const started = performance.now();
  try {
    while (performance.now() - started < settleBoundMs) {
      const [left] = await queryRows<{ callbacks: number; payouts: number; rounds: number }>(
        database.db,
        sql`SELECT (SELECT count(*)::int FROM sandbox_events WHERE delivered_at IS NULL) AS callbacks,
                   (SELECT count(*)::int FROM withdrawals WHERE payout_state = 'requested') AS payouts,
                   (SELECT count(*)::int FROM studio.rounds WHERE status IN ('betting', 'betPlaced', 'rollingBack')) AS rounds`,
      );
      if (left?.callbacks === 0 && left.payouts === 0 && left.rounds === 0) return (performance.now() - started) / 1000;
      await sleep(1_000);
    }
    return null;
  } finally {
    await database.close();
  }
}

/**
 * Runs the figure on a scratch database of the server `control` stops and starts (it writes
 * players and money, and restarts the whole server). Whatever happens, the servers are stopped and
 * their data directory removed before this returns or throws.
 */
export async function measureDatabaseFaults(
  serverUrl: string,
  databaseUrl: string,
  control: PostgresControl,
  settings: DatabaseFaultSettings,
  log: (message: string) => void,
): Promise<DatabaseFaultResult> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'game-hall-faults-'));
  let servers: ProductServer[] = [];
  const tally = new Tally(true);
  const told = toldNothingYet();
  const faults: Faults = { ended: [], restartSeconds: 0, readyAfterRestartSeconds: [] };
  let timed = { loadRequests: 0, loadSeconds: 0 };
  let alive = 0;
  let settleSeconds: number | null = null;
  let exitCodes: (number | null)[] = [];
  try {
    log(`  preparing ${settings.clients} players and an operator through the API`);
    const hall = await prepareHall(databaseUrl, settings.clients, path.join(workDir, 'files'));
    log('  starting 2 server processes (server/main.ts, production, sandbox provider on)');
    servers = await startServers(databaseUrl, workDir);
    const target = { serverUrl, databaseUrl, control, servers };
    timed = await loadWithFaults({ target, hall, context: { tally, told }, faults }, settings, log);
    alive = servers.filter((server) => server.alive()).length;
    if (alive === servers.length) {
      log('  waiting for the payouts, callbacks and studio rounds the faults interrupted to be retried');
      settleSeconds = await settle(databaseUrl);
    }
  } finally {
    exitCodes = await Promise.all(servers.map((server) => server.stop()));
    await rm(workDir, { recursive: true, force: true });
  }

  const { checks, totals } = await checkMoneyOn(databaseUrl, told);
  const { errors: loggedErrors, warnings } = serverLogs(servers);
  const passed =
    alive === servers.length &&
    faults.readyAfterRestartSeconds.every((seconds) => seconds !== null) &&
    tally.failures === 0 &&
    loggedErrors.count === 0 &&
    exitCodes.every((code) => code === 0) &&
    checks.every((check) => check.violations.length === 0);
  return {
    servers: servers.length,
    alive,
    ...timed,
    tally,
    ...faults,
    settleSeconds,
    checks,
    totals,
    loggedErrors,
    warnings,
    exitCodes,
    passed,
  };
}

/** What the faults did: filled in as they happen, so a load cut short still reports the ones before. */
type Faults = Pick<DatabaseFaultResult, 'ended' | 'restartSeconds' | 'readyAfterRestartSeconds'>;

interface FaultedLoad {
  target: { serverUrl: string; databaseUrl: string; control: PostgresControl; servers: ProductServer[] };
  hall: PreparedHall;
  context: Pick<LoadContext, 'tally' | 'told'>;
  faults: Faults;
}

/**
 * Every player's starting deposit and studio seat, then the load while the faults come one
 * interval apart: the terminations, the restart, and the load's last stretch after it.
 */
async function loadWithFaults(
  { target, hall, context, faults }: FaultedLoad,
  settings: DatabaseFaultSettings,
  log: (message: string) => void,
): Promise<{ loadRequests: number; loadSeconds: number }> {
  const { tally } = context;
  const urls = target.servers.map((server) => server.url);
  const callers = await loadCallers(hall, urls);
  const setUp: LoadContext = { ...context, urls, running: () => true };
  await startingDeposits(setUp, hall.players, callers.players, settings.startingDepositYen);
  const seats = await seatAtStudio(setUp, hall.players, callers.players);

  log(
    `  load with faults: ${settings.terminations} terminations of the app's connections ${settings.faultEverySeconds} s apart, ` +
      `then one restart of PostgreSQL, then ${settings.afterRestartSeconds} s more`,
  );
  const before = tally.requests;
  const started = performance.now();
  let running = true;
  const load: LoadContext = { ...setUp, running: () => running };
  const loops = Promise.all([
    ...hall.players.map((player, index) => playerLoop(load, player, callers.players[index]!, seats[index] ?? null)),
    operatorLoop(load, callers.operator, hall.players),
  ]);
  try {
    await injectFaults(target, faults, settings, log);
  } finally {
    running = false;
    await loops;
  }
  return { loadRequests: tally.requests - before, loadSeconds: (performance.now() - started) / 1000 };
}

async function injectFaults(
  { serverUrl, databaseUrl, control, servers }: FaultedLoad['target'],
  faults: Faults,
  settings: DatabaseFaultSettings,
  log: (message: string) => void,
): Promise<void> {
  const databaseName = new URL(databaseUrl).pathname.slice(1);
  for (let round = 0; round < settings.terminations; round += 1) {
    await sleep(settings.faultEverySeconds * 1000);
    faults.ended.push(await terminateAppConnections(serverUrl, databaseName));
  }
  await sleep(settings.faultEverySeconds * 1000);
  const restartStarted = performance.now();
  await pgCtl(control, 'restart');
  const restarted = performance.now();
  faults.restartSeconds = (restarted - restartStarted) / 1000;
  faults.readyAfterRestartSeconds = await Promise.all(servers.map((server) => secondsUntilReady(server, restarted)));
  log(
    `  restart took ${faults.restartSeconds.toFixed(1)} s; ready again after ${faults.readyAfterRestartSeconds.map((seconds) => seconds?.toFixed(2) ?? 'never').join(' and ')} s`,
  );
  await sleep(settings.afterRestartSeconds * 1000);
}
