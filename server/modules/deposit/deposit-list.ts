import type { DepositMode, DepositOrder } from '@contract/deposit';
import type { DateRange } from '@contract/endpoint';
import type { Locale } from '@contract/locales';
import type { CryptoDepositStatus, DepositStatus, ManualStatus, PaymentStatus } from '@contract/money';
import type { Database } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import { cryptoDeposits } from '@server/db/schema/crypto';
import { depositOrders } from '@server/db/schema/deposit';
import type { StatusTotals } from '@server/shared/order-rows';
import type { PageableRows } from '@server/shared/paging';
import { periodBounds } from '@server/shared/period-bounds';
import type { PlayerDeps } from '@server/shared/player-deps';
import { asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { channelNameOf } from './channels';

/*
 * A player's deposits are yen orders (deposit_orders) and crypto deposits seen on chain
 * (crypto_deposits). The deposits list reads both as one table, a UNION ALL of the two with the same
 * columns, so one query pages them newest first and one query totals every row the filters match.
 */

/** Which table a row of the union comes from: with the id it names one deposit, so paging never repeats a row. */
type DepositSource = 'fiat' | 'crypto';

/**
 * Both halves name their columns alike and decode them alike, so the union reads the same on every
 * driver; the names say `deposit_`, as the union's columns are not qualified beside the players'.
 */
function fiatRows(db: Database) {
  return db
    .select({
      source: sql<DepositSource>`'fiat'`.as('deposit_source'),
      id: sql<number>`${depositOrders.id}`.mapWith(Number).as('deposit_id'),
      orderSn: sql<string>`${depositOrders.orderSn}`.as('deposit_order_sn'),
      userId: sql<number>`${depositOrders.userId}`.mapWith(Number).as('deposit_user_id'),
      mode: sql<DepositMode>`${depositOrders.mode}`.as('deposit_mode'),
      channelId: sql<string>`${depositOrders.channelId}`.as('deposit_channel_id'),
      status: sql<DepositStatus>`${depositOrders.status}`.as('deposit_status'),
      amount: sql<number>`${depositOrders.amount}`.mapWith(Number).as('deposit_amount'),
      fee: sql<number>`${depositOrders.fee}`.mapWith(Number).as('deposit_fee'),
      createdAt: sql<Date>`${depositOrders.createdAt}`.mapWith(depositOrders.createdAt).as('deposit_created_at'),
      settledAt: sql<Date | null>`${depositOrders.paidAt}`.mapWith(depositOrders.paidAt).as('deposit_settled_at'),
      failureReason: sql<string | null>`${depositOrders.failureReason}`.as('deposit_failure_reason'),
      coin: sql<string | null>`null::text`.as('deposit_coin'),
      network: sql<string | null>`null::text`.as('deposit_network'),
      cryptoAmount: sql<string | null>`null::text`.as('deposit_crypto_amount'),
      address: sql<string | null>`null::text`.as('deposit_address'),
      txHash: sql<string | null>`null::text`.as('deposit_tx_hash'),
      damageRateBasisPoints: sql<number | null>`null::integer`.mapWith(Number).as('deposit_damage_rate_basis_points'),
    })
    .from(depositOrders);
}

function cryptoRows(db: Database) {
  return db
    .select({
      source: sql<DepositSource>`'crypto'`.as('deposit_source'),
      id: sql<number>`${cryptoDeposits.id}`.mapWith(Number).as('deposit_id'),
      orderSn: sql<string>`${cryptoDeposits.orderSn}`.as('deposit_order_sn'),
      userId: sql<number>`${cryptoDeposits.userId}`.mapWith(Number).as('deposit_user_id'),
      mode: sql<DepositMode>`'crypto'`.as('deposit_mode'),
      channelId: sql<string>`${cryptoDeposits.coin} || ':' || ${cryptoDeposits.network}`.as('deposit_channel_id'),
      status: sql<DepositStatus>`${cryptoDeposits.status}`.as('deposit_status'),
      amount: sql<number>`${cryptoDeposits.coins}`.mapWith(Number).as('deposit_amount'),
      fee: sql<number>`0::bigint`.mapWith(Number).as('deposit_fee'),
      createdAt: sql<Date>`${cryptoDeposits.createdAt}`.mapWith(cryptoDeposits.createdAt).as('deposit_created_at'),
      settledAt: sql<Date | null>`${cryptoDeposits.creditedAt}`
        .mapWith(cryptoDeposits.creditedAt)
        .as('deposit_settled_at'),
      failureReason: sql<string | null>`null::text`.as('deposit_failure_reason'),
      coin: sql<string | null>`${cryptoDeposits.coin}`.as('deposit_coin'),
      network: sql<string | null>`${cryptoDeposits.network}`.as('deposit_network'),
      cryptoAmount: sql<string | null>`${cryptoDeposits.cryptoAmount}::text`.as('deposit_crypto_amount'),
      address: sql<string | null>`${cryptoDeposits.address}`.as('deposit_address'),
      txHash: sql<string | null>`${cryptoDeposits.txHash}`.as('deposit_tx_hash'),
      damageRateBasisPoints: sql<number | null>`${cryptoDeposits.damageRateBasisPoints}`
        .mapWith(Number)
        .as('deposit_damage_rate_basis_points'),
    })
    .from(cryptoDeposits);
}

/** Every deposit, yen and crypto, as one subquery: filter, page and total it like a table. */
export function allDeposits(db: Database) {
  return fiatRows(db).unionAll(cryptoRows(db)).as('deposits');
}
type Deposits = ReturnType<typeof allDeposits>;
export type DepositRow = Deposits['_']['selectedFields'] extends infer Fields
  ? { [K in keyof Fields]: Fields[K] extends SQL.Aliased<infer T> ? T : never }
  : never;

/** The list's filters on the union: the days a deposit was seen or ordered, its status, its mode, yen or crypto only. */
export function depositConditions(
  deposits: Deposits,
  filters: {
    period?: DateRange | undefined;
    status?: DepositStatus | undefined;
    mode?: DepositMode | undefined;
    source?: DepositSource | undefined;
  },
): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(deposits.status, filters.status));
  if (filters.mode) conditions.push(eq(deposits.mode, filters.mode));
  if (filters.source) conditions.push(eq(deposits.source, filters.source));
  if (filters.period) {
    const { from, to } = periodBounds(filters.period);
    conditions.push(gte(deposits.createdAt, from), lt(deposits.createdAt, to));
  }
  return conditions;
}

