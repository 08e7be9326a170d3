import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// Relative, not the alias: drizzle-kit reads these files on its own.
import { gameKinds, gameVolatilities } from '../../../contract/content';
import { users } from './auth';
import type { LocalisedText } from './content';

const instant = (name: string) => timestamp(name, { withTimezone: true });

/** A list of values as SQL literals, for a check that keeps a column to the contract's list. */
const literals = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * Game providers that call our seamless wallet (docs/architecture.md "Game wallet"). Rows are
 * upserted at start from GAME_PROVIDERS and the embedded studio; a request is trusted only with a
 * signature that this row's public key verifies.
 */
export const gameProviders = pgTable(
  'game_providers',
  {
    /** Lower-case letters and digits: it names the wallet's URL and the provider's house account. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Where a launch sends the player (the launch token, machine and language are added). */
    baseUrl: text('base_url').notNull(),
    publicKeyPem: text('public_key_pem').notNull(),
    /** The currency code the provider sends; anything else is RS_ERROR_WRONG_CURRENCY. */
    currency: text('currency').notNull(),
    /** Protocol amount units per game coin (Hub88 sends amounts times 100000). */
    amountUnit: integer('amount_unit').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [
    check('game_providers_id_format', sql`${table.id} ~ '^[a-z][a-z0-9]{1,30}$'`),
    check('game_providers_amount_unit', sql`${table.amountUnit} >= 1`),
  ],
);

export const providerGameKinds = gameKinds;
export const providerGameVolatilities = gameVolatilities;

/** The 設定 a pachislot machine starts at until an operator sets another on the desk. */
export const defaultMachineSetting = 1;
export const machineSettingRange = { min: 1, max: 6 } as const;

/** A game a provider serves, by the provider's game_code. */
export const providerGames = pgTable(
  'provider_games',
  {
    id: serial('id').primaryKey(),
    providerId: text('provider_id')
      .notNull()
      .references(() => gameProviders.id),
    gameCode: text('game_code').notNull(),
    kind: text('kind', { enum: providerGameKinds }).notNull(),
    name: jsonb('name').$type<LocalisedText>().notNull(),
    /** The return to player the provider states, in basis points (9650 = 96.5 %). */
    rtpBasisPoints: integer('rtp_basis_points'),
    /** The volatility the provider states; null when not stated (third parties may leave it out). */
    volatility: text('volatility', { enum: providerGameVolatilities }),
    /** The game's picture: a path under the site or the provider's URL; null shows the kind's picture. */
    imageUrl: text('image_url'),
    enabled: boolean('enabled').notNull(),
    /** When the game first came to the hall: "newest" sorts by it. */
    addedAt: instant('added_at').notNull().defaultNow(),
    /**
     * The operator's choice from the desk, null until one is made: it wins over the configuration's
     * `enabled` when the providers are upserted at start, so a restart never undoes it.
     */
    operatorEnabled: boolean('operator_enabled'),
  },
  (table) => [
    unique('provider_games_code_unique').on(table.providerId, table.gameCode),
    check('provider_games_kind', sql`${table.kind} IN (${literals(providerGameKinds)})`),
    check(
      'provider_games_volatility',
      sql`${table.volatility} IS NULL OR ${table.volatility} IN (${literals(providerGameVolatilities)})`,
    ),
  ],
);

/** A machine (台) of a game: the seat a player takes in the hall. */
export const gameMachines = pgTable(
  'game_machines',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => providerGames.id),
    number: integer('number').notNull(),
    enabled: boolean('enabled').notNull(),
    /**
     * A pachislot machine's 設定 (1–6), which an operator sets on the desk and the provider learns
     * from the wallet's answer when a session opens; never shown to players. Other kinds keep the default.
     */
    setting: smallint('setting').notNull().default(defaultMachineSetting),
  },
  (table) => [
    unique('game_machines_number_unique').on(table.gameId, table.number),
    check('game_machines_number_positive', sql`${table.number} >= 1`),
    check(
      'game_machines_setting',
      sql`${table.setting} BETWEEN ${sql.raw(String(machineSettingRange.min))} AND ${sql.raw(String(machineSettingRange.max))}`,
    ),
  ],
);

/**
 * Who sits at which machine. The two unique constraints are the rule itself, whatever process
 * writes: a player holds at most one machine, a machine has at most one player.
 */
