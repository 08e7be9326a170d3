import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which states and transitions of each machine the browser replays (e2e/machine-replay.ts) walked.
 * Each test appends what it walked to a file of its worker's under test-results/machine-coverage/;
 * after the run, the reporter (e2e/machine-coverage-reporter.ts) merges them into
 * test-results/machine-coverage.json and prints the table, which `npm run bench` prints too.
 */

/** What one replayed path walked, with the totals it is measured against. */
export interface WalkRecord {
  machine: string;
  /** Every state of the machine, by path (`pendingReview`, `pendingReview.checking`). */
  states: string[];
  /** Every transition of the model, told apart by source state, event and target state. */
  transitions: string[];
  /** The transitions no browser step can bring about (a busy form, a step the adapter rules out). */
  browserless: string[];
  visitedStates: string[];
  visitedTransitions: string[];
}

export interface MachineCoverage {
  machine: string;
  states: { covered: number; total: number; missed: string[] };
  transitions: { covered: number; total: number; browserless: number; missed: string[] };
}

export interface CoverageSummary {
  writtenAt: string;
  machines: MachineCoverage[];
}

export const recordsDir = (outputDir: string) => path.join(outputDir, 'machine-coverage');
export const summaryFile = (outputDir: string) => path.join(outputDir, 'machine-coverage.json');

/** One line per walk, in a file per worker process: workers never write to the same file. */
export function appendWalk(outputDir: string, record: WalkRecord) {
  const dir = recordsDir(outputDir);
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, `worker-${process.pid}.jsonl`), `${JSON.stringify(record)}\n`);
}

/** Every worker's walks, merged per machine; null when no walk was recorded. */
export function mergeWalks(outputDir: string): CoverageSummary | null {
  const dir = recordsDir(outputDir);
  if (!existsSync(dir)) return null;
  const records = readdirSync(dir)
    .filter((file) => file.endsWith('.jsonl'))
    .flatMap((file) => readFileSync(path.join(dir, file), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as WalkRecord);
  if (records.length === 0) return null;
  const byMachine = new Map<string, WalkRecord[]>();
  for (const record of records) byMachine.set(record.machine, [...(byMachine.get(record.machine) ?? []), record]);
  const machines = [...byMachine].map(([machine, walks]): MachineCoverage => {
    const union = (pick: (walk: WalkRecord) => string[]) => new Set(walks.flatMap(pick));
    const states = union((walk) => walk.states);
    const transitions = union((walk) => walk.transitions);
    const visitedStates = union((walk) => walk.visitedStates);
    const visitedTransitions = union((walk) => walk.visitedTransitions);
    const missedStates = [...states].filter((state) => !visitedStates.has(state));
    const missedTransitions = [...transitions].filter((transition) => !visitedTransitions.has(transition));
    return {
      machine,
      states: { covered: states.size - missedStates.length, total: states.size, missed: missedStates },
      transitions: {
        covered: transitions.size - missedTransitions.length,
        total: transitions.size,
        browserless: union((walk) => walk.browserless).size,
        missed: missedTransitions,
      },
    };
  });
  return { writtenAt: new Date().toISOString(), machines: machines.sort((a, b) => a.machine.localeCompare(b.machine)) };
}

export function writeSummary(outputDir: string, summary: CoverageSummary) {
  writeFileSync(summaryFile(outputDir), `${JSON.stringify(summary, null, 2)}\n`);
}

export function readSummary(outputDir: string): CoverageSummary | null {
  const file = summaryFile(outputDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CoverageSummary) : null;
}

/** The table: machine, states covered / total, transitions covered / total, and how many no browser can take. */
export function coverageTable(summary: CoverageSummary): string {
  const header = ['machine', 'states', 'transitions', 'not takeable in a browser'];
  const rows = summary.machines.map((entry) => [
    entry.machine,
    `${entry.states.covered} / ${entry.states.total}`,
    `${entry.transitions.covered} / ${entry.transitions.total}`,
    String(entry.transitions.browserless),
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(line)].join('\n');
}