/**
 * The deposits `where` matches with their players, newest first, not yet paged; rows of one instant
 * by id, then by table (ids of the two tables may meet), so a page's rows are the same on every read.
 * The yen orders' half follows their (created_at, id) index. `where` may name the players' columns.
 */
export function depositRowsWithPlayers(
  db: Database,
  deposits: Deposits,
  where: SQL | undefined,
): PageableRows<{ deposits: DepositRow; users: typeof users.$inferSelect }> {
  return db
    .select()
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(where)
    .orderBy(desc(deposits.createdAt), desc(deposits.id), asc(deposits.source));
}

/** How many deposits `where` matches, and their count and coins by status, over every page. */
export async function depositStatusTotals(
  db: Database,
  deposits: Deposits,
  where: SQL | undefined,
): Promise<StatusTotals[]> {
  return db
    .select({
      status: deposits.status,
      count: count(),
      amount: sql`coalesce(sum(${deposits.amount}), 0)`.mapWith(Number),
    })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(where)
    .groupBy(deposits.status);
}

/** A row of the union as the player sees it in their records (and their agent in the team's). */
export function depositListView(deps: PlayerDeps, row: DepositRow, locale: Locale): DepositOrder {
  const common = {
    orderSn: row.orderSn,
    channelId: row.channelId,
    amount: row.amount,
    fee: row.fee,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.settledAt?.toISOString() ?? null,
    failureReason: row.failureReason,
  };
  if (row.mode === 'crypto') {
    return {
      ...common,
      mode: 'crypto',
      channelName: `${row.coin} · ${row.network}`,
      currency: row.coin ?? '',
      network: row.network ?? '',
      cryptoAmount: row.cryptoAmount ?? '0',
      depositAddress: row.address ?? '',
      txHash: row.txHash,
      damageRateBasisPoints: row.damageRateBasisPoints ?? 0,
      status: row.status as CryptoDepositStatus,
    };
  }
  const channelName = channelNameOf(deps, row.channelId, locale);
  if (row.mode === 'manual') {
    return { ...common, channelName, mode: 'manual', currency: 'JPY', status: row.status as ManualStatus };
  }
  return { ...common, channelName, mode: 'automatic', currency: 'JPY', status: row.status as PaymentStatus };
}
