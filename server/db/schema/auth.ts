import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const instant = (name: string) => timestamp(name, { withTimezone: true });

export const userRoles = ['player', 'operator'] as const;
export type UserRole = (typeof userRoles)[number];

/**
 * Players, agents and operators. The balance is not here: money lives in the ledger. User names
 * and e-mail addresses are unique regardless of letter case.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** Null for accounts created by a third-party sign-in that did not share a verified address. */
    email: text('email'),
    /** Null for accounts that only ever signed in through a third party. */
    passwordHash: text('password_hash'),
    payPasswordHash: text('pay_password_hash'),
    nickname: text('nickname'),
    phone: text('phone'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    pinyinName: text('pinyin_name'),
    idNumber: text('id_number'),
    role: text('role', { enum: userRoles }).notNull().default('player'),
    isAgent: boolean('is_agent').notNull().default(false),
    /** The code this user hands out once they are an agent (the "recommended code" of the agent pages). */
    referralCode: text('referral_code').unique('users_referral_code_unique'),
    /** The inviting agent's code entered at sign-up. */
    agentCode: text('agent_code').references((): AnyPgColumn => users.referralCode),
    frozen: boolean('frozen').notNull().default(false),
    registeredAt: instant('registered_at').notNull(),
    lastLoginAt: instant('last_login_at'),
    passwordChangedAt: instant('password_changed_at'),
  },
  (table) => [
    uniqueIndex('users_username_lower_unique').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    check('users_username_letters_digits', sql`${table.username} ~ '^[A-Za-z0-9]+$'`),
    // A team's members newest first, as the agent's lists show them.
    index('users_agent_members_idx').on(table.agentCode, table.registeredAt, table.id),
  ],
);

export const identityProviders = ['google', 'line'] as const;
export type IdentityProviderName = (typeof identityProviders)[number];

/** Third-party sign-ins linked to a user: one row per provider account. */
export const identities = pgTable(
  'identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: identityProviders }).notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: instant('created_at').notNull(),
    lastUsedAt: instant('last_used_at').notNull(),
  },
  (table) => [
    unique('identities_provider_subject_unique').on(table.provider, table.subject),
    index('identities_user_idx').on(table.userId),
  ],
);

export const sessionEndReasons = ['logout', 'passwordChanged', 'passwordReset', 'totpReset', 'rolesChanged'] as const;
export type SessionEndReason = (typeof sessionEndReasons)[number];
/**
 * How a session was opened: a player's sign-in, or the desk's (password, captcha and authenticator
 * code). Only an operator session reaches the desk's calls, and it reaches nothing else.
 */
export const sessionKinds = ['player', 'operator', 'app'] as const;
export type SessionKind = (typeof sessionKinds)[number];

/** Signed-in sessions. Only the SHA-256 of the opaque token is stored, so a database leak signs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique('sessions_token_hash_unique'),
    kind: text('kind', { enum: sessionKinds }).notNull().default('player'),
    remember: boolean('remember').notNull().default(false),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
    revokedAt: instant('revoked_at'),
    revokedReason: text('revoked_reason', { enum: sessionEndReasons }),
    clientAddress: text('client_address').notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
);

/**
 * Every successful sign-in, kept for the risk checks beside a payout (an address or a device shared
 * with other accounts) and the desk's "recent sign-ins". `device_id` is the SHA-256 of the
 * long-lived device cookie the browser carries (modules/auth/device-cookie.ts); the user agent is
 * what the desk shows of the device.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    at: instant('at').notNull(),
    clientAddress: text('client_address').notNull(),
    deviceId: text('device_id').notNull(),
    userAgent: text('user_agent').notNull(),
  },
  (table) => [
    index('sign_ins_user_idx').on(table.userId, table.at),
    index('sign_ins_address_idx').on(table.clientAddress, table.userId),
    index('sign_ins_device_idx').on(table.deviceId, table.userId),
  ],
);

/**
 * Image captchas spent, right or wrong, until they expire. A captcha itself is signed, not stored
 * (see modules/auth/captcha.ts): its single use is this row, written when it is first tried.
 */
export const captchaSpends = pgTable(
  'captcha_spends',
  {
    id: uuid('id').primaryKey(),
    expiresAt: instant('expires_at').notNull(),
  },
  (table) => [index('captcha_spends_expires_idx').on(table.expiresAt)],
);

export const emailCodePurposes = ['register', 'reset'] as const;
export type EmailCodePurpose = (typeof emailCodePurposes)[number];

/**
 * Six-digit codes sent by e-mail. Only the newest code of a (purpose, address) pair counts. A
 * register code, once accepted, becomes the proof that lets one registration use the address: it
 * is bound to the browser that entered it and spent by the registration (proof_used_at).
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose', { enum: emailCodePurposes }).notNull(),
    /** The address the code went to, lower-cased. */
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id),
    codeHash: text('code_hash').notNull(),
    wrongAttempts: integer('wrong_attempts').notNull().default(0),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    clientBinding: text('client_binding'),
    proofUsedAt: instant('proof_used_at'),
  },
  (table) => [
    index('email_codes_target_idx').on(table.purpose, table.email, table.createdAt),
    index('email_codes_expires_idx').on(table.expiresAt),
  ],
);

/** Fixed-window attempt counters shared by every API process (per account, per client address, per address). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStartedAt: instant('window_started_at').notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [index('rate_limits_window_idx').on(table.windowStartedAt)],
);

export const mailStatuses = ['pending', 'sending', 'sent', 'failed', 'held'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/**
 * Every e-mail is written here first, in the transaction that caused it, and delivered afterwards
 * by a job of its own (the job queue keeps when it is tried next). 'held' means no SMTP server is
 * configured: the message stays here (and on /dev/mailbox).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    recipient: text('recipient').notNull(),
    locale: text('locale').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: text('status', { enum: mailStatuses }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull(),
    sentAt: instant('sent_at'),
  },
  (table) => [index('mail_outbox_created_idx').on(table.createdAt)],
);

/**
 * Who did what to whom and why. Accounts write it first; money, KYC and agent changes will write
 * here too, in the transaction of the change.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: instant('at').notNull(),
    /** 'user:<id>', 'anonymous' or 'system'. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    /** What the action was about, e.g. 'user:<id>' or the account name that was tried. */
    subject: text('subject').notNull(),
    reason: text('reason'),
    clientAddress: text('client_address'),
    requestId: text('request_id'),
  },
  (table) => [index('audit_log_subject_idx').on(table.subject, table.at)],
);
