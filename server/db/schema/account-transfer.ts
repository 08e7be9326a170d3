import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { ledgerTransfers } from './ledger';

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The old platform's accounts as the operator imported them from its export (the embedded old
 * platform, docs/requirements.md §17.3). The name is kept as given and matched without regard to
 * case; the password hash is kept as exported and only ever verified.
 */
export const legacyAccounts = pgTable(
  'legacy_accounts',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull(),
    passwordHash: text('password_hash').notNull(),
    email: text('email').notNull(),
    /** Digits only. */
    cardNumbers: text('card_numbers').array().notNull(),
    /** Yen. */
    balance: bigint('balance', { mode: 'bigint' }).notNull(),
    importedAt: instant('imported_at').notNull(),
    importedBy: integer('imported_by').references(() => users.id),
  },
  (table) => [
    uniqueIndex('legacy_accounts_account_key').on(sql`lower(${table.account})`),
    check('legacy_accounts_balance', sql`${table.balance} >= 0`),
  ],
);

export const accountTransferSteps = ['started', 'codeSent', 'signedIn', 'completed'] as const;
export type AccountTransferStep = (typeof accountTransferSteps)[number];

/**
 * One player's attempt to move one old account (docs/requirements.md §17): it expires, counts
 * wrong cards, codes and passwords, and once completed names the ledger transfer that moved the
 * balance. The partial unique index lets an old account be completed once, whoever tries.
 */
export const accountTransfers = pgTable(
  'account_transfers',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The old account's name as the old platform spells it. */
    oldAccount: text('old_account').notNull(),
    step: text('step', { enum: accountTransferSteps }).notNull().default('started'),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    wrongCards: integer('wrong_cards').notNull().default(0),
    codeHash: text('code_hash'),
    codeSentAt: instant('code_sent_at'),
    codeExpiresAt: instant('code_expires_at'),
    wrongCodes: integer('wrong_codes').notNull().default(0),
    wrongPasswords: integer('wrong_passwords').notNull().default(0),
    /** Yen, as the old platform answered at sign-in. */
    balance: bigint('balance', { mode: 'bigint' }),
    /** Coins credited. */
    amount: bigint('amount', { mode: 'bigint' }),
    ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    completedAt: instant('completed_at'),
  },
  (table) => [
    uniqueIndex('account_transfers_completed_once')
      .on(sql`lower(${table.oldAccount})`)
      .where(sql`${table.step} = 'completed'`),
    index('account_transfers_created_idx').on(table.createdAt),
    index('account_transfers_user_idx').on(table.userId),
  ],
);
