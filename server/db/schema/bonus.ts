import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { type BonusTerms, bonusStatuses } from '../../../contract/bonus';
import { users } from './auth';
import { promotions } from './content';

const instant = (name: string) => timestamp(name, { withTimezone: true });

/** The bonus a promotion offers, as the desk configured it (no row: the promotion offers none). */
export const bonusOffers = pgTable('bonus_offers', {
  promotionId: integer('promotion_id')
    .primaryKey()
    .references(() => promotions.id),
  terms: jsonb('terms').$type<BonusTerms>().notNull(),
  updatedAt: instant('updated_at').notNull(),
});

/**
 * A player's bonus from claim to its end. The bonus's coins are in the player's ledger account of
 * the bonus currency; this row keeps its wagering beside them, with the terms as they were when
 * claimed (a later desk edit does not change a running bonus). A player has one open bonus at a
 * time, so every bet knows which bonus it wagers.
 */
export const playerBonuses = pgTable(
  'player_bonuses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    terms: jsonb('terms').$type<BonusTerms>().notNull(),
    status: text('status', { enum: bonusStatuses }).notNull(),
    granted: bigint('granted', { mode: 'number' }).notNull().default(0),
    wageringRequired: bigint('wagering_required', { mode: 'number' }).notNull().default(0),
    wagered: bigint('wagered', { mode: 'number' }).notNull().default(0),
    released: bigint('released', { mode: 'number' }).notNull().default(0),
    forfeited: bigint('forfeited', { mode: 'number' }).notNull().default(0),
    /** The deposit a deposit match was granted on. */
    depositOrderSn: text('deposit_order_sn'),
    claimedAt: instant('claimed_at').notNull(),
    grantedAt: instant('granted_at'),
    expiresAt: instant('expires_at'),
    settledAt: instant('settled_at'),
  },
  (table) => [
    uniqueIndex('player_bonuses_one_open')
      .on(table.userId)
      .where(sql`${table.status} in ('awaitingDeposit', 'active')`),
    index('player_bonuses_by_player').on(table.userId, table.id),
    index('player_bonuses_to_expire').on(table.expiresAt).where(sql`${table.status} = 'active'`),
    check(
      'player_bonuses_amounts',
      sql`${table.granted} >= 0 and ${table.wagered} >= 0 and ${table.released} >= 0 and ${table.forfeited} >= 0`,
    ),
  ],
);
