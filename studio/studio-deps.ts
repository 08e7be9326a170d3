import type { StudioDatabase } from './db/client';
import { createWalletClient, type WalletClient } from './wallet-client';

export interface StudioLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface StudioTimes {
  /** A wallet call without a signed answer by then counts as unanswered. */
  walletTimeoutMs: number;
  /** How long whoever acts on a round holds it; longer than the wallet calls one step makes. */
  leaseMs: number;
  /** The recovery job takes unfinished rounds untouched for this long. */
  recoverAfterMs: number;
  /** A studio session lasts this long after its last round. */
  sessionIdleMs: number;
  /** A call that finds its round held by another waits this long for it to finish. */
  waitForRoundMs: number;
}

export const defaultStudioTimes: StudioTimes = {
  walletTimeoutMs: 5_000,
  leaseMs: 60_000,
  recoverAfterMs: 60_000,
  sessionIdleMs: 30 * 60_000,
  waitForRoundMs: 20_000,
};

/** What the composition root gives the studio. The studio knows the wallet only by URL and keys. */
export interface StudioDeps {
  /** The studio's own tables (openStudioDatabase) over the connection it shares with the product. */
  db: StudioDatabase;
  /** The wallet protocol's base, e.g. http://127.0.0.1:8080/v2/wallet. */
  walletUrl: string;
  providerId: string;
  /** Signs the studio's wallet calls. */
  privateKeyPem: string;
  /** Verifies the wallet's answers (served at /v2/wallet/public-key). */
  walletPublicKeyPem: string;
  clock: { now(): Date };
  /** A CSPRNG: server seeds and session tokens come from it (client seeds never: they are the player's). */
  randomBytes(size: number): Uint8Array;
  /**
   * Whether a call failed because the database could not be reached or its connection was lost
   * (the product's own rule for the connection it shares), rather than because of what it asked.
   */
  isDatabaseUnavailable(error: unknown): boolean;
  /** Runs the recovery job every minute, in one process at a time (the product's job queue). */
  schedule(job: () => Promise<void>): Promise<void>;
  logger: StudioLogger;
  /** How the studio reaches the wallet; tests put faults here. */
  fetch?: typeof fetch;
  times?: Partial<StudioTimes>;
}

/** The studio's services' view of its deps. */
export interface Studio {
  db: StudioDatabase;
  isDatabaseUnavailable(error: unknown): boolean;
  clock: { now(): Date };
  randomBytes(size: number): Uint8Array;
  logger: StudioLogger;
  wallet: WalletClient;
  times: StudioTimes;
}

export function studioOf(deps: StudioDeps): Studio {
  const times = { ...defaultStudioTimes, ...deps.times };
  return {
    db: deps.db,
    isDatabaseUnavailable: deps.isDatabaseUnavailable,
    clock: deps.clock,
    randomBytes: deps.randomBytes,
    logger: deps.logger,
    times,
    wallet: createWalletClient({
      walletUrl: deps.walletUrl,
      providerId: deps.providerId,
      privateKeyPem: deps.privateKeyPem,
      walletPublicKeyPem: deps.walletPublicKeyPem,
      timeoutMs: times.walletTimeoutMs,
      fetch: deps.fetch ?? fetch,
    }),
  };
}

/** A refusal answered to the game page: HTTP status = code, the message key in studio.json. */
export class StudioError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 422 | 503,
    readonly messageKey: string,
    readonly data: unknown = undefined,
    readonly fields: Record<string, string> | undefined = undefined,
  ) {
    super(messageKey);
  }
}
