/**
 * `npm run bench`: the product's performance figures from one run, each against a target.
 * Throughput and latency are ratios against a bare handler measured in the same run, so they hold
 * on any machine; cold start and bundle size are absolute by nature. Flags: --build forces
 * `vite build` before the bundle is measured; --only <group>[,<group>] measures only those groups
 * (banner, sign-in, ledger, mixed-load, faults, cold-start, home-js, studio-js, lighthouse, games, wallet, agent-reports,
 * machine-coverage), for working on one figure. machine-coverage measures nothing: it repeats the
 * last browser run's coverage of the machines' paths, when test-results/ has one.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fujiRush, type StudioGame, sakuraSevens } from '@games/catalogue';
import { ballPrice } from '@games/pachinko-fuji-rush';
import type { DatabaseConfig } from '@server/db/client';
import { readSummary } from '../e2e/machine-coverage';
import type { Ratio } from '../tests/games/exact';
import { percentText } from '../tests/games/exact';
import { exactBall, exactPachinkoRoundHit, exactRtpByStops, exactSlotHit } from '../tests/games/exact-figures';
import { postgresControlFromEnv } from '../tests/support/postgres-cluster';
import { type AgentReportSettings, measureAgentReports } from './agent-reports';
import { type DatabaseFaultSettings, measureDatabaseFaults } from './database-faults';
import { preparePgliteDataDir, preparePostgres } from './databases';
import { type GameSimulation, type Interval, simulateGame } from './game-rounds';
import {
  chromiumPath,
  ensureBuilt,
  type HomePageJs,
  measureByStaticWalk,
  measureWithChromium,
  studioPageHtml,
  studioPagePath,
} from './home-page-js';
import { compareLedgerWithPgbench, type LedgerSettings } from './ledger-throughput';
import { type FormFactor, type LighthouseCategory, lighthouseCategories, measureLighthouse } from './lighthouse';
import { measureColdStart } from './main-server';
import { type MixedLoadSettings, measureMixedLoad, requestBreakdown } from './mixed-load';
import type { TpcbComparison, TpcbSettings } from './pgbench';
import { errorText, formatNumber, formatTable, kilobytes, type Row } from './report-table';
import { type AuthFigures, measureAuthFigures, type SignInSettings } from './sign-in';
import { type Comparison, compareWithBare, type LoadSettings } from './throughput';
import { compareWalletWithPgbench } from './wallet-throughput';

const load: LoadSettings = { connections: 10, warmUpSeconds: 2, durationSeconds: 5 };
const coldStartRuns = 3;
const signInLoad: SignInSettings = { concurrency: 4, warmUpSeconds: 2, appWarmUpSeconds: 40, durationSeconds: 5 };
const ledgerLoad: LedgerSettings = { clients: 16, scale: 16, players: 1000, warmUpSeconds: 2, durationSeconds: 5 };
const ledgerFigure = 'agent member transfers through the API / pgbench TPC-B, PostgreSQL';
const walletLoad: TpcbSettings = { clients: 16, scale: 16, warmUpSeconds: 2, durationSeconds: 5 };
const walletFigure = 'wallet bets and wins, signed both ways, through the API / pgbench TPC-B, PostgreSQL';
const mixedLoad: MixedLoadSettings = { clients: 16, durationSeconds: 60, startingDepositYen: 50_000 };
const faults: DatabaseFaultSettings = {
  clients: 16,
  startingDepositYen: 50_000,
  terminations: 5,
  faultEverySeconds: 5,
  afterRestartSeconds: 10,
};
const agentReportLoad: AgentReportSettings = { members: 10_000, connections: 4, warmUpSeconds: 2, durationSeconds: 5 };
/** Rounds per game, and the stake each round takes: 1 coin per line on the slot, 10 balls of pachinko. */
const gameRounds = 1_000_000;
const gameStakes = { slot: 20, pachinko: 10 };
const targets = {
  rpsRatio: 0.35,
  /** The ledger's and the wallet's calls per second ÷ TPC-B transactions per second. */
  tpcbRatio: 0.5,
  signInRatio: 0.8,
  /** Bare p99 ÷ app p99: the app's p99 may be at most 1 / 0.3 ≈ 3.3 times the bare handler's. */
  userInfoP99Ratio: 0.3,
  coldStartMs: 3_000,
  homeJsWireBytes: 200_000,
  studioJsWireBytes: 150_000,
  /** A team report call's p95 may be at most ten times user/info's. */
  agentReportP95Ratio: 10,
  /** Lighthouse scores of the home page: every category on desktop, performance on mobile. */
  lighthouse: {
    desktop: { performance: 95, accessibility: 95, 'best-practices': 95, seo: 95 },
    mobile: { performance: 90 },
  } satisfies Record<FormFactor, Partial<Record<LighthouseCategory, number>>>,
};

