import { captchaQuery, login, userInfo } from '@contract/auth';
import { type DatabaseConfig, openDatabase } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import { hashSecret } from '@server/modules/auth/passwords';
import { Pool } from 'undici';
import { startLoadWorker } from './load-worker';
import { startTarget } from './target-process';
import { type Comparison, compareCallWithBare, type LoadSettings, percentile, xsrfHeaders } from './throughput';
import { type LoopsResult, runTimedLoops } from './timed-loops';

export interface SignInSettings {
  /** Sign-ins in flight at once, and verifications in flight at once in the baseline. */
  concurrency: number;
  /** Raw verifications before measuring them. */
  warmUpSeconds: number;
  /**
   * Sign-ins before measuring them: long enough for V8 to finish optimising the app, above all
   * PGlite's WebAssembly, which it compiles again function by function as each gets hot.
   */
  appWarmUpSeconds: number;
  /** Measured seconds per side, taken as one-second slices alternating between the two. */
  durationSeconds: number;
}

export interface RateFigures {
  perSecond: number;
  p50Ms: number;
  completed: number;
}

export interface SignInComparison {
  /** Whole sign-ins (captcha fetched, then login) per second of wall time. */
  signIns: RateFigures;
  /** The login call alone (without its captcha call). */
  loginP50Ms: number;
  verifications: RateFigures;
  ratio: number;
}

export interface AuthFigures {
  signIn: SignInComparison;
  userInfo: Comparison;
}

/** Correct for every bench account; long and uncommon, so the password policy would accept it. */
const benchPassword = 'bench-sign-in-Passw0rd-7c41';
const captchaText = 'BNCH';
/** High enough that thousands of sign-ins from one address in a run never meet a limit. */
const raisedAuthLimit = 1_000_000;
const signInAccount = (loop: number) => `benchsignin${loop}`;
const infoAccount = 'benchuserinfo';
const requestTimeoutMs = 10_000;

/**
 * The accounts the figures sign in with, created before the app starts (a PGlite directory admits
 * one process at a time), with the product's own password hashing and the columns registration
 * fills. Returns one account's hash for the raw-verification baseline.
 */
async function createAccounts(database: DatabaseConfig, count: number): Promise<string> {
  const handle = await openDatabase(database);
  try {
    await handle.migrate();
    const now = new Date();
    const names = [...Array.from({ length: count }, (_, loop) => signInAccount(loop)), infoAccount];
    const rows = await Promise.all(
      names.map(async (username) => ({
        username,
        email: `${username}@bench.invalid`,
        passwordHash: await hashSecret(benchPassword),
        registeredAt: now,
        passwordChangedAt: now,
      })),
    );
    await handle.db.insert(users).values(rows);
    return rows[0]!.passwordHash;
  } finally {
    await handle.close();
  }
}

interface Envelope {
  code?: number;
  data?: Record<string, unknown> | null;
}

/**
 * The sign-ins' HTTP client: undici's `Pool.request` over kept-alive connections. The load
 * generator shares the machine's cores with the app and its argon2 threads, so its CPU counts
 * against the sign-ins and not against the raw-verification baseline: fetch spent 0.8-1.4 ms per
 * call here, node:http 0.2-0.5 ms, and `Pool.request` about half of node:http's time (and the
 * server less per call too, as each request arrives in one write).
 */
async function post(pool: Pool, path: string, headers: Record<string, string>, body: unknown): Promise<Envelope> {
  let statusCode: number;
  let text: string;
  try {
    const response = await pool.request({
      path,
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      headersTimeout: requestTimeoutMs,
      bodyTimeout: requestTimeoutMs,
    });
    statusCode = response.statusCode;
    text = await response.body.text();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      throw new Error(`POST ${path} gave no answer within ${requestTimeoutMs / 1000} s`);
    }
    throw error;
  }
  let envelope: Envelope;
  try {
    envelope = JSON.parse(text) as Envelope;
  } catch {
    throw new Error(`POST ${path} answered ${statusCode}: ${text.slice(0, 300)}`);
  }
  if (statusCode !== 200 || envelope.code !== 200)
    throw new Error(`POST ${path} answered ${statusCode}: ${text.slice(0, 300)}`);
  return envelope;
}

