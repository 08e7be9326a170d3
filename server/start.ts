import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ServerType, serve } from '@hono/node-server';
import type { Logger } from 'pino';
import { type ComposeOptions, composeApp } from './compose';
import { type DatabaseHandle, openDatabase } from './db/client';
import { seedDatabase } from './db/seed';
import { type Env, publicUrlOf } from './env';
import { createLogger } from './logger';
import { googleIssuers, type IdentityProvidersConfig } from './modules/auth/setup';
import type { CryptoOptions } from './modules/crypto/setup';
import type { PaymentsOptions } from './modules/deposit/setup';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));
/** How long calls in flight may take to finish once shutdown has begun; then their connections are cut. */
const callsGraceMs = 7_000;
/** How long an idle kept-alive connection stays open: longer than a proxy's usual 60 s. */
const keepAliveTimeoutMs = 65_000;

export interface RunningServer {
  url: string;
  database: DatabaseHandle;
  logger: Logger;
  stop(): Promise<void>;
}

/** Opens the database, migrates and seeds it, and serves API and SPA until stopped. */
export async function startServer(env: Env, options: { serveSpa: boolean }): Promise<RunningServer> {
  const logger = createLogger(env.LOG_LEVEL);
  const database = env.DATABASE_URL
    ? await openDatabase({ databaseUrl: env.DATABASE_URL })
    : await openDatabase({ dataDir: path.resolve(env.DATA_DIR) });
  await database.migrate();
  await seedDatabase(database.db);
  const publicUrl = publicUrlOf(env);
  const { app, stopBackgroundWork, refuseNewCalls } = await composeApp(database, {
    logger,
    production: env.NODE_ENV === 'production',
    publicUrl,
    staticDir: options.serveSpa ? distDir : null,
    smtpUrl: env.SMTP_URL ?? null,
    ...(env.MAIL_FROM ? { mailFrom: env.MAIL_FROM } : {}),
    identityProviders: identityProvidersOf(env, publicUrl),
    fileStorageDir: path.join(path.resolve(env.DATA_DIR), 'files'),
    payments: paymentsOf(env),
    crypto: cryptoOf(env),
    games: {
      ...(env.GAME_PROVIDERS ? { providers: env.GAME_PROVIDERS } : {}),
      ...(env.GAME_WALLET_PRIVATE_KEY ? { walletPrivateKeyPem: env.GAME_WALLET_PRIVATE_KEY } : {}),
    },
    ...(env.COINS_PER_YEN ? { moneySettings: { coinsPerYen: env.COINS_PER_YEN } } : {}),
    ...(env.NODE_ENV === 'test' ? browserTestEdges(env) : {}),
  });
  if (!env.SMTP_URL) {
    logger.warn(
      env.NODE_ENV === 'production'
        ? 'SMTP_URL is not set: account e-mail is held in the outbox and nobody receives codes'
        : 'SMTP_URL is not set: account e-mail is held in the outbox; read it at /dev/mailbox',
    );
  }
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
  });
  // A client (or a proxy in front) that reuses a kept-alive connection at the moment the server times
  // it out sees its call reset. Idle connections are kept past the usual proxy idle timeout (60 s), so
  // the other side closes first; Node's default of 5 s made a pause in a session enough.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = keepAliveTimeoutMs;
    server.headersTimeout = keepAliveTimeoutMs + 1000;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = `http://${env.HOST}:${port}`;
  logger.info({ url, database: database.kind }, 'listening');
  return {
    url,
    database,
    logger,
    async stop() {
      refuseNewCalls();
      // close() stops accepting and closes the idle kept-alive connections; a connection busy with a
      // call closes after its answer. It calls back once no connection is left.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), callsGraceMs)));
      if ((await Promise.race([closed, graceOver])) === 'late') {
        logger.warn(
          { graceMs: callsGraceMs },
          'calls still running at the end of the shutdown grace: their connections are closed',
        );
        if ('closeAllConnections' in server) server.closeAllConnections();
        await closed;
      }
      clearTimeout(timer);
      await stopBackgroundWork();
      await database.close();
      logger.info('stopped');
      // The log is buffered (logger.ts): its last lines are written before the process goes.
      await new Promise<void>((resolve) => logger.flush(() => resolve()));
    },
  };
}

