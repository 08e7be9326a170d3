import path from 'node:path';
import type { FullConfig, Reporter } from '@playwright/test/reporter';
import { coverageTable, mergeWalks, summaryFile, writeSummary } from './machine-coverage';

/**
 * After the browser tests: merges what the machine path replays walked in every worker into
 * test-results/machine-coverage.json and prints the table of states and transitions covered.
 * Runs beside the list or line reporter; prints nothing when no replay ran.
 */
export default class MachineCoverageReporter implements Reporter {
  private outputDir: string | null = null;

  onBegin(config: FullConfig) {
    this.outputDir = config.projects[0]?.outputDir ?? null;
  }

  onEnd() {
    if (!this.outputDir) return;
    const summary = mergeWalks(this.outputDir);
    if (!summary) return;
    writeSummary(this.outputDir, summary);
    process.stdout.write(
      `\nMachine paths walked in the browser (${path.relative(process.cwd(), summaryFile(this.outputDir))}):\n${coverageTable(summary)}\n`,
    );
  }

  printsToStdio() {
    return false;
  }
}