/** One sign-in as the SPA makes it: a fresh captcha, then the login with its known text; returns the token. */
async function signInOnce(
  pool: Pool,
  headers: Record<string, string>,
  account: string,
  loginMs?: number[],
): Promise<string> {
  const captcha = await post(pool, captchaQuery.path, headers, {});
  const began = performance.now();
  const session = await post(pool, login.path, headers, {
    account,
    password: benchPassword,
    uuid: captcha.data?.uuid,
    qrcode: captchaText,
  });
  loginMs?.push(performance.now() - began);
  const token = session.data?.token;
  if (typeof token !== 'string') throw new Error(`login gave no token: ${JSON.stringify(session).slice(0, 300)}`);
  return token;
}

function rateOf(slices: LoopsResult[]): RateFigures {
  const latencies = Float64Array.from(slices.flatMap((slice) => slice.latenciesMs)).sort();
  const seconds = slices.reduce((sum, slice) => sum + slice.windowMs, 0) / 1000;
  return { perSecond: latencies.length / seconds, p50Ms: percentile(latencies, 0.5), completed: latencies.length };
}

/**
 * Sign-ins with correct passwords on the app against raw argon2id verifications (both in their
 * own processes, same concurrency, alternating one-second slices), then POST /v2/app/user/info with
 * a valid token against the bare handler. The app's database is given by `appEnv`; `database`
 * opens the same database for creating the accounts.
 */
export async function measureAuthFigures(
  appEnv: Record<string, string>,
  database: DatabaseConfig,
  signIn: SignInSettings,
  userInfoLoad: LoadSettings,
): Promise<AuthFigures> {
  const passwordHash = await createAccounts(database, signIn.concurrency);
  const app = await startTarget('app', {
    ...appEnv,
    BENCH_CAPTCHA_TEXT: captchaText,
    BENCH_AUTH_LIMIT: String(raisedAuthLimit),
  });
  const pool = new Pool(app.url, { connections: signIn.concurrency });
  try {
    const headers = { 'content-type': 'application/json', 'accept-language': 'ja-JP', ...(await xsrfHeaders(app.url)) };
    const verifier = await startLoadWorker('argon2-verify-worker.ts', {
      BENCH_PASSWORD_HASH: passwordHash,
      BENCH_PASSWORD: benchPassword,
    });
    let signInFigures: SignInComparison;
    try {
      const loginMs: number[] = [];
      const signInSlice = (durationMs: number, record: number[] | undefined) =>
        runTimedLoops(signIn.concurrency, durationMs, async (loop) => {
          await signInOnce(pool, headers, signInAccount(loop), record);
        });
      await verifier.runSlice(signIn.warmUpSeconds * 1000, signIn.concurrency);
      await signInSlice(signIn.appWarmUpSeconds * 1000, undefined);
      const verifySlices: LoopsResult[] = [];
      const signInSlices: LoopsResult[] = [];
      for (let slice = 0; slice < signIn.durationSeconds; slice += 1) {
        verifySlices.push(await verifier.runSlice(1000, signIn.concurrency));
        signInSlices.push(await signInSlice(1000, loginMs));
      }
      const signIns = rateOf(signInSlices);
      const verifications = rateOf(verifySlices);
      signInFigures = {
        signIns,
        loginP50Ms: percentile(Float64Array.from(loginMs).sort(), 0.5),
        verifications,
        ratio: signIns.perSecond / verifications.perSecond,
      };
    } finally {
      await verifier.stop();
    }

    const token = await signInOnce(pool, headers, infoAccount);
    const userInfoFigures = await compareCallWithBare(
      app,
      {
        path: userInfo.path,
        body: '{}',
        headers: { ...headers, token },
        checkAnswer(body) {
          const envelope = JSON.parse(body) as Envelope;
          if (envelope.code !== 200 || envelope.data?.username !== infoAccount) {
            throw new Error(`user/info did not answer the signed-in player's profile: ${body.slice(0, 300)}`);
          }
        },
      },
      userInfoLoad,
    );
    return { signIn: signInFigures, userInfo: userInfoFigures };
  } finally {
    await pool.close();
    await app.stop();
  }
}
