/** The services composeApp wires to one database: accounts, the player's money, the game hall. */
import { createEmbeddedOldPlatform } from '@server/adapters/old-platform';
import { defaultMoneySettings, type MoneySettings, type PlayerDeps } from '@server/shared/player-deps';
import type { Logger } from 'pino';
import { createLocalFileStorage } from './adapters/file-storage';
import type { Clock } from './clock';
import type { Database, DatabaseHandle } from './db/client';
import type { JobQueue } from './job-queue';
import type { AccountTransferDeps } from './modules/account-transfer/setup';
import type { AuthDeps } from './modules/auth/public';
import {
  type AuthLimits,
  createCaptchas,
  createIdentityVerifier,
  createSessionCache,
  defaultAuthLimits,
  defaultSessionLifetimes,
  type IdentityProvidersConfig,
  lastSeenResolutionMs,
  profileWatchMs,
  randomCaptchaText,
} from './modules/auth/setup';
import { type CryptoOptions, setUpCrypto } from './modules/crypto/setup';
import { type PaymentsOptions, setUpPayments } from './modules/deposit/setup';
import type { GameDeps } from './modules/hall/public';
import {
  defaultGameHallTimes,
  type GameHallOptions,
  type GameHallTimes,
  providerOrigins,
  setUpGameHall,
} from './modules/hall/setup';
import { createMailDelivery } from './modules/mail/setup';
import { loadServerSecret } from './secrets';

/** What every service is built on. The options each step reads are ComposeOptions' (compose.ts). */
export interface ServiceBase {
  db: Database;
  clock: Clock;
  logger: Logger;
  jobs: JobQueue;
  publicUrl: string;
  production: boolean;
}

/** Accounts: their mail, the session cache, identity providers, captchas and limits. */
export async function composeAuth(
  database: DatabaseHandle,
  { db, clock, logger, jobs, publicUrl }: ServiceBase,
  options: {
    smtpUrl?: string | null;
    mailFrom?: string;
    identityProviders?: IdentityProvidersConfig;
    authLimits?: Partial<AuthLimits>;
    captchaText?: () => string;
  },
) {
  const mail = createMailDelivery({
    db,
    clock,
    jobs,
    smtpUrl: options.smtpUrl ?? null,
    from: options.mailFrom ?? `Game Hall <no-reply@${new URL(publicUrl).hostname}>`,
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
    logger,
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
  return { auth, mail, sessionCache };
}

/** The player's money and papers: payment edges, crypto deposits, stored files and settings. */
export async function composePlayer(
  { db, clock, logger, jobs, publicUrl, production }: ServiceBase,
  auth: AuthDeps,
  options: {
    fileStorageDir?: string;
    payments?: PaymentsOptions;
    moneySettings?: Partial<MoneySettings>;
    crypto?: CryptoOptions;
  },
) {
  const payments = setUpPayments(options.payments ?? {}, {
    db,
    clock,
    logger,
    publicUrl,
    production,
    sandboxSecret: await loadServerSecret(db, 'pay-sandbox'),
  });
  const crypto = setUpCrypto(options.crypto ?? {}, { db, clock, production });
  const player: PlayerDeps = {
    db,
    clock,
    logger,
    publicUrl,
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
  return { player, payments, crypto };
}

/** The game hall: the providers' keys and origins, launch sessions and seat timings. */
export async function composeGames(
  { db, clock, logger, publicUrl }: ServiceBase,
  options: { games?: GameHallOptions; gameHallTimes?: Partial<GameHallTimes> },
): Promise<GameDeps> {
  return {
    db,
    clock,
    logger,
    keys: await setUpGameHall(db, clock, publicUrl, options.games ?? {}),
    sessionSecret: await loadServerSecret(db, 'game-sessions'),
    times: { ...defaultGameHallTimes, ...options.gameHallTimes },
    origins: providerOrigins(publicUrl, options.games?.providers ?? []),
  };
}

/** The old platform's accounts as the operator imported them, moved over by their players. */
export function composeAccountTransfer(player: PlayerDeps, auth: AuthDeps): AccountTransferDeps {
  return {
    ...player,
    mail: auth.mail,
    codeSecret: auth.codeSecret,
    oldPlatform: createEmbeddedOldPlatform(player.db),
    passwordCheckLimits: {
      perPlayer: auth.limits.oldPasswordChecksPerPlayer,
      perAddress: auth.limits.oldPasswordChecksPerAddress,
    },
  };
}
