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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { agentApplicationStatuses } from '../../../contract/agent';
import { users } from './auth';

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Players asking to become agents. A player has at most one application waiting for review; after
 * a rejection they may apply again, and the reviewed rows stay as history.
 */
export const agentApplications = pgTable(
  'agent_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: agentApplicationStatuses }).notNull(),
    remark: text('remark'),
    submittedAt: instant('submitted_at').notNull(),
    reviewedAt: instant('reviewed_at'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewRemark: text('review_remark'),
    rejectReason: text('reject_reason'),
  },
  (table) => [
    index('agent_applications_user_idx').on(table.userId, table.id),
    index('agent_applications_queue_idx').on(table.status, table.submittedAt),
    uniqueIndex('agent_applications_one_open_unique').on(table.userId).where(sql`${table.status} = 'pendingReview'`),
    check(
      'agent_applications_reviewed',
      sql`(${table.status} = 'pendingReview') = (${table.reviewedAt} IS NULL) AND (${table.status} = 'rejected') = (${table.rejectReason} IS NOT NULL)`,
    ),
  ],
);

/**
 * The terms of an agent, one row per player who became an agent by an approved application.
 * `users.is_agent` and `users.referral_code` stay where sessions and sign-up read them.
 */
export const agentTerms = pgTable(
  'agent_terms',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    /** The agent's rebate rate; 100 = 1 %. */
    rebateBasisPoints: integer('rebate_basis_points').notNull().default(0),
    applicationId: integer('application_id').references(() => agentApplications.id),
    since: instant('since').notNull(),
  },
  (table) => [check('agent_terms_rebate_range', sql`${table.rebateBasisPoints} BETWEEN 0 AND 10000`)],
);

/**
 * Each agent team's totals per Japanese calendar day, kept by triggers in the same transaction as
 * the rows they count (docs/architecture.md §9, `agent_team_days_*`), so a team report over a period
 * reads a few rows a day instead of every movement of every member. Keyed by the members' agent
 * code, the link that defines a team and never changes. `item` is a counted ledger kind with the
 * side of the member's entry (`deposit+`, `withdrawal-`), `rounds` and `wins` of the game records,
 * or `depositOrder:<status>` and `withdrawal:<status>` of the money orders. A team's writes spread
 * over `shard` (the member's id modulo 16), so members playing at once rarely wait for one row.
 */
export const agentTeamDays = pgTable(
  'agent_team_days',
  {
    agentCode: text('agent_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    item: text('item').notNull(),
    shard: smallint('shard').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.agentCode, table.day, table.item, table.shard] })],
);

/**
 * What an agent may take back from a direct member (docs/requirements.md §12.11): the coins the
 * agent gave that the member has neither spent nor had taken back, as of the member's ledger entry
 * `counted_through_entry_id`. The member's spending uses the agent's coins first, so each debit of
 * the member's coins after that entry lowers it (never below zero) and nothing else raises it; those
 * debits are counted when it is read (agent_given_unspent), and the row is written only by the
 * agent's moves, in their own statement (agent_member_move). No foreign keys, as in the ledger.
 */
export const agentGivenCoins = pgTable(
  'agent_given_coins',
  {
    agentId: integer('agent_id').notNull(),
    memberUserId: integer('member_user_id').notNull(),
    unspent: bigint('unspent', { mode: 'bigint' }).notNull(),
    countedThroughEntryId: bigint('counted_through_entry_id', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.agentId, table.memberUserId] }),
    check('agent_given_coins_unspent_not_negative', sql`${table.unspent} >= 0`),
  ],
);

/**
 * An agent's commission for one Japanese calendar day: what the day's settlement counted (the
 * team's members who bet, their valid bets: bets less the bets rolled back), the rate it applied
 * and what it paid through the ledger (`transfer_id`, none when the amount is 0). One row per agent
 * and day, written in the transaction of its payment, so a settlement run again pays nothing twice.
 */
export const agentCommissions = pgTable(
  'agent_commissions',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    members: integer('members').notNull(),
    validBets: bigint('valid_bets', { mode: 'number' }).notNull(),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }),
    settledAt: instant('settled_at').notNull(),
  },
  (table) => [
    uniqueIndex('agent_commissions_agent_day_unique').on(table.agentId, table.day),
    check('agent_commissions_amounts', sql`${table.validBets} >= 0 AND ${table.amount} >= 0 AND ${table.members} >= 0`),
    check('agent_commissions_paid', sql`(${table.amount} = 0) = (${table.transferId} IS NULL)`),
  ],
);
