import type { Withdrawal } from '@contract/draw';
import type { Locale } from '@contract/locales';
import type { Database } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import { withdrawals } from '@server/db/schema/draw';
import { onePage, type PageQuery } from '@server/shared/paging';
import { periodBounds } from '@server/shared/period-bounds';
import { asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { bankNameIn } from '../bank/banks';
import { maskedNumber } from '../bank/service';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export function withdrawalView(row: WithdrawalRow, locale: Locale): Withdrawal {
  return {
    method: 'bank',
    orderSn: row.orderSn,
    amount: row.amount,
    fee: row.fee,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    failureReason: row.failureReason,
    bankCard: {
      id: row.bankCardId,
      bankName: bankNameIn(row.bankCode, locale),
      maskedCardNumber: maskedNumber(row.accountNumber),
    },
  };
}

export function withdrawalConditions(filters: {
  period?: { from: string; to: string } | undefined;
  status?: string | undefined;
}): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(withdrawals.status, filters.status as WithdrawalRow['status']));
  if (filters.period) {
    const { from, to } = periodBounds(filters.period);
    conditions.push(gte(withdrawals.createdAt, from), lt(withdrawals.createdAt, to));
  }
  return conditions;
}

/** The player's bank withdrawals, newest first. Crypto withdrawals are kept by the crypto module. */

/** One page of bank withdrawals with their players: the desk's queue oldest first, an agent's team newest first. */
export function withdrawalsWithPlayers(
  db: Database,
  page: PageQuery,
  where: SQL | undefined,
  order: 'oldestFirst' | 'newestFirst',
) {
  const by = order === 'oldestFirst' ? asc : desc;
  return onePage(
    page,
    db
      .select({ withdrawal: withdrawals, user: users })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(by(withdrawals.createdAt), by(withdrawals.id)),
    db.select({ total: count() }).from(withdrawals).innerJoin(users, eq(users.id, withdrawals.userId)).where(where),
  );
}