/** A hosted provider is used when its URL, merchant id and secret are all set; the sandbox is the default outside production. */
/** Configured deposit keys replace the development ones as a whole: a network left out gives no address. */
function cryptoOf(env: Env): CryptoOptions {
  const accountKeys = {
    ...(env.CRYPTO_XPUB_ERC20 ? { ERC20: env.CRYPTO_XPUB_ERC20 } : {}),
    ...(env.CRYPTO_XPUB_TRC20 ? { TRC20: env.CRYPTO_XPUB_TRC20 } : {}),
  };
  return {
    ...(Object.keys(accountKeys).length > 0 ? { accountKeys } : {}),
    ...(env.CHAIN_SANDBOX ? { sandbox: env.CHAIN_SANDBOX === 'on' } : {}),
  };
}

function paymentsOf(env: Env): PaymentsOptions {
  const provider =
    env.PAY_PROVIDER_API_URL && env.PAY_PROVIDER_MERCHANT_ID && env.PAY_PROVIDER_SECRET
      ? {
          name: env.PAY_PROVIDER_NAME ?? 'hosted',
          apiUrl: env.PAY_PROVIDER_API_URL,
          merchantId: env.PAY_PROVIDER_MERCHANT_ID,
          secret: env.PAY_PROVIDER_SECRET,
        }
      : undefined;
  const [bankName, branchName, branchCode, accountType, accountNumber, accountHolder] = (
    env.MANUAL_DEPOSIT_ACCOUNT ?? ''
  )
    .split('|')
    .map((part) => part.trim());
  return {
    ...(env.PAY_SANDBOX ? { sandbox: env.PAY_SANDBOX === 'on' } : {}),
    ...(provider ? { provider } : {}),
    ...(env.PAYOUT_API_URL ? { payoutApiUrl: env.PAYOUT_API_URL } : {}),
    ...(env.FIAT_RESOURCE_URL ? { fiatResourceUrl: env.FIAT_RESOURCE_URL } : {}),
    ...(env.MANUAL_DEPOSIT_ACCOUNT &&
    bankName &&
    branchName &&
    branchCode &&
    accountType &&
    accountNumber &&
    accountHolder
      ? { receivingAccount: { bankName, branchName, branchCode, accountType, accountNumber, accountHolder } }
      : {}),
  };
}

/** Google and LINE sign-in are each offered only when their client credentials are set. */
function identityProvidersOf(env: Env, publicUrl: string): IdentityProvidersConfig {
  return {
    google: env.GOOGLE_CLIENT_ID
      ? { clientId: env.GOOGLE_CLIENT_ID, issuers: googleIssuers(env.GOOGLE_ISSUER), jwksUrl: env.GOOGLE_JWKS_URL }
      : null,
    line:
      env.LINE_CHANNEL_ID && env.LINE_CHANNEL_SECRET
        ? {
            clientId: env.LINE_CHANNEL_ID,
            channelSecret: env.LINE_CHANNEL_SECRET,
            issuers: [env.LINE_ISSUER],
            jwksUrl: env.LINE_JWKS_URL,
            tokenUrl: env.LINE_TOKEN_URL,
            authorizeUrl: env.LINE_AUTHORIZE_URL,
            redirectUri: env.LINE_REDIRECT_URI ?? new URL('/auth/line/callback', publicUrl).toString(),
          }
        : null,
  };
}

/**
 * NODE_ENV=test serves the browser tests: all of them come from 127.0.0.1, so the per-address limits
 * are raised (the per-account ones stay), and TEST_CAPTCHA_TEXT makes captchas answerable.
 */
function browserTestEdges(env: Env): Pick<ComposeOptions, 'authLimits' | 'captchaText'> {
  const generous = { limit: 10_000, windowMs: 60_000 };
  const fixedCaptcha = env.TEST_CAPTCHA_TEXT;
  return {
    authLimits: { signInPerAddress: generous, captchaPerAddress: generous, emailPerAddress: generous },
    ...(fixedCaptcha ? { captchaText: () => fixedCaptcha } : {}),
  };
}
