/** The product under a mixed load of players and an operator on two server processes, with and without database faults. */
import { postgresControlFromEnv } from '../tests/support/postgres-cluster';
import { log, notes } from './bench-report';
import { type DatabaseFaultSettings, measureDatabaseFaults } from './database-faults';
import { preparePostgres } from './databases';
import { type MixedLoadSettings, measureMixedLoad, requestBreakdown } from './mixed-load';
import { errorText, formatNumber, type Row } from './report-table';

const mixedLoad: MixedLoadSettings = { clients: 16, durationSeconds: 60, startingDepositYen: 50_000 };
const faults: DatabaseFaultSettings = {
  clients: 16,
  startingDepositYen: 50_000,
  terminations: 5,
  faultEverySeconds: 5,
  afterRestartSeconds: 10,
};

/** Only on a scratch database of DATABASE_URL's server: it writes players and money, and checks the whole database. */
export async function mixedLoadOn(databaseUrl: string | undefined): Promise<Row> {
  const figure = `mixed load: ${mixedLoad.clients} players + 1 operator, 2 server processes, ${mixedLoad.durationSeconds} s, PostgreSQL`;
  const target = '0 5xx, invariants hold';
  if (!databaseUrl) return { figure, measured: 'skipped: DATABASE_URL not set', target, status: 'SKIP' };
  log(
    `mixed load on PostgreSQL: deposits, withdrawals, reviews and reads through the API of two server processes for ${mixedLoad.durationSeconds} s`,
  );
  try {
    const postgres = await preparePostgres(databaseUrl);
    try {
      if (!postgres.scratch)
        return {
          figure,
          measured: 'skipped: no scratch database, and it writes accounts and money',
          target,
          status: 'SKIP',
        };
      const result = await measureMixedLoad(postgres.url, mixedLoad, log);
      const { tally, totals } = result;
      const broken = result.checks.filter((check) => check.violations.length > 0);
      log(
        `  ${formatNumber(result.loadRequests)} requests in ${formatNumber(result.loadSeconds, 1)} s; ${tally.serverErrors} 5xx; ${broken.length} broken checks`,
      );
      notes.push(
        `Mixed load requests by kind and status (set-up included): ${requestBreakdown(tally).join('; ')}.`,
        `Mixed load money: ${totals.paidOrders} paid deposit orders (${totals.paidOrderCoins} coins, credited ${totals.depositCredits}); ` +
          `withdrawals ${Object.entries(totals.withdrawalsByStatus)
            .map(([status, count]) => `${status} ${count}`)
            .join(', ')}; ` +
          `${totals.heldCoins} coins held for ${totals.pendingWithdrawalCoins} under review. Checks: ` +
          result.checks
            .map(
              (check) =>
                `${check.name}: ${check.violations.length === 0 ? 'PASS' : `FAIL (${check.violations.join(' | ')})`}`,
            )
            .join('; ') +
          '.',
      );
      if (tally.problems.length > 0)
        notes.push(`Mixed load answers that fail the figure: ${tally.problems.join(' | ')}`);
      if (result.loggedErrors.count > 0)
        notes.push(
          `Mixed load server errors logged (${result.loggedErrors.count}): ${result.loggedErrors.samples.join(' | ')}`,
        );
      if (result.warnings.size > 0)
        notes.push(
          `Mixed load server warnings: ${[...result.warnings].map(([message, count]) => `${message} x${count}`).join(', ')}.`,
        );
      return {
        figure,
        measured:
          `${formatNumber(result.loadRequests)} requests (${formatNumber(result.loadRequests / result.loadSeconds)}/s): ${tally.serverErrors} 5xx, ` +
          `${tally.networkErrors} failed, ${tally.unexpected} unexpected, ${result.loggedErrors.count} errors logged, ` +
          `exit ${result.exitCodes.join('/')}; invariants ${broken.length === 0 ? 'PASS' : `FAIL (${broken.length} of ${result.checks.length})`}`,
        target,
        status: result.passed ? 'PASS' : 'MISS',
      };
    } finally {
      await postgres.drop();
    }
  } catch (error) {
    return { figure, measured: errorText(error), target, status: 'ERROR' };
  }
}

