/**
 * The API's figures against a bare handler or user/info in the same run: the banner query's
 * throughput, sign-ins against raw argon2id verifications with user/info's p99, and the agent
 * team reports' p95.
 */
import type { DatabaseConfig } from '@server/db/client';
import { type AgentReportSettings, measureAgentReports } from './agent-reports';
import { log, notes } from './bench-report';
import { targets } from './figure-targets';
import { errorText, formatNumber, type Row } from './report-table';
import { type AuthFigures, measureAuthFigures, type SignInSettings } from './sign-in';
import { type Comparison, compareWithBare, type LoadSettings } from './throughput';

const load: LoadSettings = { connections: 10, warmUpSeconds: 2, durationSeconds: 5 };
const signInLoad: SignInSettings = { concurrency: 4, warmUpSeconds: 2, appWarmUpSeconds: 40, durationSeconds: 5 };
const agentReportLoad: AgentReportSettings = { members: 10_000, connections: 4, warmUpSeconds: 2, durationSeconds: 5 };

function throughputRows(database: string, comparison: Comparison): Row[] {
  const { app, bare } = comparison;
  return [
    {
      figure: `banner query rps ratio, ${database}`,
      measured: `${formatNumber(comparison.rpsRatio, 3)} (app ${formatNumber(app.requestsPerSecond)} / bare ${formatNumber(bare.requestsPerSecond)} rps)`,
      target: `>= ${targets.rpsRatio}`,
      status: comparison.rpsRatio >= targets.rpsRatio ? 'PASS' : 'MISS',
    },
    {
      figure: `banner query p99 ratio, ${database}`,
      measured: `${formatNumber(comparison.p99Ratio, 1)}x (app ${formatNumber(app.p99Ms, 2)} / bare ${formatNumber(bare.p99Ms, 2)} ms)`,
      target: 'reported',
      status: 'INFO',
    },
  ];
}

export async function throughputOn(database: string, appEnv: Record<string, string>): Promise<Row[]> {
  log(
    `throughput on ${database}: ${load.connections} connections, ${load.warmUpSeconds} s warm-up, then ${load.durationSeconds} s each for bare and app in alternating 1 s slices`,
  );
  try {
    const comparison = await compareWithBare(appEnv, load);
    log(
      `  app ${formatNumber(comparison.app.requestsPerSecond)} rps, p99 ${formatNumber(comparison.app.p99Ms, 2)} ms; bare ${formatNumber(comparison.bare.requestsPerSecond)} rps, p99 ${formatNumber(comparison.bare.p99Ms, 2)} ms`,
    );
    return throughputRows(database, comparison);
  } catch (error) {
    return [
      {
        figure: `banner query rps ratio, ${database}`,
        measured: errorText(error),
        target: `>= ${targets.rpsRatio}`,
        status: 'ERROR',
      },
    ];
  }
}

function authRows(database: string, figures: AuthFigures): Row[] {
  const { signIn, userInfo } = figures;
  const p99Ratio = userInfo.bare.p99Ms / userInfo.app.p99Ms;
  return [
    {
      figure: `sign-ins / raw argon2id verifications, ${database}`,
      measured:
        `${formatNumber(signIn.ratio, 3)} (app ${formatNumber(signIn.signIns.perSecond, 1)} sign-ins/s, captcha + login / ` +
        `raw ${formatNumber(signIn.verifications.perSecond, 1)} verify/s; p50 login ${formatNumber(signIn.loginP50Ms, 1)} / verify ${formatNumber(signIn.verifications.p50Ms, 1)} ms)`,
      target: `>= ${targets.signInRatio}`,
      status: signIn.ratio >= targets.signInRatio ? 'PASS' : 'MISS',
    },
    {
      figure: `user/info p99 ratio, ${database}`,
      measured: `${formatNumber(userInfo.p99Ratio, 1)}x (app ${formatNumber(userInfo.app.p99Ms, 2)} / bare ${formatNumber(userInfo.bare.p99Ms, 2)} ms)`,
      target: `<= ${formatNumber(1 / targets.userInfoP99Ratio, 1)}x (bare/app >= ${targets.userInfoP99Ratio})`,
      status: p99Ratio >= targets.userInfoP99Ratio ? 'PASS' : 'MISS',
    },
  ];
}

export async function authOn(database: string, appEnv: Record<string, string>, config: DatabaseConfig): Promise<Row[]> {
  log(
    `sign-in on ${database}: ${signInLoad.concurrency} at once, ${signInLoad.warmUpSeconds} s warm-up of the raw verifications and ${signInLoad.appWarmUpSeconds} s of sign-ins, then ${signInLoad.durationSeconds} s each ` +
      'for raw argon2id verify and sign-ins in alternating 1 s slices; then user/info like the banner query',
  );
  try {
    const figures = await measureAuthFigures(appEnv, config, signInLoad, load);
    log(
      `  ${formatNumber(figures.signIn.signIns.perSecond, 1)} sign-ins/s, ${formatNumber(figures.signIn.verifications.perSecond, 1)} verify/s; ` +
        `user/info p99 app ${formatNumber(figures.userInfo.app.p99Ms, 2)} ms, bare ${formatNumber(figures.userInfo.bare.p99Ms, 2)} ms`,
    );
    return authRows(database, figures);
  } catch (error) {
    return [
      {
        figure: `sign-ins / raw argon2id verifications, ${database}`,
        measured: errorText(error),
        target: `>= ${targets.signInRatio}`,
        status: 'ERROR',
      },
    ];
  }
}

/** The agent report figure on one database: a seeded team, then the report calls against user/info. */
export async function agentReportsOn(
  database: string,
  config: DatabaseConfig,
  appEnv: Record<string, string>,
): Promise<Row[]> {
  const figure = `agent team reports p95 / user/info p95, ${database}`;
  const target = `<= ${targets.agentReportP95Ratio}x, no seq scan of a big table`;
  log(
    `agent reports on ${database}: ${formatNumber(agentReportLoad.members)} members and their records seeded in SQL, then ${agentReportLoad.connections} connections, ` +
      `${agentReportLoad.durationSeconds} s per call in alternating 1 s slices`,
  );
  try {
    const result = await measureAgentReports(config, appEnv, agentReportLoad, log);
    for (const plan of result.plans) {
      process.stdout.write(`\n  EXPLAIN ${plan.name}:\n${plan.plan.replace(/^/gm, '    ')}\n`);
    }
    const scanning = result.plans.filter((plan) => plan.seqScans.length > 0);
    notes.push(
      `Agent reports, ${database}: ${formatNumber(result.records)} records seeded in ${formatNumber(result.seedSeconds, 1)} s; user/info p95 ${formatNumber(result.userInfoP95Ms, 2)} ms; ` +
        result.calls
          .map((call) => `${call.name} p95 ${formatNumber(call.p95Ms, 2)} ms (${formatNumber(call.requests)} calls)`)
          .join('; ') +
        `. Plans: ${scanning.length === 0 ? 'no sequential scan of a big table' : scanning.map((plan) => `${plan.name} scans ${plan.seqScans.join(', ')}`).join('; ')}.`,
    );
    return result.calls.map((call) => ({
      figure: `${call.name} p95 / user/info p95, ${database}`,
      measured: `${formatNumber(call.ratio, 1)}x (${formatNumber(call.p95Ms, 2)} / ${formatNumber(result.userInfoP95Ms, 2)} ms)`,
      target,
      status: call.ratio <= targets.agentReportP95Ratio && scanning.length === 0 ? 'PASS' : 'MISS',
    }));
  } catch (error) {
    return [{ figure, measured: errorText(error), target, status: 'ERROR' }];
  }
}
