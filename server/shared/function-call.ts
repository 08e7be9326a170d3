import { type Database, plainRows } from '@server/db/client';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The row a SQL function of the auth migrations returns (`select * from <call>`), whatever the
 * driver. Its values are plain: integers, booleans, text, and instants as epoch milliseconds.
 */
export async function functionRow<T>(db: Database, call: SQL): Promise<T> {
  const [row] = await plainRows<T>(db, sql`select * from ${call}`);
  if (!row) throw new Error('an auth function returned no row');
  return row;
}

/** An instant as the functions take it. */
export const instant = (date: Date) => sql`${date.toISOString()}::timestamptz`;
