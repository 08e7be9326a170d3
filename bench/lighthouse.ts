import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromiumPath } from './home-page-js';
import { startMainServer } from './main-server';
import { findFreePort } from './processes';

export const lighthouseCategories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LighthouseCategory = (typeof lighthouseCategories)[number];
export type FormFactor = 'desktop' | 'mobile';

export interface LighthouseRun {
  formFactor: FormFactor;
  pagePath: string;
  /** 0–100 per category, as Lighthouse rounds them in its report. */
  scores: Record<LighthouseCategory, number>;
  /** Audits that cost points, worst first: what to look at when a score misses. */
  failingAudits: string[];
}

/**
 * Runs Lighthouse (its own desktop preset, or its default mobile preset with simulated slow 4G and
 * a 4× slower CPU) on `pagePath` of the built server (`tsx server/main.ts` on `dataDir`), in the
 * system Chromium, once per form factor. Lighthouse drives the browser over its debugging port.
 */
export async function measureLighthouse(
  dataDir: string,
  pagePath: string,
  formFactors: readonly FormFactor[],
): Promise<LighthouseRun[]> {
  const { chromium } = await import('@playwright/test');
  const server = await startMainServer(dataDir);
  try {
    const port = await findFreePort();
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu'],
    });
    try {
      const runs: LighthouseRun[] = [];
      for (const formFactor of formFactors) {
        const result = await lighthouse(
          `${server.url}${pagePath}`,
          { port, output: 'json', logLevel: 'error', onlyCategories: [...lighthouseCategories] },
          formFactor === 'desktop' ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath} (${formFactor})`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const scores = Object.fromEntries(
          lighthouseCategories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
        ) as Record<LighthouseCategory, number>;
        const failingAudits = Object.values(lhr.audits)
          .filter((audit) => audit.scoreDisplayMode !== 'informative' && audit.score !== null && audit.score < 0.9)
          .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
          .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
        runs.push({ formFactor, pagePath, scores, failingAudits });
      }
      return runs;
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}
