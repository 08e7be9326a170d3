/** The pages as a browser loads them from the built server: the home page's and the studio page's JS, and Lighthouse. */
import { existsSync } from 'node:fs';
import { log, notes } from './bench-report';
import { targets } from './figure-targets';
import {
  chromiumPath,
  ensureBuilt,
  type HomePageJs,
  measureByStaticWalk,
  measureWithChromium,
  studioPageHtml,
  studioPagePath,
} from './home-page-js';
import { type LighthouseCategory, lighthouseCategories, measureLighthouse } from './lighthouse';
import { errorText, formatNumber, kilobytes, type Row } from './report-table';

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

export async function homePageJs(force: boolean, dataDir: string): Promise<Row> {
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
export async function studioPageJs(force: boolean, dataDir: string): Promise<Row> {
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
export async function lighthouseRows(force: boolean, dataDir: string): Promise<Row[]> {
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
