import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { blockKinds, familyRelationships, limitKinds, protectionSources } from '../../../contract/protection';
import { familyDeclarationStatuses } from '../../../contract/protection-desk';
import { users } from './auth';

const instant = (name: string) => timestamp(name, { withTimezone: true });
const coins = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * One row per player who played or chose a setting: the reality check, a time-out or exclusion, and
 * what the wallet's bet checks limits against. The bet locks this row first (protection_check_bet),
 * so a player's bets pass the limits one at a time whatever process books them. The play totals are
 * kept for the current play session and the current Japan-time day, week (from Monday) and month by
 * the trigger on game_records; a period that has passed counts as zero.
 */
export const playerProtection = pgTable(
  'player_protection',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    /** null: the reality check is off. */
    realityCheckMinutes: smallint('reality_check_minutes').default(60),
    blockKind: text('block_kind', { enum: blockKinds }),
    blockSetBy: text('block_set_by', { enum: protectionSources }),
    blockStartedAt: instant('block_started_at'),
    /** null with a block: permanent. */
    blockEndsAt: instant('block_ends_at'),
    /** A self-exclusion whose period ended opens 24 hours after this. */
    reopenRequestedAt: instant('reopen_requested_at'),
    sessionStartedAt: instant('session_started_at'),
    lastBetAt: instant('last_bet_at'),
    sessionBets: coins('session_bets'),
    sessionWins: coins('session_wins'),
    dayStart: date('day_start'),
    dayBets: coins('day_bets'),
    dayWins: coins('day_wins'),
    weekStart: date('week_start'),
    weekBets: coins('week_bets'),
    weekWins: coins('week_wins'),
    monthStart: date('month_start'),
    monthBets: coins('month_bets'),
    monthWins: coins('month_wins'),
  },
  (table) => [
    check(
      'player_protection_block',
      sql`(${table.blockKind} IS NULL) = (${table.blockStartedAt} IS NULL) AND (${table.blockKind} IS NULL) = (${table.blockSetBy} IS NULL) AND (${table.blockKind} = 'selfExclusion' OR ${table.blockEndsAt} IS NOT NULL OR ${table.blockKind} IS NULL)`,
    ),
    check('player_protection_reality_check', sql`${table.realityCheckMinutes} IN (15, 30, 60)`),
  ],
);

/**
 * A player's limits: a money limit per period (`day`, `week`, `month`) or the session limit
 * (period `session`, in minutes). `value` is in force until `pending_applies_at`, when
 * `pending_value` takes its place (null: the limit is removed); readers resolve it at their instant,
 * so nothing has to run when a pending change comes due.
 */
export const protectionLimits = pgTable(
  'protection_limits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: limitKinds }).notNull(),
    period: text('period', { enum: ['day', 'week', 'month', 'session'] }).notNull(),
    value: bigint('value', { mode: 'number' }),
    pendingValue: bigint('pending_value', { mode: 'number' }),
    pendingAppliesAt: instant('pending_applies_at'),
    setBy: text('set_by', { enum: protectionSources }).notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind, table.period] }),
    check('protection_limits_period', sql`(${table.kind} = 'session') = (${table.period} = 'session')`),
    check('protection_limits_something', sql`${table.value} IS NOT NULL OR ${table.pendingAppliesAt} IS NOT NULL`),
    check('protection_limits_positive', sql`${table.value} > 0 AND ${table.pendingValue} > 0`),
  ],
);

/** A family member's request for limits on a player, waiting for the desk's review. */
export const familyDeclarations = pgTable(
  'family_declarations',
  {
    id: serial('id').primaryKey(),
    /** The account the declaration names, when one matches. */
    userId: integer('user_id').references(() => users.id),
    playerAccount: text('player_account').notNull(),
    requesterName: text('requester_name').notNull(),
    relationship: text('relationship', { enum: familyRelationships }).notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    depositMonthly: bigint('deposit_monthly', { mode: 'number' }),
    lossMonthly: bigint('loss_monthly', { mode: 'number' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: familyDeclarationStatuses }).notNull(),
    submittedAt: instant('submitted_at').notNull(),
    clientAddress: text('client_address').notNull(),
    reviewedAt: instant('reviewed_at'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewNote: text('review_note'),
  },
  (table) => [
    index('family_declarations_queue_idx').on(table.status, table.submittedAt),
    index('family_declarations_user_idx').on(table.userId),
    check('family_declarations_reviewed', sql`(${table.status} = 'pendingReview') = (${table.reviewedAt} IS NULL)`),
    check('family_declarations_limits', sql`${table.depositMonthly} IS NOT NULL OR ${table.lossMonthly} IS NOT NULL`),
  ],
);
