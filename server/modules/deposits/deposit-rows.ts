import type { Locale } from '@contract/locales';
import type { DepositOrder, PaymentInstructions } from '@contract/pay';
import type { Database } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import { depositOrders } from '@server/db/schema/pay';
import { ApiError } from '@server/errors';
import { onePage, type PageQuery } from '@server/shared/paging';
import { periodBounds } from '@server/shared/period-bounds';
import type { PlayerDeps } from '@server/shared/player-deps';
import { asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { channelNameOf } from './channels';

export type DepositOrderRow = typeof depositOrders.$inferSelect;

export function depositOrderView(deps: PlayerDeps, order: DepositOrderRow, locale: Locale): DepositOrder {
  const common = {
    orderSn: order.orderSn,
    channelId: order.channelId,
    channelName: channelNameOf(deps, order.channelId, locale),
    amount: order.amount,
    fee: order.fee,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    currency: 'JPY' as const,
  };
  if (order.mode === 'manual') {
    return { ...common, mode: 'manual', status: order.status as 'inProgress' | 'successful' | 'failed' };
  }
  return {
    ...common,
    mode: 'automatic',
    status: order.status as 'pendingPayment' | 'paymentSuccessful' | 'refundInProcess' | 'refundSuccessful',
  };
}

export function instructionsFor(deps: PlayerDeps, order: DepositOrderRow): PaymentInstructions {
  if (order.mode === 'automatic') {
    if (!order.checkoutUrl) throw new Error(`order ${order.orderSn} has no checkout URL`);
    return { kind: 'redirect', url: order.checkoutUrl };
  }
  const account = deps.settings.receivingAccount;
  if (!account) throw new ApiError(422, 'pay.channelUnavailable');
  return { kind: 'bankTransfer', ...account, transferNote: order.orderSn };
}

/** Asks the provider for the order's checkout page once; a retry of the order asks again (keyed by order number). */

export function depositConditions(filters: {
  period?: { from: string; to: string } | undefined;
  status?: string | undefined;
}): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(depositOrders.status, filters.status as DepositOrderRow['status']));
  if (filters.period) {
    const { from, to } = periodBounds(filters.period);
    conditions.push(gte(depositOrders.createdAt, from), lt(depositOrders.createdAt, to));
  }
  return conditions;
}

/** The player's yen deposits, newest first. Crypto deposits are kept by the crypto module. */

/** One page of deposit orders with their players: the desk's queue oldest first, an agent's team newest first. */
export function depositOrdersWithPlayers(
  db: Database,
  page: PageQuery,
  where: SQL | undefined,
  order: 'oldestFirst' | 'newestFirst',
) {
  const by = order === 'oldestFirst' ? asc : desc;
  return onePage(
    page,
    db
      .select({ order: depositOrders, user: users })
      .from(depositOrders)
      .innerJoin(users, eq(users.id, depositOrders.userId))
      .where(where)
      .orderBy(by(depositOrders.createdAt), by(depositOrders.id)),
    db.select({ total: count() }).from(depositOrders).innerJoin(users, eq(users.id, depositOrders.userId)).where(where),
  );
}
