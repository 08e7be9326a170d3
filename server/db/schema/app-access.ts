import { bigint, boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The account alias the companion app signs in with (docs/requirements.md §14.1): random, unique,
 * and unrelated to the user name or e-mail. A reset replaces the row's alias, so the old one names
 * nobody from then on.
 */
export const appAliases = pgTable('app_aliases', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  alias: text('alias').notNull().unique('app_aliases_alias_unique'),
  createdAt: instant('created_at').notNull(),
});

/**
 * The player's authenticator key (docs/requirements.md §14.2). `last_totp_step` is the 30-second
 * step of the newest code accepted, so no code is accepted twice; `reset_allowed_until` is set by
 * the pay-password confirmation and spent by the reset.
 */
export const appKeys = pgTable('app_keys', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  /** Base32, as the authenticator app receives it in the otpauth:// URL. */
  totpSecret: text('totp_secret').notNull(),
  createdAt: instant('created_at').notNull(),
  boundAt: instant('bound_at'),
  lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
  /** The web sign-in asks for a current code after the password. */
  webSignIn: boolean('web_sign_in').notNull().default(false),
  resetAllowedUntil: instant('reset_allowed_until'),
});

/**
 * One-time codes the app scans to sign in (docs/requirements.md §14.3). Only the SHA-256 of the
 * code is stored. A scan asks to sign in (`requested_at`, with the device's name and the hash of the
 * token only the asking app holds); the player approves or refuses it on the device that shows the
 * code, and only an approved request is exchanged for a session.
 */
export const appLoginCodes = pgTable(
  'app_login_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull().unique('app_login_codes_code_hash_unique'),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    /** When a device asked to sign in with it: one device per code. */
    requestedAt: instant('requested_at'),
    requestDevice: text('request_device'),
    requestTokenHash: text('request_token_hash'),
    approvedAt: instant('approved_at'),
    refusedAt: instant('refused_at'),
    /** When the app exchanged it for a session: a code is exchanged once. */
    exchangedAt: instant('exchanged_at'),
  },
  (table) => [index('app_login_codes_expires_idx').on(table.expiresAt)],
);
