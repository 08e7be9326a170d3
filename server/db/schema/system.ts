import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Per-deployment secrets shared by every API process (XSRF signing, ...), created on first start. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
