import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { kycSubmissionStatuses } from '../../../contract/kyc';
import { users } from './auth';

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Identity photos sent for review. The photos themselves are in file storage under the keys here.
 * A player has at most one submission that is waiting or approved; after a rejection they may
 * submit again, and the rejected rows stay as history.
 */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: kycSubmissionStatuses }).notNull(),
    frontKey: text('front_key').notNull(),
    backKey: text('back_key').notNull(),
    handheldKey: text('handheld_key').notNull(),
    submittedAt: instant('submitted_at').notNull(),
    reviewedAt: instant('reviewed_at'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    rejectReason: text('reject_reason'),
    reviewRemark: text('review_remark'),
  },
  (table) => [
    index('kyc_submissions_user_idx').on(table.userId, table.id),
    index('kyc_submissions_queue_idx').on(table.status, table.submittedAt),
    uniqueIndex('kyc_submissions_one_open_unique')
      .on(table.userId)
      .where(sql`${table.status} IN ('pendingReview', 'approved')`),
    check(
      'kyc_submissions_reviewed',
      sql`(${table.status} = 'pendingReview') = (${table.reviewedAt} IS NULL) AND (${table.status} = 'rejected') = (${table.rejectReason} IS NOT NULL)`,
    ),
  ],
);
