/**
 * The studio's own tables, in the PostgreSQL schema `studio` (docs/architecture.md §12). The studio
 * shares the product's database connection but never reads or writes the `public` schema: what it
 * knows of players and coins comes from the wallet's signed answers.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { protectionRefusals } from '../../contract/protection';

export const studioSchema = pgSchema('studio');

const instant = (name: string) => timestamp(name, { withTimezone: true });

export const seedStatuses = ['next', 'active', 'retired'] as const;
export type SeedStatus = (typeof seedStatuses)[number];

/**
 * A player's server seeds for one game (docs/games.md §1). Each is committed, its hash shown, before
 * any client seed it is used with is chosen: `next` waits with its hash shown and no client seed;
 * `active` draws the rounds with the client seed the player set last (none until the page sets
 * one); `retired` was active and is revealed. The nonce counts the rounds drawn on the seed; the
 * active row's lock serialises the rounds of one player and game.
 */
export const seeds = studioSchema.table(
  'seeds',
  {
    id: serial('id').primaryKey(),
    /** The wallet's user (`player-<id>`). */
    player: text('player').notNull(),
    gameCode: text('game_code').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    /** The client seed the next round on this seed is drawn with; each round keeps its own. */
    clientSeed: text('client_seed'),
    nextNonce: integer('next_nonce').notNull().default(0),
    status: text('status', { enum: seedStatuses }).notNull(),
    createdAt: instant('created_at').notNull(),
    revealedAt: instant('revealed_at'),
  },
  (table) => [
    uniqueIndex('seeds_one_active').on(table.player, table.gameCode).where(sql`${table.status} = 'active'`),
    uniqueIndex('seeds_one_next').on(table.player, table.gameCode).where(sql`${table.status} = 'next'`),
    check('seeds_status', sql`${table.status} IN ('next', 'active', 'retired')`),
    check('seeds_revealed_when_retired', sql`(${table.status} = 'retired') = (${table.revealedAt} IS NOT NULL)`),
    check(
      'seeds_next_unused',
      sql`${table.status} <> 'next' OR (${table.clientSeed} IS NULL AND ${table.nextNonce} = 0)`,
    ),
    check('seeds_next_nonce', sql`${table.nextNonce} >= 0`),
  ],
);

/** A game page's session: its token (kept as SHA-256) stands for the wallet's game session. */
export const sessions = studioSchema.table(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The wallet's game session token, which every wallet call of this session carries. */
    walletToken: text('wallet_token').notNull(),
    player: text('player').notNull(),
    gameCode: text('game_code').notNull(),
    machine: integer('machine').notNull(),
    /**
     * A pachislot machine's 設定 (1–6) as the wallet's signed answer gave it when the session opened:
     * the session's rounds are drawn at it. Null for other kinds (the wallet sends none).
     */
    machineSetting: integer('machine_setting'),
    currency: text('currency').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (table) => [
    check('sessions_machine_setting', sql`${table.machineSetting} IS NULL OR ${table.machineSetting} BETWEEN 1 AND 6`),
  ],
);

export const roundStatuses = ['betting', 'betPlaced', 'settled', 'rollingBack', 'rolledBack', 'refused'] as const;
export type RoundStatus = (typeof roundStatuses)[number];

/**
 * Why the wallet refused a round's bet: nothing was booked. A disabled account's refusal keeps the
 * player protection's reason when the wallet gave one (a limit, a time-out, an exclusion).
 */
export const refusalReasons = ['notEnoughCoins', 'sessionEnded', 'userDisabled', ...protectionRefusals] as const;
export type RefusalReason = (typeof refusalReasons)[number];

/**
 * One round: drawn before its bet, then booked as bet and win (or rolled back) at the wallet. The
 * uuids of every wallet request are written before the request is sent, so a retry is the same
 * request. Whoever acts on a round holds its lease (owner, until); nobody else acts on it meanwhile.
 */
export const rounds = studioSchema.table(
  'rounds',
  {
    /** Also the wallet's `round`. */
    id: uuid('id').primaryKey(),
    roundKey: uuid('round_key').notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id),
    player: text('player').notNull(),
    gameCode: text('game_code').notNull(),
    machine: integer('machine').notNull(),
    seedId: integer('seed_id')
      .notNull()
      .references(() => seeds.id),
    nonce: integer('nonce').notNull(),
    /** The client seed the round was drawn with: the seed's at the time (the player may change it later). */
    clientSeed: text('client_seed').notNull(),
    stake: integer('stake').notNull(),
    win: integer('win').notNull(),
    drawn: jsonb('drawn').notNull(),
    status: text('status', { enum: roundStatuses }).notNull(),
    refusal: text('refusal', { enum: refusalReasons }),
    /** The player's coins as the wallet's last answer about this round gave them. */
    balance: integer('balance'),
    betRequestUuid: uuid('bet_request_uuid').notNull(),
    betTransactionUuid: uuid('bet_transaction_uuid').notNull(),
    winRequestUuid: uuid('win_request_uuid').notNull(),
    winTransactionUuid: uuid('win_transaction_uuid').notNull(),
    rollbackRequestUuid: uuid('rollback_request_uuid').notNull(),
    rollbackTransactionUuid: uuid('rollback_transaction_uuid').notNull(),
    leaseOwner: uuid('lease_owner'),
    leaseUntil: instant('lease_until'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('rounds_round_key').on(table.player, table.roundKey),
    uniqueIndex('rounds_seed_nonce').on(table.seedId, table.nonce),
    index('rounds_unfinished')
      .on(table.updatedAt)
      .where(sql`${table.status} IN ('betting', 'betPlaced', 'rollingBack')`),
    check(
      'rounds_status',
      sql`${table.status} IN ('betting', 'betPlaced', 'settled', 'rollingBack', 'rolledBack', 'refused')`,
    ),
    check('rounds_refusal', sql`(${table.status} = 'refused') = (${table.refusal} IS NOT NULL)`),
    check('rounds_amounts', sql`${table.stake} > 0 AND ${table.win} >= 0`),
  ],
);

