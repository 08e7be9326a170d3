/** An account's statement: its entries, newest first, each with the balance it left behind. */

import type { Database } from '@server/db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransfers, type TransferMetadata } from '@server/db/schema/ledger';
import { onePage } from '@server/shared/paging';
import { and, count, desc, eq, gt, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type AccountRef, type LedgerAccount, refCondition } from './accounts';

export interface StatementQuery {
  /** From 1. */
  page: number;
  size: number;
  /** Entries at or after this instant. */
  from?: Date;
  /** Entries before this instant. */
  to?: Date;
  kinds?: readonly string[];
  /** Only entries that brought money in (positive) or took it out (negative). */
  direction?: 'in' | 'out';
}

export interface StatementLine {
  entryId: number;
  transferId: number;
  at: Date;
  kind: string;
  /** Positive when money came in, negative when it went out. */
  amount: bigint;
  /** The account's balance right after this entry. */
  balanceAfter: bigint;
  counterparty: { kind: LedgerAccount['kind']; userId: number | null; code: string | null };
  reason: string;
  metadata: TransferMetadata;
}

export interface Statement {
  /** Null when the account has never been used. */
  account: LedgerAccount | null;
  lines: StatementLine[];
  /** Entries matching the query over all pages, and their sums. */
  total: number;
  credited: bigint;
  debited: bigint;
}

/** An account's entries, newest first, each with the balance it left behind. */
export async function accountStatement(
  db: Database,
  account: number | AccountRef,
  query: StatementQuery,
): Promise<Statement> {
  if (!Number.isSafeInteger(query.page) || query.page < 1) throw new Error(`Not a page number: ${query.page}`);
  if (!Number.isSafeInteger(query.size) || query.size < 1 || query.size > 500)
    throw new Error(`Not a page size: ${query.size}`);
  const [found] = await db
    .select()
    .from(ledgerAccounts)
    .where(typeof account === 'number' ? eq(ledgerAccounts.id, account) : refCondition(account));
  if (!found) return { account: null, lines: [], total: 0, credited: 0n, debited: 0n };

  const conditions: SQL[] = [eq(ledgerEntries.accountId, found.id)];
  if (query.from) conditions.push(gte(ledgerEntries.createdAt, query.from));
  if (query.to) conditions.push(lt(ledgerEntries.createdAt, query.to));
  if (query.kinds)
    conditions.push(query.kinds.length > 0 ? inArray(ledgerTransfers.kind, [...query.kinds]) : sql`false`);
  if (query.direction)
    conditions.push(query.direction === 'in' ? gt(ledgerEntries.amount, 0n) : lt(ledgerEntries.amount, 0n));
  const where = and(...conditions);

  const counterparty = alias(ledgerAccounts, 'counterparty');
  const page = await onePage(
    { pageNum: query.page, pageSize: query.size },
    db
      .select({
        entryId: ledgerEntries.id,
        transferId: ledgerEntries.transferId,
        at: ledgerEntries.createdAt,
        kind: ledgerTransfers.kind,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
        counterpartyKind: counterparty.kind,
        counterpartyUserId: counterparty.userId,
        counterpartyCode: counterparty.code,
        reason: ledgerTransfers.reason,
        metadata: ledgerTransfers.metadata,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .innerJoin(
        counterparty,
        or(
          and(
            eq(ledgerTransfers.fromAccountId, ledgerEntries.accountId),
            eq(counterparty.id, ledgerTransfers.toAccountId),
          ),
          and(
            eq(ledgerTransfers.toAccountId, ledgerEntries.accountId),
            eq(counterparty.id, ledgerTransfers.fromAccountId),
          ),
        ),
      )
      .where(where)
      .orderBy(desc(ledgerEntries.id)),
    db
      .select({
        total: count(),
        credited: sql`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0), 0)`.mapWith(
          BigInt,
        ),
        debited: sql`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} < 0), 0)`.mapWith(
          BigInt,
        ),
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(where),
  );

  return {
    account: found,
    lines: page.list.map(({ counterpartyKind, counterpartyUserId, counterpartyCode, ...line }) => ({
      ...line,
      counterparty: { kind: counterpartyKind, userId: counterpartyUserId, code: counterpartyCode },
    })),
    total: page.total,
    credited: page.credited,
    debited: page.debited,
  };
}