/** The same server: the restart must hit the server the figure's database lives on, and no other. */
function sameServer(left: string, right: string | undefined): boolean {
  if (!right) return false;
  const [a, b] = [new URL(left), new URL(right)];
  return a.hostname === b.hostname && (a.port || '5432') === (b.port || '5432');
}

/**
 * Only on a scratch database of a server the bench may restart: the one scripts/with-postgres.sh
 * started (it says how to stop and start it), named by DATABASE_URL too.
 */
export async function faultsOn(databaseUrl: string | undefined): Promise<Row> {
  const figure = `database faults: mixed load on 2 server processes, ${faults.terminations} connection terminations and 1 restart, PostgreSQL`;
  const target = 'all processes alive, 0 5xx but 503, checks hold';
  if (!databaseUrl) return { figure, measured: 'skipped: DATABASE_URL not set', target, status: 'SKIP' };
  const control = postgresControlFromEnv();
  if (!control || !sameServer(databaseUrl, process.env.TEST_DATABASE_URL)) {
    return {
      figure,
      measured: 'skipped: restarts only the server scripts/with-postgres.sh started for the run',
      target,
      status: 'SKIP',
    };
  }
  log(
    `database faults on PostgreSQL: the mixed load while the app's connections are terminated ${faults.terminations} times and the server restarted once`,
  );
  try {
    const postgres = await preparePostgres(databaseUrl);
    try {
      if (!postgres.scratch)
        return {
          figure,
          measured: 'skipped: no scratch database, and it writes accounts and money',
          target,
          status: 'SKIP',
        };
      const result = await measureDatabaseFaults(databaseUrl, postgres.url, control, faults, log);
      const { tally } = result;
      const broken = result.checks.filter((check) => check.violations.length > 0);
      log(
        `  ${result.alive} of ${result.servers} alive; ${formatNumber(result.loadRequests)} requests, ${tally.unavailable} 503, ${tally.serverErrors} other 5xx; ${broken.length} broken checks`,
      );
      notes.push(
        `Database faults: backends ended per termination ${result.ended.join(', ')}; pg_ctl restart took ${formatNumber(result.restartSeconds, 1)} s, ` +
          `/readyz 200 again ${result.readyAfterRestartSeconds.map((seconds) => (seconds === null ? 'never' : formatNumber(seconds, 2))).join(' and ')} s after it; ` +
          `interrupted payouts and callbacks ${result.settleSeconds === null ? 'had not settled' : `settled ${formatNumber(result.settleSeconds, 0)} s`} after the load. ` +
          `Requests by kind and status: ${requestBreakdown(tally).join('; ')}.`,
        `Database faults checks: ${result.checks.map((check) => `${check.name}: ${check.violations.length === 0 ? 'PASS' : `FAIL (${check.violations.join(' | ')})`}`).join('; ')}.`,
      );
      if (tally.problems.length > 0)
        notes.push(`Database faults answers that fail the figure: ${tally.problems.join(' | ')}`);
      if (result.loggedErrors.count > 0)
        notes.push(
          `Database faults server errors logged (${result.loggedErrors.count}): ${result.loggedErrors.samples.join(' | ')}`,
        );
      if (result.warnings.size > 0)
        notes.push(
          `Database faults server warnings: ${[...result.warnings].map(([message, count]) => `${message} x${count}`).join(', ')}.`,
        );
      return {
        figure,
        measured:
          `${result.alive}/${result.servers} processes alive; ${formatNumber(result.loadRequests)} requests in ${formatNumber(result.loadSeconds, 1)} s: ` +
          `${tally.serverErrors} 5xx other than 503 (${tally.unavailable} 503), ${tally.networkErrors} failed, ${tally.unexpected} unexpected, ` +
          `${result.loggedErrors.count} errors logged, exit ${result.exitCodes.join('/')}; checks ${broken.length === 0 ? 'PASS' : `FAIL (${broken.length} of ${result.checks.length})`}`,
        target,
        status: result.passed ? 'PASS' : 'MISS',
      };
    } finally {
      await postgres.drop();
    }
  } catch (error) {
    return { figure, measured: errorText(error), target, status: 'ERROR' };
  }
}