/**
 * A pachislot machine (台) of the studio's: its state (a carried bonus flag, bonus or AT games left)
 * belongs to the machine, not to whoever plays it, and moves only when one of its games settles.
 */
export const pachislotMachines = studioSchema.table(
  'pachislot_machines',
  {
    gameCode: text('game_code').notNull(),
    machine: integer('machine').notNull(),
    state: jsonb('state').notNull(),
    /** The games settled on this machine. */
    games: integer('games').notNull().default(0),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameCode, table.machine] })],
);

export const pachislotGameStatuses = [
  'betting',
  'playing',
  'paying',
  'settled',
  'rollingBack',
  'rolledBack',
  'refused',
] as const;
export type PachislotGameStatus = (typeof pachislotGameStatuses)[number];

/**
 * One pachislot game, played press by press: the lever books the bet and draws the lottery
 * (betting → playing), each stop button stops one reel, the third settles the game (paying) and
 * its win is booked (settled), the machine's state moving on with it. A bet without an answer is
 * rolled back (rollingBack → rolledBack), one the wallet refused is `refused`. The lottery stays
 * here: the page learns only the stops. One game at a time is open on a machine.
 */
export const pachislotGames = studioSchema.table(
  'pachislot_games',
  {
    /** Also the wallet's `round`. */
    id: uuid('id').primaryKey(),
    gameKey: uuid('game_key').notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id),
    player: text('player').notNull(),
    gameCode: text('game_code').notNull(),
    machine: integer('machine').notNull(),
    /** The machine's 設定 the lottery was drawn at; never shown to the player. */
    setting: integer('setting').notNull(),
    seedId: integer('seed_id')
      .notNull()
      .references(() => seeds.id),
    nonce: integer('nonce').notNull(),
    clientSeed: text('client_seed').notNull(),
    stake: integer('stake').notNull(),
    /** The machine's state at the lever. */
    stateBefore: jsonb('state_before').notNull(),
    /** The lever's hidden lottery result (the flag). */
    lottery: jsonb('lottery').notNull(),
    /** Per reel, its press and stop once pressed: `{ pressFrame, stop }` or null. */
    stops: jsonb('stops').notNull(),
    /** Whether the machine pressed the stops left, the game having been left unfinished. */
    autoStopped: boolean('auto_stopped').notNull().default(false),
    win: integer('win').notNull().default(0),
    /** The machine's state after the game, from the third stop on. */
    stateAfter: jsonb('state_after'),
    /** What the page is shown of the settled game (stops, roles, counters). */
    outcome: jsonb('outcome'),
    status: text('status', { enum: pachislotGameStatuses }).notNull(),
    refusal: text('refusal', { enum: refusalReasons }),
    balance: integer('balance'),
    betRequestUuid: uuid('bet_request_uuid').notNull(),
    betTransactionUuid: uuid('bet_transaction_uuid').notNull(),
    winRequestUuid: uuid('win_request_uuid').notNull(),
    winTransactionUuid: uuid('win_transaction_uuid').notNull(),
    rollbackRequestUuid: uuid('rollback_request_uuid').notNull(),
    rollbackTransactionUuid: uuid('rollback_transaction_uuid').notNull(),
    leaseOwner: uuid('lease_owner'),
    leaseUntil: instant('lease_until'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('pachislot_games_game_key').on(table.player, table.gameKey),
    uniqueIndex('pachislot_games_seed_nonce').on(table.seedId, table.nonce),
    // Two windows cannot lever one machine at once: one open game per machine.
    uniqueIndex('pachislot_games_one_open')
      .on(table.gameCode, table.machine)
      .where(sql`${table.status} IN ('betting', 'playing', 'paying', 'rollingBack')`),
    index('pachislot_games_unfinished')
      .on(table.updatedAt)
      .where(sql`${table.status} IN ('betting', 'playing', 'paying', 'rollingBack')`),
    check(
      'pachislot_games_status',
      sql`${table.status} IN ('betting', 'playing', 'paying', 'settled', 'rollingBack', 'rolledBack', 'refused')`,
    ),
    check('pachislot_games_refusal', sql`(${table.status} = 'refused') = (${table.refusal} IS NOT NULL)`),
    check('pachislot_games_amounts', sql`${table.stake} > 0 AND ${table.win} >= 0`),
    check('pachislot_games_setting', sql`${table.setting} BETWEEN 1 AND 6`),
  ],
);
