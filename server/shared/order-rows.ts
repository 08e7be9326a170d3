import type { DateRange } from '@contract/endpoint';
import type { Database } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import type { withdrawals } from '@server/db/schema/draw';
import type { depositOrders } from '@server/db/schema/pay';
import { onePage, type PageableRows, type PageQuery } from '@server/shared/paging';
import { periodBounds } from '@server/shared/period-bounds';
import { asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';

/** The tables of players' money orders: each row has its player, a status and its creation time. */
type OrderTable = typeof depositOrders | typeof withdrawals;

/** The record searches' filters on an order table: its status, and the days it was created on. */
export function orderConditions<TTable extends OrderTable>(
  table: TTable,
  filters: { period?: DateRange | undefined; status?: TTable['$inferSelect']['status'] | undefined },
): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(table.status, filters.status));
  if (filters.period) {
    const { from, to } = periodBounds(filters.period);
    conditions.push(gte(table.createdAt, from), lt(table.createdAt, to));
  }
  return conditions;
}

/** An order table's rows with their players, ordered, not yet paged: the desk's queue oldest first, an agent's team newest first. */
export function orderRowsWithPlayers<TTable extends OrderTable>(
  db: Database,
  table: TTable,
  where: SQL | undefined,
  order: 'oldestFirst' | 'newestFirst',
): PageableRows<{ order: TTable['$inferSelect']; user: typeof users.$inferSelect }> {
  const by = order === 'oldestFirst' ? asc : desc;
  // Drizzle types a select over either table as either row; each call reads the one table it names.
  return db
    .select({ order: table as OrderTable, user: users })
    .from(table as OrderTable)
    .innerJoin(users, eq(users.id, table.userId))
    .where(where)
    .orderBy(by(table.createdAt), by(table.id));
}

/** One page of an order table's rows with their players, and the count of all matching rows. */
export function ordersWithPlayers<TTable extends OrderTable>(
  db: Database,
  table: TTable,
  page: PageQuery,
  where: SQL | undefined,
  order: 'oldestFirst' | 'newestFirst',
): Promise<{ list: { order: TTable['$inferSelect']; user: typeof users.$inferSelect }[]; total: number }> {
  return onePage(
    page,
    orderRowsWithPlayers(db, table, where, order),
    db
      .select({ total: count() })
      .from(table as OrderTable)
      .innerJoin(users, eq(users.id, table.userId))
      .where(where),
  );
}
