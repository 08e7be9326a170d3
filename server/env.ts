import { accountKeyOf } from '@server/shared/chain-addresses';
import * as v from 'valibot';
import { gameProvidersConfig } from './modules/hall/setup';

const port = v.pipe(
  v.optional(v.string(), '8080'),
  v.regex(/^\d{1,5}$/, 'must be a port number'),
  v.transform(Number),
  v.number(),
  v.minValue(0, 'must be a port number'),
  v.maxValue(65535, 'must be a port number'),
);

const urlOf = (protocols: readonly string[], message: string) =>
  v.pipe(
    v.string(),
    v.url(message),
    // The pipe runs on after v.url fails, so the check must not assume a parsable URL.
    v.check((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), message),
  );

const url = (protocols: readonly string[], message: string) => v.optional(urlOf(protocols, message));
const httpUrl = 'must be an http(s):// URL';

const extendedPublicKey = v.pipe(
  v.string(),
  v.check((value) => {
    try {
      accountKeyOf(value);
      return true;
    } catch {
      return false;
    }
  }, 'must be an extended public key (xpub…), never a private one'),
);

const envSchema = v.object({
  PORT: port,
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), './data'),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'must be a postgres:// URL'),
  SMTP_URL: url(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL'),
  PUBLIC_URL: url(['http:', 'https:'], 'must be an http(s):// URL'),
  NODE_ENV: v.optional(
    v.picklist(['development', 'production', 'test'], 'must be development, production or test'),
    'development',
  ),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** Sender of account e-mail, e.g. "Game Hall <no-reply@hall.example>". */
  MAIL_FROM: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty'))),
  /** Google sign-in is offered when a client id is set; issuer and keys are overridable for tests. */
  GOOGLE_CLIENT_ID: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty'))),
  GOOGLE_ISSUER: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), 'https://accounts.google.com'),
  GOOGLE_JWKS_URL: v.optional(urlOf(['http:', 'https:'], httpUrl), 'https://www.googleapis.com/oauth2/v3/certs'),
  /** LINE sign-in is offered when both channel id and secret are set. */
  LINE_CHANNEL_ID: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty'))),
  LINE_CHANNEL_SECRET: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty'))),
  /** Where LINE sends the browser back; defaults to PUBLIC_URL + /auth/line/callback. */
  LINE_REDIRECT_URI: url(['http:', 'https:'], httpUrl),
  LINE_ISSUER: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), 'https://access.line.me'),
  LINE_JWKS_URL: v.optional(urlOf(['http:', 'https:'], httpUrl), 'https://api.line.me/oauth2/v2.1/certs'),
  LINE_TOKEN_URL: v.optional(urlOf(['http:', 'https:'], httpUrl), 'https://api.line.me/oauth2/v2.1/token'),
  LINE_AUTHORIZE_URL: v.optional(urlOf(['http:', 'https:'], httpUrl), 'https://access.line.me/oauth2/v2.1/authorize'),
  /** The embedded sandbox payment provider; on by default outside production. */
  PAY_SANDBOX: v.optional(v.picklist(['on', 'off'], 'must be on or off')),
  /** A hosted payment provider speaking the protocol of server/adapters/pay-protocol.ts. */
  PAY_PROVIDER_NAME: v.optional(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{1,30}$/, 'must be a lower-case name'))),
  PAY_PROVIDER_API_URL: url(['http:', 'https:'], httpUrl),
  PAY_PROVIDER_MERCHANT_ID: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty'))),
  PAY_PROVIDER_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'must have at least 16 characters'))),
  /** The payout service (same merchant id and secret); defaults to the provider's API URL. */
  PAYOUT_API_URL: url(['http:', 'https:'], httpUrl),
  /** The JPY fiat resource of the pay service (GET). */
  FIAT_RESOURCE_URL: url(['http:', 'https:'], httpUrl),
  /** The operator's account for manual deposits: bank|branch name|branch code|account type|number|holder. */
  MANUAL_DEPOSIT_ACCOUNT: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => value.split('|').length === 6 && value.split('|').every((part) => part.trim() !== ''),
        'must be six non-empty parts separated by |',
      ),
    ),
  ),
  /**
   * Browser tests only: every captcha shows this text, so a test can answer it. Refused unless
   * NODE_ENV=test.
   */
  TEST_CAPTCHA_TEXT: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{4,8}$/, 'must be 4 to 8 letters or digits'))),
  /** Game providers calling our wallet, as a JSON array (README "Configuration"). */
  GAME_PROVIDERS: v.optional(gameProvidersConfig),
  /** Our wallet's RSA private key (PEM) that signs its answers; by default one generated for the deployment. */
  GAME_WALLET_PRIVATE_KEY: v.optional(
    v.pipe(
      v.string(),
      v.check((value) => value.includes('PRIVATE KEY-----'), 'must be an RSA private key in PEM'),
    ),
  ),
  /** The operator's account-level extended public keys (m/44'/60'/0', m/44'/195'/0') for deposit addresses. */
  CRYPTO_XPUB_ERC20: v.optional(extendedPublicKey),
  CRYPTO_XPUB_TRC20: v.optional(extendedPublicKey),
  /** The embedded chain simulator and its sandbox; on by default outside production, never in it. */
  CHAIN_SANDBOX: v.optional(v.picklist(['on', 'off'], 'must be on or off')),
  /** Game coins per yen. */
  COINS_PER_YEN: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,3}$/, 'must be a whole number from 1 to 9999'), v.transform(Number)),
  ),
});

export type Env = v.InferOutput<typeof envSchema>;

export class InvalidEnvironmentError extends Error {}

/** Reads and validates the environment; a bad value stops start-up with a message naming it. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const relevant = Object.fromEntries(
    Object.keys(envSchema.entries).flatMap((key) => {
      const value = source[key];
      return value === undefined || value === '' ? [] : [[key, value]];
    }),
  );
  const result = v.safeParse(envSchema, relevant);
  if (result.success && result.output.CHAIN_SANDBOX === 'on' && result.output.NODE_ENV === 'production') {
    throw new InvalidEnvironmentError('Invalid environment: CHAIN_SANDBOX: is never allowed in production');
  }
  if (result.success && result.output.TEST_CAPTCHA_TEXT && result.output.NODE_ENV !== 'test') {
    throw new InvalidEnvironmentError('Invalid environment: TEST_CAPTCHA_TEXT: is only allowed with NODE_ENV=test');
  }
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
  throw new InvalidEnvironmentError(`Invalid environment: ${problems.join('; ')}`);
}

export function publicUrlOf(env: Env): string {
  return env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`;
}