export const gameSeats = pgTable(
  'game_seats',
  {
    id: serial('id').primaryKey(),
    machineId: integer('machine_id')
      .notNull()
      .references(() => gameMachines.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    takenAt: instant('taken_at').notNull(),
    lastActiveAt: instant('last_active_at').notNull(),
  },
  (table) => [
    unique('game_seats_machine_unique').on(table.machineId),
    unique('game_seats_user_unique').on(table.userId),
    index('game_seats_idle_idx').on(table.lastActiveAt),
  ],
);

/** Single-use launch tokens, kept only as their SHA-256, bound to a player, a machine and its game. */
export const gameLaunchTokens = pgTable(
  'game_launch_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    machineId: integer('machine_id')
      .notNull()
      .references(() => gameMachines.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => providerGames.id),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    redeemedAt: instant('redeemed_at'),
  },
  // Each launch removes the player's tokens not yet redeemed; redeemed ones stay with their sessions.
  (table) => [index('game_launch_tokens_unredeemed_idx').on(table.userId).where(sql`${table.redeemedAt} IS NULL`)],
);

/**
 * A game session: what a redeemed launch token becomes. The provider sends its token (kept here
 * only as a SHA-256) on every wallet call. Bets need it open and unexpired; wins and rollbacks
 * only need it to exist.
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    launchTokenHash: text('launch_token_hash').notNull(),
    providerId: text('provider_id')
      .notNull()
      .references(() => gameProviders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => providerGames.id),
    machineId: integer('machine_id')
      .notNull()
      .references(() => gameMachines.id),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    /** Set when the seat is left or taken elsewhere: no more bets. */
    closedAt: instant('closed_at'),
  },
  (table) => [
    unique('game_sessions_token_unique').on(table.tokenHash),
    unique('game_sessions_launch_unique').on(table.launchTokenHash),
    index('game_sessions_machine_idx').on(table.userId, table.machineId),
  ],
);

/**
 * Each wallet request's answer by its request_uuid, so a repeated request gets the same answer, and
 * the SHA-256 of its body, so the same request_uuid with another body is refused rather than
 * answered (null on requests stored before the hash was kept).
 */
export const walletRequests = pgTable(
  'wallet_requests',
  {
    providerId: text('provider_id')
      .notNull()
      .references(() => gameProviders.id),
    requestUuid: text('request_uuid').notNull(),
    action: text('action').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    bodyHash: text('body_hash'),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [primaryKey({ name: 'wallet_requests_pk', columns: [table.providerId, table.requestUuid] })],
);

export const walletTransactionKinds = ['bet', 'win', 'rollback', 'tombstone'] as const;
export type WalletTransactionKind = (typeof walletTransactionKinds)[number];

/**
 * Every bet, win and rollback by the provider's transaction_uuid, processed at most once. A
 * 'tombstone' is the uuid of a bet rolled back before we saw it: the late bet finds it and is
 * refused. Amounts are in game coins; a rollback's is what it gave back (0 when it undid nothing).
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    providerId: text('provider_id')
      .notNull()
      .references(() => gameProviders.id),
    transactionUuid: text('transaction_uuid').notNull(),
    kind: text('kind', { enum: walletTransactionKinds }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    gameId: integer('game_id').references(() => providerGames.id),
    machineId: integer('machine_id').references(() => gameMachines.id),
    round: text('round'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    referenceTransactionUuid: text('reference_transaction_uuid'),
    /** The request that booked it (null on rows from before it was kept, and on tombstones). */
    requestUuid: text('request_uuid'),
    /**
     * The request's `meta` object as the provider sent it (the studio's provable-fairness data: server
     * seed hash, client seed, nonce), for the desk; null when absent or not storable.
     */
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }),
    /**
     * The player's open bonus when it was booked, and the coins of it from that bonus: of a bet, the
     * stake the bonus paid (the part the player's coins did not cover); of a win, the share paid back
     * into the bonus (the win in the proportion the bonus paid of its bet).
     */
    bonusId: integer('bonus_id'),
    bonusAmount: bigint('bonus_amount', { mode: 'number' }).notNull().default(0),
    /** Set once on a bet or win that a rollback undid. */
    rolledBackAt: instant('rolled_back_at'),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    unique('wallet_transactions_uuid_unique').on(table.providerId, table.transactionUuid),
    // One rollback per transaction, however many rollback requests name it.
    uniqueIndex('wallet_transactions_one_rollback')
      .on(table.providerId, table.referenceTransactionUuid)
      .where(sql`${table.kind} = 'rollback'`),
    check('wallet_transactions_amount', sql`${table.amount} >= 0`),
  ],
);
