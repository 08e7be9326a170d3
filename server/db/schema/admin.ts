import type { OperatorRole } from '@contract/admin-roles';
import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The second factor of operators: one TOTP secret per operator account. `last_totp_step` is the
 * 30-second step of the newest code accepted, so a code (or an older one) is never accepted twice.
 */
export const operatorCredentials = pgTable('operator_credentials', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  /** Base32, as the authenticator app receives it in the otpauth:// URL. */
  totpSecret: text('totp_secret').notNull(),
  lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
  /** What the operator may do on the desk (contract/admin-roles.ts); the first operator administers. */
  roles: text('roles').array().$type<OperatorRole[]>().notNull().default(['administrator']),
  createdAt: instant('created_at').notNull(),
});
