import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Bank accounts players bind for deposits and withdrawals. Unbinding keeps the row (withdrawals
 * and deposit orders point at it) and sets `unbound_at`. One account may be bound to one player
 * at a time, and each player has at most one default card among the bound ones.
 */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bankCode: text('bank_code').notNull(),
    /** The account (or card) number; only its last four digits ever leave the server. */
    cardNumber: text('card_number').notNull(),
    branchCode: text('branch_code').notNull(),
    branchName: text('branch_name').notNull(),
    holderFirstName: text('holder_first_name').notNull(),
    holderLastName: text('holder_last_name').notNull(),
    holderPinyinName: text('holder_pinyin_name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
    unboundAt: instant('unbound_at'),
  },
  (table) => [
    index('bank_cards_user_idx').on(table.userId, table.id),
    uniqueIndex('bank_cards_bound_account_unique')
      .on(table.bankCode, table.branchCode, table.cardNumber)
      .where(sql`${table.unboundAt} IS NULL`),
    uniqueIndex('bank_cards_one_default_unique')
      .on(table.userId)
      .where(sql`${table.isDefault} AND ${table.unboundAt} IS NULL`),
  ],
);