const started = performance.now();
const notes: string[] = [];
const log = (message: string) =>
  process.stdout.write(`[${formatNumber((performance.now() - started) / 1000, 1).padStart(5)} s] ${message}\n`);

class UsageError extends Error {}

const figureGroups = [
  'banner',
  'sign-in',
  'ledger',
  'mixed-load',
  'faults',
  'cold-start',
  'home-js',
  'studio-js',
  'lighthouse',
  'games',
  'wallet',
  'agent-reports',
  'machine-coverage',
] as const;
type FigureGroup = (typeof figureGroups)[number];
const usage =
  'npm run bench [-- --build] [-- --only banner,sign-in,ledger,mixed-load,faults,cold-start,home-js,studio-js,lighthouse,games,wallet,agent-reports,machine-coverage] [-- --agent-reports-postgres-only]';

interface Flags {
  build: boolean;
  groups: ReadonlySet<FigureGroup>;
  /** The agent reports on PostgreSQL only: their PGlite seed alone takes minutes. */
  agentReportsPostgresOnly: boolean;
}

function parseFlags(argv: string[]): Flags {
  let build = false;
  let agentReportsPostgresOnly = false;
  let groups = new Set<FigureGroup>(figureGroups);
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (arg === '--build') build = true;
    else if (arg === '--agent-reports-postgres-only') agentReportsPostgresOnly = true;
    else if (arg === '--only') {
      const names = (argv[++index] ?? '').split(',').filter(Boolean);
      const unknown = names.filter((name) => !(figureGroups as readonly string[]).includes(name));
      if (names.length === 0 || unknown.length > 0)
        throw new UsageError(`--only takes ${figureGroups.join(', ')}; got "${names.join(',')}"`);
      groups = new Set(names as FigureGroup[]);
    } else throw new UsageError(`unknown argument ${arg}`);
  }
  return { build, groups, agentReportsPostgresOnly };
}

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

