import { randomBytes } from 'node:crypto';
import type { MoneySettings } from '@server/shared/player-deps';
import type { Logger } from 'pino';
import { createStudioApp } from '../studio/app';
import { openStudioDatabase, type SharedConnection } from '../studio/db/client';
import type { StudioDeps } from '../studio/studio-deps';
import { chainSandboxRoutes } from './adapters/chain-simulator';
import { createApp } from './app';
import type { AppDeps } from './app-deps';
import { type Clock, systemClock } from './clock';
import { scheduleBackgroundJobs } from './compose-jobs';
import { composeAccountTransfer, composeAuth, composeGames, composePlayer, type ServiceBase } from './compose-services';
import { type DatabaseHandle, isDatabaseUnavailable } from './db/client';
import { createServerI18n } from './i18n';
import { startJobQueue } from './job-queue';
import type { AuthLimits, IdentityProvidersConfig } from './modules/auth/setup';
import { createPrincipalResolver } from './modules/auth/setup';
import { createPublicContentCache } from './modules/content/setup';
import type { CryptoOptions } from './modules/crypto/setup';
import { followChain, watchDeposits } from './modules/crypto/setup';
import type { PaymentsOptions } from './modules/deposit/setup';
import type { GameDeps } from './modules/hall/public';
import type { GameHallTimes } from './modules/hall/setup';
import { type GameHallOptions, studioProviderId } from './modules/hall/setup';
import { createPushHub } from './modules/push/public';
import { walletBasePath } from './modules/wallet/routes';
import { loadServerSecret } from './secrets';

const defaultContentCacheTtlMs = 5000;

export interface ComposeOptions {
  logger: Logger;
  production: boolean;
  publicUrl: string;
  staticDir: string | null;
  clock?: Clock;
  /** smtp(s):// server for outgoing mail; without one, mail is held in the outbox (see /dev/mailbox). */
  smtpUrl?: string | null;
  mailFrom?: string;
  identityProviders?: IdentityProvidersConfig;
  authLimits?: Partial<AuthLimits>;
  /** How long each process reuses public content answers; 0 reads the database every time. */
  contentCacheTtlMs?: number;
  /** Captcha texts; tests pass a generator whose texts they can read. */
  captchaText?: () => string;
  /** Local directory of uploaded files (identity photos); default ./data/files. */
  fileStorageDir?: string;
  /** Payment provider, payout service, fiat resource; by default the embedded sandbox outside production. */
  payments?: PaymentsOptions;
  moneySettings?: Partial<MoneySettings>;
  /** Deposit keys and the chain; by default outside production the development keys and the simulator. */
  crypto?: CryptoOptions;
  /** Game providers besides the embedded studio, and our wallet's signing key. */
  games?: GameHallOptions;
  gameHallTimes?: Partial<GameHallTimes>;
  /** The embedded studio's timings (tests shorten them). */
  studioTimes?: StudioDeps['times'];
}

/**
 * Wires the real services to one database. The server's entry point and the API tests both build
 * the app here, so tests exercise exactly what production runs; tests override only edges (clock).
 */
export async function composeApp(database: DatabaseHandle, options: ComposeOptions) {
  const db = database.db;
  const clock = options.clock ?? systemClock;
  const jobs = await startJobQueue(db, options.logger);
  const base: ServiceBase = {
    db,
    clock,
    logger: options.logger,
    jobs,
    publicUrl: options.publicUrl,
    production: options.production,
  };
  const { auth, mail, sessionCache } = await composeAuth(database, base, options);
  const { player, payments, crypto } = await composePlayer(base, auth, options);
  const games = await composeGames(base, options);
  const studioDeps = await composeStudio(database, base, games, options.studioTimes);
  const studio = await createStudioApp(studioDeps);
  const push = await createPushHub(database, options.logger);
  const chainFollower = player.crypto.chain ? followChain(player, player.crypto.chain, options.logger) : null;
  const lifecycle = { stopping: false };
  const deps: AppDeps = {
    db: database.db,
    lifecycle,
    player,
    accountTransfer: composeAccountTransfer(player, auth),
    games,
    push,
    sandboxPay: payments.sandboxPay,
    chainSandbox: crypto.simulator ? chainSandboxRoutes(crypto.simulator, () => watchDeposits(player)) : null,
    studioApi: studio,
    contentCache: createPublicContentCache(options.contentCacheTtlMs ?? defaultContentCacheTtlMs, clock),
    logger: options.logger,
    clock,
    i18n: createServerI18n(),
    resolvePrincipal: createPrincipalResolver(db, clock, sessionCache, auth.sessionLifetimes),
    auth,
    config: {
      production: options.production,
      publicUrl: options.publicUrl,
      staticDir: options.staticDir,
      xsrfSecret: await loadServerSecret(database.db, 'xsrf'),
    },
  };
  await scheduleBackgroundJobs(jobs, { mail, player, games, sandboxPay: payments.sandboxPay });
  return {
    app: createApp(deps),
    deps,
    studio: studioDeps,
    /** From now on new calls are answered 503 and every answer closes its connection; calls already started go on. */
    refuseNewCalls: () => {
      lifecycle.stopping = true;
      // A stream never finishes by itself: it would hold the server's close until the grace ran out.
      push.endStreams();
    },
    /** Stops background work (jobs, the session cache's listening); call before closing the database. */
    stopBackgroundWork: async () => {
      await chainFollower?.stop();
      await jobs.stop();
      mail.close();
      await sessionCache.close();
      await push.close();
    },
  };
}

/**
 * The embedded game studio: its own tables on the shared connection, and the wallet reached over
 * HTTP at the product's own address, signed like any provider's (docs/architecture.md §12).
 */
async function composeStudio(
  database: DatabaseHandle,
  { clock, logger, jobs, publicUrl }: ServiceBase,
  games: GameDeps,
  studioTimes: StudioDeps['times'] | undefined,
): Promise<StudioDeps> {
  return {
    db: await openStudioDatabase((database.db as unknown as { $client: SharedConnection }).$client),
    walletUrl: new URL(walletBasePath, publicUrl).toString(),
    providerId: studioProviderId,
    privateKeyPem: games.keys.studioPrivateKeyPem,
    walletPublicKeyPem: games.keys.walletPublicKeyPem,
    isDatabaseUnavailable,
    clock,
    randomBytes: (size) => new Uint8Array(randomBytes(size)),
    schedule: (job) => jobs.every('studio-recovery', '* * * * *', job),
    logger,
    ...(studioTimes ? { times: studioTimes } : {}),
  };
}
