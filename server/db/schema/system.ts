import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Per-deployment secrets shared by every API process (XSRF signing, ...), created on first start. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The SQL functions' sources as last applied here (server/db/sql-functions.ts): each file's SHA-256,
 * the catalog row it left, and the last migration there was when that row was last compared with
 * the catalog, so that a start applies only what changed.
 */
export const sqlFunctionSources = pgTable('sql_function_sources', {
  name: text('name').primaryKey(),
  sourceSha256: text('source_sha256').notNull(),
  catalogRows: text('catalog_rows').notNull(),
  checkedAfterMigration: text('checked_after_migration').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
});
