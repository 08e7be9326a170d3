/**
 * Adds up the JSON reports of one `npm test` run (vitest runs, then Playwright) and prints one line
 * per runner, the slowest files of each (where the run's time goes), and a closing
 * "Tests: N passed, N failed, N skipped" line. Exits non-zero when a
 * report is missing or unreadable, so a runner that crashed before reporting cannot look green.
 *
 * Usage: tsx scripts/test-totals.ts <report.json>...
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  note?: string;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  /** False also when every test passed but the run caught an error outside them. */
  success: boolean;
  testResults: {
    status: string;
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: { status: string }[];
  }[];
}

interface PlaywrightSuite {
  file: string;
  specs?: { tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: unknown[];
  suites: PlaywrightSuite[];
}

/** Seconds spent per test file: wall time for vitest, summed test time (over workers) for Playwright. */
function fileSeconds(report: VitestReport | PlaywrightReport): Map<string, number> {
  const seconds = new Map<string, number>();
  const add = (file: string, ms: number) => seconds.set(file, (seconds.get(file) ?? 0) + ms / 1000);
  if ('stats' in report) {
    const walk = (suite: PlaywrightSuite) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests) for (const result of test.results) add(suite.file, result.duration);
      suite.suites?.forEach(walk);
    };
    report.suites.forEach(walk);
  } else {
    for (const file of report.testResults) add(path.relative(process.cwd(), file.name), file.endTime - file.startTime);
  }
  return seconds;
}

function printSlowest(report: VitestReport | PlaywrightReport) {
  const slowest = [...fileSeconds(report)].sort((a, b) => b[1] - a[1]).slice(0, 8);
  for (const [file, seconds] of slowest) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${file}`);
}

function countVitest(report: VitestReport): Counts {
  // A file that fails to load has no failed test in it, yet it is a failure.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  const failed = report.numFailedTests + brokenFiles;
  // Unhandled errors fail the run without failing a test; count them as one failure.
  const unhandled = !report.success && failed === 0 ? 1 : 0;
  const notes = [
    brokenFiles ? `${brokenFiles} file(s) failed outside any test` : '',
    unhandled ? 'unhandled errors during the run' : '',
  ].filter(Boolean);
  return {
    passed: report.numPassedTests,
    failed: failed + unhandled,
    skipped: report.numPendingTests + report.numTodoTests,
    ...(notes.length ? { note: notes.join(', ') } : {}),
  };
}

function countPlaywright(report: PlaywrightReport): Counts {
  const { expected, unexpected, flaky, skipped } = report.stats;
  const errors = report.errors?.length ?? 0;
  return {
    passed: expected + flaky,
    failed: unexpected + errors,
    skipped,
    ...(flaky || errors
      ? {
          note: [flaky ? `${flaky} flaky (passed on retry)` : '', errors ? `${errors} run error(s)` : '']
            .filter(Boolean)
            .join(', '),
        }
      : {}),
  };
}

const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
let complete = true;
for (const file of process.argv.slice(2)) {
  const label = path.basename(file, '.json');
  if (!existsSync(file)) {
    console.log(`${label.padEnd(20)} no report (the runner did not finish)`);
    complete = false;
    continue;
  }
  let counts: Counts;
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport | PlaywrightReport;
    counts = 'stats' in report ? countPlaywright(report) : countVitest(report);
    console.log(`${label}: slowest files`);
    printSlowest(report);
  } catch (error) {
    console.log(`${label.padEnd(20)} unreadable report: ${error instanceof Error ? error.message : String(error)}`);
    complete = false;
    continue;
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  console.log(
    `${label.padEnd(20)} ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${counts.note ? ` (${counts.note})` : ''}`,
  );
}
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(complete && totals.failed === 0 ? 0 : 1);
