import type { DateRange } from '@contract/endpoint';
import type { Database } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import type { depositOrders } from '@server/db/schema/deposit';
import type { withdrawals } from '@server/db/schema/withdrawal';
import { onePage, type PageableRows, type PageQuery } from '@server/shared/paging';
import { periodBounds } from '@server/shared/period-bounds';
import { asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';

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

export interface StatusTotals {
  status: string;
  count: number;
  amount: number;
}

/** Count and amount of the orders `where` matches (over all pages) by status; `where` may name the players' columns. */
export function statusTotals(db: Database, table: OrderTable, where: SQL | undefined): Promise<StatusTotals[]> {
  return db
    .select({
      status: table.status,
      count: count(),
      amount: sql`coalesce(sum(${table.amount}), 0)`.mapWith(Number),
    })
    .from(table as typeof depositOrders)
    .innerJoin(users, eq(users.id, table.userId))
    .where(where)
    .groupBy(table.status);
}

/** Counts and amounts by status, added up in each status group (a list with no orders has zeros). */
export function groupTotals<TGroup extends string>(
  rows: StatusTotals[],
  groups: Record<TGroup, readonly string[]>,
): Record<TGroup, { count: number; amount: number }> {
  const entries = Object.entries<readonly string[]>(groups).map(([group, statuses]) => {
    const inGroup = rows.filter((row) => statuses.includes(row.status));
    return [
      group,
      {
        count: inGroup.reduce((sum, row) => sum + row.count, 0),
        amount: inGroup.reduce((sum, row) => sum + row.amount, 0),
      },
    ];
  });
  return Object.fromEntries(entries) as Record<TGroup, { count: number; amount: number }>;
}
