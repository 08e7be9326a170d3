/**
 * `npm run bench`: the product's performance figures from one run, each against a target.
 * Throughput and latency are ratios against a bare handler measured in the same run, so they hold
 * on any machine; cold start and bundle size are absolute by nature. Flags: --build forces
 * `vite build` before the bundle is measured; --only <group>[,<group>] measures only those groups
 * (banner, sign-in, ledger, mixed-load, faults, cold-start, home-js, studio-js, lighthouse, games, wallet, agent-reports,
 * machine-coverage), for working on one figure. machine-coverage measures nothing: it repeats the
 * last browser run's coverage of the machines' paths, when test-results/ has one.
 */
import os from 'node:os';
import path from 'node:path';
import { readSummary } from '../e2e/machine-coverage';
import { agentReportsOn, authOn, throughputOn } from './api-figures';
import { benchStarted, log, notes } from './bench-report';
import { preparePgliteDataDir, preparePostgres } from './databases';
import { targets } from './figure-targets';
import { gameRows } from './game-figures';
import { faultsOn, mixedLoadOn } from './load-figures';
import { measureColdStart } from './main-server';
import { homePageJs, lighthouseRows, studioPageJs } from './page-figures';
import { errorText, formatNumber, formatTable, type Row } from './report-table';
import { studioTitleChunkRows } from './studio-title-chunks';
import { ledgerFigure, ledgerOn, walletFigure, walletLimitsFigure, walletOn } from './tpcb-figures';

const coldStartRuns = 3;

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
    rows.push(...(await postgresRows(databaseUrl, measures)));
    if (measures('mixed-load')) rows.push(await mixedLoadOn(databaseUrl));
    if (measures('faults')) rows.push(await faultsOn(databaseUrl));
    if (measures('cold-start')) rows.push(await coldStartRow(data.dir));

    if (measures('home-js')) rows.push(await homePageJs(flags.build, data.dir));
    if (measures('studio-js')) {
      rows.push(await studioPageJs(flags.build && !measures('home-js'), data.dir));
      rows.push(...(await studioTitleChunkRows()));
    }
    if (measures('lighthouse'))
      rows.push(...(await lighthouseRows(flags.build && !measures('home-js') && !measures('studio-js'), data.dir)));
  } finally {
    await data.remove();
  }
  return rows;
}

/** The figures taken on a scratch database of DATABASE_URL's server, or why they were not. */
async function postgresRows(
  databaseUrl: string | undefined,
  measures: (group: FigureGroup) => boolean,
): Promise<Row[]> {
  const needsPostgres =
    measures('banner') || measures('sign-in') || measures('ledger') || measures('wallet') || measures('agent-reports');
  if (!needsPostgres) return [];
  if (!databaseUrl) {
    return [
      {
        figure: 'banner query rps ratio, PostgreSQL',
        measured: 'skipped: DATABASE_URL not set',
        target: `>= ${targets.rpsRatio}`,
        status: 'SKIP',
      },
      ...[ledgerFigure, walletFigure, walletLimitsFigure].map(
        (figure): Row => ({
          figure,
          measured: 'skipped: DATABASE_URL not set',
          target: `>= ${targets.tpcbRatio}`,
          status: 'SKIP',
        }),
      ),
    ];
  }
  const rows: Row[] = [];
  try {
    const postgres = await preparePostgres(databaseUrl);
    notes.push(`PostgreSQL figures taken on ${postgres.label}.`);
    try {
      if (measures('banner')) rows.push(...(await throughputOn('PostgreSQL', { BENCH_DATABASE_URL: postgres.url })));
      if (postgres.scratch) rows.push(...(await scratchPostgresRows(postgres.url, measures)));
      else {
        const reason = 'skipped: no scratch database, and it writes accounts and money';
        rows.push({
          figure: 'sign-ins / raw argon2id verifications, PostgreSQL',
          measured: reason,
          target: `>= ${targets.signInRatio}`,
          status: 'SKIP',
        });
        for (const figure of [ledgerFigure, walletFigure, walletLimitsFigure])
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
  return rows;
}

/** The PostgreSQL figures that write accounts and money: only on a scratch database. */
async function scratchPostgresRows(url: string, measures: (group: FigureGroup) => boolean): Promise<Row[]> {
  const rows: Row[] = [];
  if (measures('sign-in'))
    rows.push(...(await authOn('PostgreSQL', { BENCH_DATABASE_URL: url }, { databaseUrl: url })));
  if (measures('ledger')) rows.push(await ledgerOn(url));
  if (measures('wallet')) rows.push(await walletOn(url, false), await walletOn(url, true));
  if (measures('agent-reports'))
    rows.push(...(await agentReportsOn('PostgreSQL', { databaseUrl: url }, { BENCH_DATABASE_URL: url })));
  return rows;
}

async function coldStartRow(dataDir: string): Promise<Row> {
  try {
    log(`cold start: tsx server/main.ts on the existing data directory, ${coldStartRuns} runs`);
    const coldStart = await measureColdStart(dataDir, coldStartRuns);
    return {
      figure: `cold start to /readyz 200 (median of ${coldStartRuns})`,
      measured: `${formatNumber(coldStart.medianMs / 1000, 2)} s (runs ${coldStart.runsMs.map((ms) => formatNumber(ms / 1000, 2)).join(', ')} s)`,
      target: `<= ${targets.coldStartMs / 1000} s`,
      status: coldStart.medianMs <= targets.coldStartMs ? 'PASS' : 'MISS',
    };
  } catch (error) {
    return {
      figure: 'cold start to /readyz 200',
      measured: errorText(error),
      target: `<= ${targets.coldStartMs / 1000} s`,
      status: 'ERROR',
    };
  }
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
  process.stdout.write(`\n\nTotal bench time ${formatNumber((performance.now() - benchStarted) / 1000, 1)} s\n`);
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
