import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** One game round of a player, in game coins, as the game hall reports it. */
export const gameRecords = pgTable(
  'game_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    gameName: text('game_name').notNull(),
    machineId: text('machine_id').notNull(),
    betAmount: bigint('bet_amount', { mode: 'number' }).notNull(),
    winAmount: bigint('win_amount', { mode: 'number' }).notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('game_records_user_idx').on(table.userId, table.playedAt)],
);