async function throughputOn(database: string, appEnv: Record<string, string>): Promise<Row[]> {
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

async function authOn(database: string, appEnv: Record<string, string>, config: DatabaseConfig): Promise<Row[]> {
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

/** A figure measured against pgbench's TPC-B on the same server (bench/pgbench.ts). */
async function tpcbRow<TComparison extends TpcbComparison>(figure: {
  name: string;
  unit: string;
  intro: string;
  measure: () => Promise<TComparison>;
  note: (comparison: TComparison) => string;
}): Promise<Row> {
  const target = `>= ${targets.tpcbRatio}`;
  log(figure.intro);
  try {
    const comparison = await figure.measure();
    log(
      `  ${formatNumber(comparison.operationsPerSecond)} ${figure.unit}, ${formatNumber(comparison.tpcbPerSecond)} TPC-B tps`,
    );
    notes.push(
      `${figure.note(comparison)} p50 ${formatNumber(comparison.p50Ms, 2)} ms, p99 ${formatNumber(comparison.p99Ms, 2)} ms. ` +
        `pgbench: ${comparison.pgbenchVersion}.`,
    );
    return {
      figure: figure.name,
      measured: `${formatNumber(comparison.ratio, 3)} (API ${formatNumber(comparison.operationsPerSecond)} ${figure.unit} / TPC-B ${formatNumber(comparison.tpcbPerSecond)} tps)`,
      target,
      status: comparison.ratio >= targets.tpcbRatio ? 'PASS' : 'MISS',
    };
  } catch (error) {
    return { figure: figure.name, measured: errorText(error), target, status: 'ERROR' };
  }
}

function ledgerOn(url: string): Promise<Row> {
  return tpcbRow({
    name: ledgerFigure,
    unit: 'transfers/s',
    intro:
      `agent member transfers on PostgreSQL: ${ledgerLoad.clients} agents calling the API against pgbench TPC-B with ${ledgerLoad.clients} clients ` +
      `at scale ${ledgerLoad.scale}, ${ledgerLoad.warmUpSeconds} s warm-up, then ${ledgerLoad.durationSeconds} s each in alternating 1 s slices`,
    measure: () => compareLedgerWithPgbench(url, ledgerLoad),
    note: (comparison) =>
      `Ledger figure: POST /v2/app/agent/type/member/transfer on the app composed as in production, ${ledgerLoad.clients} agents at once, ` +
      `each with its session, the XSRF pair and a fresh Idempotency-Key. ` +
      `${formatNumber(comparison.answered)} moves answered 200, ${formatNumber(comparison.stored)} in the ledger, whose rules all held afterwards.`,
  });
}

function walletOn(url: string): Promise<Row> {
  return tpcbRow({
    name: walletFigure,
    unit: 'wallet calls/s',
    intro:
      `wallet bets and wins on PostgreSQL: ${walletLoad.clients} players' provider calls against pgbench TPC-B with ${walletLoad.clients} clients ` +
      `at scale ${walletLoad.scale}, ${walletLoad.warmUpSeconds} s warm-up, then ${walletLoad.durationSeconds} s each in alternating 1 s slices`,
    measure: () => compareWalletWithPgbench(url, walletLoad),
    note: (comparison) =>
      `Wallet figure: a provider configured by GAME_PROVIDERS calls /v2/wallet/<provider>/transaction/bet and /win for ${walletLoad.clients} seated players at once, ` +
      `every request signed (RSA-SHA256) and every answer's signature checked. ${formatNumber(comparison.answered)} calls answered RS_OK; ` +
      `afterwards the ledger's rules held, every player's coins had moved by their rounds' wins less bets, and the ledger held one transfer per call.`,
  });
}

/** Only on a scratch database of DATABASE_URL's server: it writes players and money, and checks the whole database. */
async function mixedLoadOn(databaseUrl: string | undefined): Promise<Row> {
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
async function faultsOn(databaseUrl: string | undefined): Promise<Row> {
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

const largestShown = 8;
const largest = (result: HomePageJs) =>
  result.files
    .slice(0, largestShown)
    .map((file) => `${file.urlPath} ${kilobytes(file.wireBytes)}`)
    .join(', ') + (result.files.length > largestShown ? `, and ${result.files.length - largestShown} more` : '');

function homePageRow(result: HomePageJs): Row {
  const counted = `${kilobytes(result.wireBytes)} on the wire, ${result.files.length} files, ${kilobytes(result.rawBytes)} raw`;
  if (result.method === 'chromium') {
    return {
      figure: 'home page JS (Chromium)',
      measured: counted,
      target: `<= ${kilobytes(targets.homeJsWireBytes)}`,
      status: result.wireBytes <= targets.homeJsWireBytes ? 'PASS' : 'MISS',
    };
  }
  return {
    figure: 'home page JS (static walk, lazy chunks not counted)',
    measured: `${counted}; all JS in dist/ ${kilobytes(result.allJsWireBytes ?? 0)}`,
    target: `<= ${kilobytes(targets.homeJsWireBytes)}`,
    status: result.wireBytes <= targets.homeJsWireBytes ? 'PASS' : 'MISS',
  };
}

async function homePageJs(force: boolean, dataDir: string): Promise<Row> {
  const figure = 'home page JS, bytes on the wire';
  const target = `<= ${kilobytes(targets.homeJsWireBytes)}`;
  log('home page JS: checking the SPA build');
  const build = await ensureBuilt(force);
  if (!build.ready) {
    notes.push(`Home page JS skipped: ${build.reason}`);
    return { figure, measured: 'skipped: SPA not built (see note)', target, status: 'SKIP' };
  }
  log(build.built ? `  vite build (${build.why}) took ${formatNumber(build.buildMs / 1000, 1)} s` : `  ${build.why}`);
  try {
    if (existsSync(chromiumPath)) {
      log(`  loading / in ${chromiumPath}`);
      const result = await measureWithChromium(dataDir);
      notes.push(`Largest scripts the home page loaded in Chromium: ${largest(result)}`);
      return homePageRow(result);
    }
    notes.push(
      `Chromium not found at ${chromiumPath}: the home page JS was measured by the static index.html reference walk, which leaves out lazily loaded route chunks.`,
    );
    const result = await measureByStaticWalk();
    notes.push(`Largest scripts found by the static walk: ${largest(result)}`);
    return homePageRow(result);
  } catch (error) {
    return { figure, measured: errorText(error), target, status: 'ERROR' };
  }
}

/** The studio's game page, loaded as a player's browser loads it: its code and one locale's strings. */
async function studioPageJs(force: boolean, dataDir: string): Promise<Row> {
  const figure = 'studio game page JS, bytes on the wire';
  const target = `<= ${kilobytes(targets.studioJsWireBytes)}`;
  log('studio page JS: checking the build');
  const build = await ensureBuilt(force);
  if (!build.ready) {
    notes.push(`Studio page JS skipped: ${build.reason}`);
    return { figure, measured: 'skipped: not built (see note)', target, status: 'SKIP' };
  }
  try {
    const result = existsSync(chromiumPath)
      ? await measureWithChromium(dataDir, studioPagePath)
      : await measureByStaticWalk(studioPageHtml);
    notes.push(`Scripts the studio page loaded (${result.method}): ${largest(result)}`);
    return {
      figure: `${figure} (${result.method === 'chromium' ? `Chromium, ${studioPagePath}` : 'static walk, locale chunk not counted'})`,
      measured: `${kilobytes(result.wireBytes)} on the wire, ${result.files.length} files, ${kilobytes(result.rawBytes)} raw`,
      target,
      status: result.wireBytes <= targets.studioJsWireBytes ? 'PASS' : 'MISS',
    };
  } catch (error) {
    return { figure, measured: errorText(error), target, status: 'ERROR' };
  }
}

const lighthousePage = '/';
/** Lighthouse's simulated throttling still runs the page on this machine's CPU: a run on a busy one reads low. */
const lighthouseRuns = 3;

/** The median score per category of a few runs: one run's performance score moves by several points. */
function medianScores(runs: { scores: Record<LighthouseCategory, number> }[]): Record<LighthouseCategory, number> {
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return Object.fromEntries(
    lighthouseCategories.map((category) => [category, median(runs.map((run) => run.scores[category]))]),
  ) as Record<LighthouseCategory, number>;
}

/** The home page in Lighthouse, desktop and mobile presets, against the built server. */
async function lighthouseRows(force: boolean, dataDir: string): Promise<Row[]> {
  const figure = `Lighthouse ${lighthousePage}`;
  const target = 'desktop >= 95 in all four, mobile performance >= 90';
  log('Lighthouse: checking the SPA build');
  const build = await ensureBuilt(force);
  if (!build.ready) {
    notes.push(`Lighthouse skipped: ${build.reason}`);
    return [{ figure, measured: 'skipped: SPA not built (see note)', target, status: 'SKIP' }];
  }
  if (!existsSync(chromiumPath))
    return [{ figure, measured: `skipped: no Chromium at ${chromiumPath}`, target, status: 'SKIP' }];
  try {
    const rows: Row[] = [];
    for (const formFactor of ['desktop', 'mobile'] as const) {
      log(`  ${lighthouseRuns} runs on ${formFactor}`);
      const runs = [];
      for (let run = 0; run < lighthouseRuns; run += 1)
        runs.push(...(await measureLighthouse(dataDir, lighthousePage, [formFactor])));
      const scores = medianScores(runs);
      const wanted = Object.entries(targets.lighthouse[formFactor]) as [LighthouseCategory, number][];
      const misses = wanted.filter(([category, least]) => scores[category] < least);
      notes.push(
        `Lighthouse ${formFactor}, audits that cost points in the last run: ${runs.at(-1)?.failingAudits.slice(0, 8).join(', ') || 'none'}.`,
      );
      rows.push({
        figure: `${figure}, ${formFactor} (median of ${lighthouseRuns})`,
        measured: lighthouseCategories.map((category) => `${category} ${scores[category]}`).join(', '),
        target: wanted.map(([category, least]) => `${category} >= ${least}`).join(', '),
        status: misses.length === 0 ? 'PASS' : 'MISS',
      });
    }
    return rows;
  } catch (error) {
    return [{ figure, measured: errorText(error), target, status: 'ERROR' }];
  }
}

const percentRange = (interval: Interval, digits: number) =>
  `${formatNumber(interval.value * 100, digits)} % (95 % CI ${formatNumber(interval.low * 100, digits)}–${formatNumber(interval.high * 100, digits)} %)`;

const inside = (interval: Interval, exact: Ratio) => {
  const value = Number(exact.num) / Number(exact.den);
  return interval.low <= value && value <= interval.high;
};

function simulationRows(game: StudioGame, result: GameSimulation, exact: { rtp: Ratio; hit: Ratio }): Row[] {
  const rounds = `${formatNumber(result.rounds)} rounds of ${result.stake} coins`;
  return [
    {
      figure: `${game.name} RTP, ${rounds}`,
      measured: `${percentRange(result.rtp, 2)}; exact ${percentText(exact.rtp, 4)} %`,
      target: `exact inside the CI (stated ${formatNumber(game.rtpBasisPoints / 100, 2)} %)`,
      status: inside(result.rtp, exact.rtp) ? 'PASS' : 'MISS',
    },
    {
      figure: `${game.name} hit frequency, ${rounds}`,
      measured: `${percentRange(result.hit, 2)}; exact ${percentText(exact.hit, 4)} %`,
      target: 'exact inside the CI',
      status: inside(result.hit, exact.hit) ? 'PASS' : 'MISS',
    },
  ];
}

/** A million rounds of each studio game against the exact figures the tests check. */
function gameRows(): Row[] {
  log('games: exact figures by enumeration');
  const slotExact = { rtp: exactRtpByStops().rtp, hit: exactSlotHit() };
  const pachinkoExact = { rtp: exactBall().rtp, hit: exactPachinkoRoundHit(gameStakes.pachinko / ballPrice) };
  const rows: Row[] = [];
  for (const [game, stake, exact] of [
    [sakuraSevens, gameStakes.slot, slotExact],
    [fujiRush, gameStakes.pachinko, pachinkoExact],
  ] as const) {
    log(`games: ${formatNumber(gameRounds)} rounds of ${game.name} at ${stake} coins`);
    const result = simulateGame(game, stake, gameRounds);
    log(`  ${formatNumber(result.seconds, 1)} s, ${formatNumber(gameRounds / result.seconds)} rounds/s`);
    notes.push(
      `${game.name}: server seed ${result.serverSeed}, client seed "${result.clientSeed}", nonces 0–${formatNumber(gameRounds - 1)}; ` +
        `${formatNumber(result.seconds, 1)} s (${formatNumber(gameRounds / result.seconds)} rounds/s on one core).`,
    );
    rows.push(...simulationRows(game, result, exact));
  }
  return rows;
}

/** The agent report figure on one database: a seeded team, then the report calls against user/info. */
async function agentReportsOn(
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

/**
 * The last browser run's coverage of the machines' paths (written by e2e/machine-coverage-reporter.ts),
 * one row per machine: a record to read beside the figures, not a figure of this run.
 */
function machineCoverageRows(): Row[] {
  const target = 'reported';
  const summary = readSummary(path.resolve(import.meta.dirname, '..', 'test-results'));
  if (!summary)
    return [
      {
        figure: 'machine paths walked in the browser',
        measured: 'skipped: no test-results/machine-coverage.json (run the path replays in e2e/ first)',
        target,
        status: 'SKIP',
      },
    ];
  return summary.machines.map((entry) => ({
    figure: `machine paths walked in the browser, ${entry.machine} (run of ${summary.writtenAt.slice(0, 16).replace('T', ' ')} UTC)`,
    measured: `states ${entry.states.covered} / ${entry.states.total}, transitions ${entry.transitions.covered} / ${entry.transitions.total} (${entry.transitions.browserless} not takeable in a browser)`,
    target,
    status: 'INFO',
  }));
}

/** Every figure of the running product: they share one migrated, seeded PGlite data directory. */
async function productRows(flags: Flags): Promise<Row[]> {
  log('preparing a migrated, seeded PGlite data directory');
  const data = await preparePgliteDataDir();
  const rows: Row[] = [];
  try {
    const measures = (group: FigureGroup) => flags.groups.has(group);
    if (measures('banner')) rows.push(...(await throughputOn('PGlite', { BENCH_DATA_DIR: data.dir })));
    if (measures('sign-in'))
      rows.push(...(await authOn('PGlite', { BENCH_DATA_DIR: data.dir }, { dataDir: data.dir })));

    if (measures('agent-reports') && !flags.agentReportsPostgresOnly) {
      // A data directory of its own: the seeded team would change what the other figures read.
      const own = await preparePgliteDataDir();
      try {
        rows.push(...(await agentReportsOn('PGlite', { dataDir: own.dir }, { BENCH_DATA_DIR: own.dir })));
      } finally {
        await own.remove();
      }
    }

    const databaseUrl = process.env.DATABASE_URL;
    const needsPostgres =
      measures('banner') ||
      measures('sign-in') ||
      measures('ledger') ||
      measures('wallet') ||
      measures('agent-reports');
    if (databaseUrl && needsPostgres) {
      try {
        const postgres = await preparePostgres(databaseUrl);
        notes.push(`PostgreSQL figures taken on ${postgres.label}.`);
        try {
          if (measures('banner'))
            rows.push(...(await throughputOn('PostgreSQL', { BENCH_DATABASE_URL: postgres.url })));
          if (postgres.scratch) {
            if (measures('sign-in'))
              rows.push(
                ...(await authOn('PostgreSQL', { BENCH_DATABASE_URL: postgres.url }, { databaseUrl: postgres.url })),
              );
            if (measures('ledger')) rows.push(await ledgerOn(postgres.url));
            if (measures('wallet')) rows.push(await walletOn(postgres.url));
            if (measures('agent-reports'))
              rows.push(
                ...(await agentReportsOn(
                  'PostgreSQL',
                  { databaseUrl: postgres.url },
                  { BENCH_DATABASE_URL: postgres.url },
                )),
              );
          } else {
            const reason = 'skipped: no scratch database, and it writes accounts and money';
            rows.push({
              figure: 'sign-ins / raw argon2id verifications, PostgreSQL',
              measured: reason,
              target: `>= ${targets.signInRatio}`,
              status: 'SKIP',
            });
            for (const figure of [ledgerFigure, walletFigure])
              rows.push({ figure, measured: reason, target: `>= ${targets.tpcbRatio}`, status: 'SKIP' });
          }
        } finally {
          await postgres.drop();
        }
      } catch (error) {
        rows.push({
          figure: 'banner query rps ratio, PostgreSQL',
          measured: errorText(error),
          target: `>= ${targets.rpsRatio}`,
          status: 'ERROR',
        });
      }
    } else if (needsPostgres) {
      rows.push({
        figure: 'banner query rps ratio, PostgreSQL',
        measured: 'skipped: DATABASE_URL not set',
        target: `>= ${targets.rpsRatio}`,
        status: 'SKIP',
      });
      for (const figure of [ledgerFigure, walletFigure])
        rows.push({
          figure,
          measured: 'skipped: DATABASE_URL not set',
          target: `>= ${targets.tpcbRatio}`,
          status: 'SKIP',
        });
    }

    if (measures('mixed-load')) rows.push(await mixedLoadOn(databaseUrl));
    if (measures('faults')) rows.push(await faultsOn(databaseUrl));

    if (measures('cold-start')) {
      try {
        log(`cold start: tsx server/main.ts on the existing data directory, ${coldStartRuns} runs`);
        const coldStart = await measureColdStart(data.dir, coldStartRuns);
        rows.push({
          figure: `cold start to /readyz 200 (median of ${coldStartRuns})`,
          measured: `${formatNumber(coldStart.medianMs / 1000, 2)} s (runs ${coldStart.runsMs.map((ms) => formatNumber(ms / 1000, 2)).join(', ')} s)`,
          target: `<= ${targets.coldStartMs / 1000} s`,
          status: coldStart.medianMs <= targets.coldStartMs ? 'PASS' : 'MISS',
        });
      } catch (error) {
        rows.push({
          figure: 'cold start to /readyz 200',
          measured: errorText(error),
          target: `<= ${targets.coldStartMs / 1000} s`,
          status: 'ERROR',
        });
      }
    }

    if (measures('home-js')) rows.push(await homePageJs(flags.build, data.dir));
    if (measures('studio-js')) rows.push(await studioPageJs(flags.build && !measures('home-js'), data.dir));
    if (measures('lighthouse'))
      rows.push(...(await lighthouseRows(flags.build && !measures('home-js') && !measures('studio-js'), data.dir)));
  } finally {
    await data.remove();
  }
  return rows;
}

async function main() {
  const flags = parseFlags(process.argv.slice(2));
  const loadAtStart = os.loadavg()[0]!;
  const rows: Row[] = [];
  if ([...flags.groups].some((group) => group !== 'games' && group !== 'machine-coverage'))
    rows.push(...(await productRows(flags)));
  if (flags.groups.has('games')) rows.push(...gameRows());
  if (flags.groups.has('machine-coverage')) rows.push(...machineCoverageRows());

  notes.push(
    `Machine: ${os.cpus().length} cores, load average ${formatNumber(loadAtStart, 2)} at start and ${formatNumber(os.loadavg()[0]!, 2)} at end; ` +
      'a load above the core count means other work shared the CPUs, and cold start suffers most from it.',
  );
  process.stdout.write(`\n${formatTable(rows)}\n`);
  for (const note of notes) process.stdout.write(`\n- ${note}`);
  process.stdout.write(`\n\nTotal bench time ${formatNumber((performance.now() - started) / 1000, 1)} s\n`);
  if (rows.some((row) => row.status === 'ERROR')) process.exitCode = 1;
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`${usage}: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
