import { createHash } from 'node:crypto';
import { emailCodeResendSeconds } from '@contract/auth';
import type { Endpoint } from '@contract/endpoint';
import type { Locale } from '@contract/locales';
import type { Clock } from '@server/clock';
import type { RequestContext } from '@server/contract-router';
import type { Database } from '@server/db/client';
import type { Translate } from '@server/i18n';
import type { RateLimitRule } from '@server/shared/rate-limit';
import { xsrfCookieOf } from '@server/xsrf';
import type { Logger } from 'pino';
import type { MailDelivery } from '../mail/public';
import type { SessionCache } from './cached-sessions';
import type { Captchas } from './captcha';
import { deviceOf } from './device-cookie';
import type { IdentityProvidersConfig, IdentityVerifier } from './identity-providers';

const minute = 60 * 1000;

export interface AuthLimits {
  /** Failed sign-ins (and wrong current passwords) per account. */
  signInPerAccount: RateLimitRule;
  /** Failed sign-ins per client address, over all accounts. */
  signInPerAddress: RateLimitRule;
  /** Wrong current pay passwords per account. */
  payPasswordPerAccount: RateLimitRule;
  /** Captchas drawn per client address, counted by each process (see captcha.ts). */
  captchaPerAddress: RateLimitRule;
  /** Registration and reset e-mails per client address. */
  emailPerAddress: RateLimitRule;
  /** One e-mail code per address or account per interval (the 60 s countdown, docs/requirements.md §4.4). */
  emailCodeResend: RateLimitRule;
  /**
   * Old-platform passwords checked in account moves, right or wrong, per player and per client
   * address: each check is a costly hash, so they are counted before it is computed.
   */
  oldPasswordChecksPerPlayer: RateLimitRule;
  oldPasswordChecksPerAddress: RateLimitRule;
}

export const defaultAuthLimits: AuthLimits = {
  signInPerAccount: { limit: 5, windowMs: 15 * minute },
  signInPerAddress: { limit: 50, windowMs: 15 * minute },
  payPasswordPerAccount: { limit: 5, windowMs: 15 * minute },
  captchaPerAddress: { limit: 60, windowMs: minute },
  emailPerAddress: { limit: 10, windowMs: 60 * minute },
  emailCodeResend: { limit: 1, windowMs: emailCodeResendSeconds * 1000 },
  oldPasswordChecksPerPlayer: { limit: 10, windowMs: 60 * minute },
  oldPasswordChecksPerAddress: { limit: 30, windowMs: 60 * minute },
};

export interface SessionLifetimes {
  standard: number;
  /** "Remember me": a longer session. */
  remember: number;
  /** An operator session lives this long at most, however busy the desk is. */
  operator: number;
  /** An operator session also ends after this long without a call. */
  operatorIdle: number;
}

export const defaultSessionLifetimes: SessionLifetimes = {
  standard: 12 * 60 * minute,
  remember: 30 * 24 * 60 * minute,
  operator: 8 * 60 * minute,
  operatorIdle: 15 * minute,
};

export interface AuthDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  mail: MailDelivery;
  identity: IdentityVerifier;
  providers: IdentityProvidersConfig;
  limits: AuthLimits;
  sessionLifetimes: SessionLifetimes;
  sessionCache: SessionCache;
  /** Key for the HMAC of e-mail codes, shared by every API process. */
  codeSecret: string;
  /** Draws captchas and reads the tokens they come with (signed, not stored: see captcha.ts). */
  captchas: Captchas;
}

/** What the auth services need to know about the request being served. */
export interface AuthRequest {
  t: Translate;
  locale: Locale;
  clientAddress: string;
  requestId: string;
  /** The browser's XSRF cookie: binds a verified registration address to the browser that verified it. */
  browserBinding: string;
  /** The device a sign-in is recorded with. */
  device: { id: string; userAgent: string };
}

/** The auth request of a call, bound to the browser by its XSRF cookie. */
export function authRequestOf<E extends Endpoint>(context: RequestContext<E>): AuthRequest {
  // State-changing calls only get here with a genuine XSRF cookie, so there is always one to bind to.
  const xsrfCookie = xsrfCookieOf(context.hono) ?? '';
  return {
    t: context.t,
    locale: context.locale,
    clientAddress: context.clientAddress,
    requestId: context.requestId,
    browserBinding: createHash('sha256').update(xsrfCookie).digest('hex'),
    device: deviceOf(context.hono),
  };
}
