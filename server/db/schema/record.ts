import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { gameMachines, gameProviders, providerGames } from './hall';

/**
 * One game round of a player, in game coins: the rounds table. The wallet writes one row per
 * (provider, player, round) and adds every bet and win of the round to it in the transaction that moves
 * the coins (a rollback takes its amount back out). `game_name` and `machine_id` are kept as
 * written when the round began; the game's own row gives its name in the reader's language.
 */
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
    /** The wallet's rounds: provider, its round id, game and machine (null on rows from before the wallet). */
    providerId: text('provider_id').references(() => gameProviders.id),
    round: text('round'),
    gameId: integer('game_id').references(() => providerGames.id),
    gameMachineId: integer('game_machine_id').references(() => gameMachines.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    /**
     * What the provider reported happened in the round (docs/architecture.md §11, `events`), summed
     * over its bets and wins: pachislot games, BIG and REG bonuses, pachinko jackpots and rushes.
     * The hall's data counter reads them; 0 where nothing was reported.
     */
    games: integer('games').notNull().default(0),
    bigBonuses: integer('big_bonuses').notNull().default(0),
    regBonuses: integer('reg_bonuses').notNull().default(0),
    jackpots: integer('jackpots').notNull().default(0),
    rushes: integer('rushes').notNull().default(0),
  },
  (table) => [
    index('game_records_user_idx').on(table.userId, table.playedAt),
    // The desk's rounds and daily profit read the wallet's rounds by when they were played.
    index('game_records_played_idx').on(table.playedAt),
    // Rows from before the wallet have no provider; NULLs never collide. A round id is the provider's
    // and may be shared by several players (a live table's round), so each player has a row of their own.
    unique('game_records_player_round_unique').on(table.providerId, table.userId, table.round),
    // The hall's data counter (docs/requirements.md §10.8) reads a machine's paid rounds newest first,
    // and its big wins and jackpots, which are few: partial indexes keep those reads short. The
    // multipliers are contract/hall.ts's bigWinMultiplier and jackpotMultiplier.
    index('game_records_machine_paid_idx')
      .on(table.gameMachineId, table.playedAt, table.id)
      .where(sql`${table.betAmount} > 0`),
    index('game_records_machine_big_win_idx')
      .on(table.gameMachineId, table.playedAt, table.id)
      .where(sql`${table.betAmount} > 0 AND ${table.winAmount} >= 20 * ${table.betAmount}`),
    index('game_records_machine_jackpot_idx')
      .on(table.gameMachineId, table.playedAt, table.id)
      .where(sql`${table.betAmount} > 0 AND ${table.winAmount} >= 100 * ${table.betAmount}`),
    // A pachislot machine's latest bonuses, which are few beside its games.
    index('game_records_machine_bonus_idx')
      .on(table.gameMachineId, table.playedAt, table.id)
      .where(sql`${table.betAmount} > 0 AND (${table.bigBonuses} > 0 OR ${table.regBonuses} > 0)`),
    check(
      'game_records_events',
      sql`${table.games} >= 0 AND ${table.bigBonuses} >= 0 AND ${table.regBonuses} >= 0 AND ${table.jackpots} >= 0 AND ${table.rushes} >= 0`,
    ),
  ],
);
