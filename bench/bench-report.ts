import { formatNumber } from './report-table';

/** When the run started: its progress lines tell the time since. */
export const benchStarted = performance.now();

/** What the figures leave to say under the table: seeds, versions, breakdowns, why a figure was skipped. */
export const notes: string[] = [];

/** A progress line of the run, timed from its start. */
export const log = (message: string) =>
  process.stdout.write(`[${formatNumber((performance.now() - benchStarted) / 1000, 1).padStart(5)} s] ${message}\n`);
