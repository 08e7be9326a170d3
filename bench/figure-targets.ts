import type { FormFactor, LighthouseCategory } from './lighthouse';

/** What each figure of the bench is held to; the rows name them beside what was measured. */
export const targets = {
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
