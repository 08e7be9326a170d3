import { bannerQuery } from '@contract/content';
import autocannon from 'autocannon';
import { type RunningTarget, startTarget } from './target-process';

export interface LoadFigures {
  requestsPerSecond: number;
  /** Milliseconds, from the bench's own sub-millisecond samples (autocannon's histogram rounds to whole ms). */
  p50Ms: number;
  p99Ms: number;
  requests: number;
}

export interface Comparison {
  app: LoadFigures;
  bare: LoadFigures;
  rpsRatio: number;
  p99Ratio: number;
}

export interface LoadSettings {
  connections: number;
  warmUpSeconds: number;
  /** Measured seconds per server, taken as that many one-second slices alternating between the two. */
  durationSeconds: number;
}

interface Request {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Every response must be exactly this, or the run is not measuring the real call. */
  expectedBody: string;
}

export function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

interface Slice {
  latenciesMs: number[];
  /** From the first request sent to the last response received. */
  windowMs: number;
}

/** One autocannon run; any non-2xx, error or unexpected body fails the whole figure. */
async function fire(label: string, request: Request, connections: number, durationSeconds: number): Promise<Slice> {
  const latenciesMs: number[] = [];
  let firstSentAt = Number.POSITIVE_INFINITY;
  let lastReceivedAt = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: request.url,
        method: 'POST',
        headers: request.headers,
        body: request.body,
        expectBody: request.expectedBody,
        connections,
        duration: durationSeconds,
        timeout: 5,
      },
      (error: unknown, finished: autocannon.Result) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      const now = performance.now();
      firstSentAt = Math.min(firstSentAt, now - responseTime);
      lastReceivedAt = now;
      if (statusCode >= 200 && statusCode < 300) latenciesMs.push(responseTime);
    });
  });
  const failures = result.non2xx + result.errors + result.mismatches;
  if (failures > 0 || latenciesMs.length === 0) {
    throw new Error(
      `${label}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.mismatches} unexpected bodies in ${result.requests.total} requests`,
    );
  }
  return { latenciesMs, windowMs: lastReceivedAt - firstSentAt };
}

function figuresOf(slices: Slice[]): LoadFigures {
  const sorted = Float64Array.from(slices.flatMap((slice) => slice.latenciesMs)).sort();
  const seconds = slices.reduce((sum, slice) => sum + slice.windowMs, 0) / 1000;
  return {
    requestsPerSecond: sorted.length / seconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    requests: sorted.length,
  };
}

/** The XSRF cookie the server hands out, echoed back as the header like the SPA does. */
export async function xsrfHeaders(baseUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/v2/xsrf`);
  const cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const token = cookie.slice(cookie.indexOf('=') + 1);
  if (!token) throw new Error(`GET /v2/xsrf gave no XSRF cookie (status ${response.status})`);
  return { cookie, 'x-xsrf-token': token };
}

async function probe(url: string, headers: Record<string, string>, body: string): Promise<string> {
  const response = await fetch(url, { method: 'POST', headers, body });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text;
}

/** One API call to measure: a path of the app, its body and headers, and a check of the app's answer. */
export interface Call {
  path: string;
  body: string;
  headers: Record<string, string>;
  /** Throws when the app's answer is not one worth measuring (for example an empty list). */
  checkAnswer(body: string): void;
}

/**
 * Runs one call against a running app and against a bare Hono handler serving the very JSON the
 * app answered at the same path, with the same connections and duration, after a warm-up of each.
 */
export async function compareCallWithBare(app: RunningTarget, call: Call, settings: LoadSettings): Promise<Comparison> {
  const appUrl = `${app.url}${call.path}`;
  const appBody = await probe(appUrl, call.headers, call.body);
  call.checkAnswer(appBody);

  const bare = await startTarget('bare', { BENCH_BARE_PATH: call.path, BENCH_BARE_PAYLOAD: appBody });
  try {
    const bareUrl = `${bare.url}${call.path}`;
    const bareBody = await probe(bareUrl, call.headers, call.body);
    if (bareBody !== appBody) throw new Error('the bare handler does not return the same JSON as the app');

    const appRequest: Request = { url: appUrl, headers: call.headers, body: call.body, expectedBody: appBody };
    const bareRequest: Request = { url: bareUrl, headers: call.headers, body: call.body, expectedBody: bareBody };
    await fire('bare warm-up', bareRequest, settings.connections, settings.warmUpSeconds);
    await fire('app warm-up', appRequest, settings.connections, settings.warmUpSeconds);
    // Alternating one-second slices: on a machine shared with other work, both servers then see
    // the same background load, which would otherwise skew the ratio.
    const bareSlices: Slice[] = [];
    const appSlices: Slice[] = [];
    for (let slice = 0; slice < settings.durationSeconds; slice += 1) {
      bareSlices.push(await fire('bare', bareRequest, settings.connections, 1));
      appSlices.push(await fire('app', appRequest, settings.connections, 1));
    }
    const bareFigures = figuresOf(bareSlices);
    const appFigures = figuresOf(appSlices);
    return {
      app: appFigures,
      bare: bareFigures,
      rpsRatio: appFigures.requestsPerSecond / bareFigures.requestsPerSecond,
      p99Ratio: appFigures.p99Ms / bareFigures.p99Ms,
    };
  } finally {
    await bare.stop();
  }
}

/**
 * POST /v2/app/banner/query on the real app (composed as in production, its database given by
 * `appEnv`: BENCH_DATA_DIR or BENCH_DATABASE_URL) against the bare handler.
 */
export async function compareWithBare(appEnv: Record<string, string>, settings: LoadSettings): Promise<Comparison> {
  const app = await startTarget('app', appEnv);
  try {
    const headers = { 'content-type': 'application/json', 'accept-language': 'ja-JP', ...(await xsrfHeaders(app.url)) };
    return await compareCallWithBare(
      app,
      {
        path: bannerQuery.path,
        body: JSON.stringify({ position: 'home' }),
        headers,
        checkAnswer(body) {
          const envelope = JSON.parse(body) as { code?: number; data?: unknown };
          if (envelope.code !== 200 || !Array.isArray(envelope.data) || envelope.data.length === 0) {
            throw new Error(`the app returned no banners to measure: ${body.slice(0, 300)}`);
          }
        },
      },
      settings,
    );
  } finally {
    await app.stop();
  }
}
