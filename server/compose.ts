import { randomBytes } from 'node:crypto';
import { createEmbeddedOldPlatform } from '@server/adapters/old-platform';
import { defaultMoneySettings, type MoneySettings, type PlayerDeps } from '@server/shared/player-deps';
import type { Logger } from 'pino';
import { createStudioApp } from '../studio/app';
import { openStudioDatabase, type SharedConnection } from '../studio/db/client';
import type { StudioDeps } from '../studio/studio-deps';
import { chainSandboxRoutes } from './adapters/chain-simulator';
import { createLocalFileStorage } from './adapters/file-storage';
import { type AppDeps, createApp } from './app';
import { type Clock, systemClock } from './clock';
import { type DatabaseHandle, isDatabaseUnavailable } from './db/client';
import { createServerI18n } from './i18n';
import { startJobQueue } from './job-queue';
import type { AuthDeps } from './modules/auth/public';
import {
  type AuthLimits,
  createCaptchas,
  createIdentityVerifier,
  createPrincipalResolver,
  createSessionCache,
  defaultAuthLimits,
  defaultSessionLifetimes,
  type IdentityProvidersConfig,
  lastSeenResolutionMs,
  profileWatchMs,
  randomCaptchaText,
  runAuthHousekeeping,
} from './modules/auth/setup';
import { createPublicContentCache } from './modules/content/setup';
import { type CryptoOptions, setUpCrypto, watchDeposits } from './modules/crypto/setup';
import { type PaymentsOptions, setUpPayments } from './modules/deposit/setup';
import type { GameDeps } from './modules/hall/public';
import {
  defaultGameHallTimes,
  deleteExpiredLaunchTokens,
  type GameHallOptions,
  type GameHallTimes,
  providerOrigins,
  releaseIdleSeats,
  setUpGameHall,
  studioProviderId,
} from './modules/hall/setup';
import { writeEventLetter } from './modules/letters/setup';
import { createMailDelivery } from './modules/mail/setup';
import { walletBasePath } from './modules/wallet/routes';
import { resumePayouts } from './modules/withdrawal/setup';
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
  const mail = createMailDelivery({
    db,
    clock,
    jobs,
    smtpUrl: options.smtpUrl ?? null,
    from: options.mailFrom ?? `Game Hall <no-reply@${new URL(options.publicUrl).hostname}>`,
  });
  const providers = options.identityProviders ?? { google: null, line: null };
  const sessionCache = await createSessionCache(database, clock, {
    sessionMaxAgeMs: lastSeenResolutionMs,
    profileWatchMs,
  });
  const limits = { ...defaultAuthLimits, ...options.authLimits };
  const auth: AuthDeps = {
    db,
    clock,
    logger: options.logger,
    mail,
    identity: createIdentityVerifier(providers, clock),
    providers,
    limits,
    sessionLifetimes: defaultSessionLifetimes,
    sessionCache,
    codeSecret: await loadServerSecret(db, 'email-codes'),
    captchas: createCaptchas({
      secret: await loadServerSecret(db, 'captchas'),
      text: options.captchaText ?? randomCaptchaText,
      perAddress: limits.captchaPerAddress,
    }),
  };
  const payments = setUpPayments(options.payments ?? {}, {
    db,
    clock,
    logger: options.logger,
    publicUrl: options.publicUrl,
    production: options.production,
    sandboxSecret: await loadServerSecret(db, 'pay-sandbox'),
  });
  const crypto = setUpCrypto(options.crypto ?? {}, { db, clock, production: options.production });
  const player: PlayerDeps = {
    db,
    clock,
    logger: options.logger,
    publicUrl: options.publicUrl,
    storage: createLocalFileStorage(options.fileStorageDir ?? './data/files'),
    photoLinkSecret: await loadServerSecret(db, 'photo-links'),
    payProvider: payments.payProvider,
    payout: payments.payout,
    fiat: payments.fiat,
    settings: { ...defaultMoneySettings, receivingAccount: payments.receivingAccount, ...options.moneySettings },
    payPasswordLimit: auth.limits.payPasswordPerAccount,
    badCallbackLimit: { limit: 30, windowMs: 60 * 1000 },
    letters: { send: (target, letter) => jobs.send(target, 'station-letter', letter) },
    crypto: crypto.settings,
  };
  const games: GameDeps = {
    db,
    clock,
    logger: options.logger,
    keys: await setUpGameHall(db, clock, options.publicUrl, options.games ?? {}),
    sessionSecret: await loadServerSecret(db, 'game-sessions'),
    times: { ...defaultGameHallTimes, ...options.gameHallTimes },
    origins: providerOrigins(options.publicUrl, options.games?.providers ?? []),
  };
  // The embedded game studio: its own tables on the shared connection, and the wallet reached over
  // HTTP at the product's own address, signed like any provider's (docs/architecture.md §12).
  const studioDeps: StudioDeps = {
    db: await openStudioDatabase((database.db as unknown as { $client: SharedConnection }).$client),
    walletUrl: new URL(walletBasePath, options.publicUrl).toString(),
    providerId: studioProviderId,
    privateKeyPem: games.keys.studioPrivateKeyPem,
    walletPublicKeyPem: games.keys.walletPublicKeyPem,
    isDatabaseUnavailable,
    clock,
    randomBytes: (size) => new Uint8Array(randomBytes(size)),
    schedule: (job) => jobs.every('studio-recovery', '* * * * *', job),
    logger: options.logger,
    ...(options.studioTimes ? { times: options.studioTimes } : {}),
  };
  const studio = await createStudioApp(studioDeps);
  const lifecycle = { stopping: false };
  const deps: AppDeps = {
    db: database.db,
    lifecycle,
    player,
    // The old platform's accounts as the operator imported them.
    accountTransfer: {
      ...player,
      mail: auth.mail,
      codeSecret: auth.codeSecret,
      oldPlatform: createEmbeddedOldPlatform(db),
      passwordCheckLimits: {
        perPlayer: limits.oldPasswordChecksPerPlayer,
        perAddress: limits.oldPasswordChecksPerAddress,
      },
    },
    games,
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
  // Background work runs as jobs in whichever process takes them first (job-queue.ts). The queue
  // looks at the schedules every 30 to 60 s and adds a job whose time came within the last minute,
  // so now and then a turn is missed; each periodic job catches up on the next.
  if (mail.deliverable) await jobs.work('mail', ({ mailId }) => mail.deliver(mailId));
  await jobs.work('station-letter', (letter) => writeEventLetter(db, clock, letter));
  await jobs.every('accounts-housekeeping', '*/15 * * * *', () => runAuthHousekeeping({ db, clock }));
  await jobs.every('payout-resume', '* * * * *', async () => void (await resumePayouts(player)));
  await jobs.every('game-seats-housekeeping', '* * * * *', async () => {
    await releaseIdleSeats({ db, clock }, games.times.seatIdleMs);
    await deleteExpiredLaunchTokens({ db, clock });
  });
  if (crypto.settings.chain) await jobs.every('crypto-watcher', '* * * * *', () => watchDeposits(player));
  const sandboxPay = payments.sandboxPay;
  if (sandboxPay)
    await jobs.every('sandbox-pay-callbacks', '* * * * *', async () => void (await sandboxPay.deliverPending()));
  return {
    app: createApp(deps),
    deps,
    studio: studioDeps,
    /** From now on new calls are answered 503 and every answer closes its connection; calls already started go on. */
    refuseNewCalls: () => {
      lifecycle.stopping = true;
    },
    /** Stops background work (jobs, the session cache's listening); call before closing the database. */
    stopBackgroundWork: async () => {
      await jobs.stop();
      mail.close();
      await sessionCache.close();
    },
  };
}
