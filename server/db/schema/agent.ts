import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
