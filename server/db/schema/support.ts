import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { locales } from '../../../contract/locales';
import { users } from './auth';
import type { LocalisedText } from './content';

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The companion app's links and the support channels, as the operator set them on the desk
 * (docs/requirements.md §15): one row, absent until first saved. A null field is not shown.
 */
export const supportSettings = pgTable(
  'support_settings',
  {
    id: integer('id').primaryKey().default(1),
    appStoreUrl: text('app_store_url'),
    googlePlayUrl: text('google_play_url'),
    directDownloadUrl: text('direct_download_url'),
    email: text('email'),
    lineId: text('line_id'),
    lineUrl: text('line_url'),
    /** Opening hours per language; readers fall back to ja-JP. */
    hours: jsonb('hours').$type<LocalisedText>().notNull().default({}),
    updatedAt: instant('updated_at').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
  },
  () => [check('support_settings_one_row', sql`id = 1`)],
);

/**
 * Messages sent with the contact form. A signed-in player's message keeps the account (the reply
 * becomes a station letter); a visitor's keeps a name and e-mail address (the reply is mailed).
 * One reply per message, kept with it.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    name: text('name').notNull(),
    email: text('email'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    locale: text('locale', { enum: locales }).notNull(),
    sentAt: instant('sent_at').notNull(),
    readAt: instant('read_at'),
    reply: text('reply'),
    repliedAt: instant('replied_at'),
    repliedBy: integer('replied_by').references(() => users.id),
  },
  (table) => [
    index('support_messages_sent_idx').on(table.sentAt),
    check('support_messages_sender', sql`${table.userId} is not null or ${table.email} is not null`),
  ],
);
