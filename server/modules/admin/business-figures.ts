/**
 * What the overview and the reports read from the ledger: the players' coin entries, the transfer
 * kinds that make the business's figures, and the Japan-time day of an instant.
 */
import { recordDayUtcOffsetMs } from '@contract/endpoint';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '@server/db/schema/ledger';
import { coinCurrency } from '@server/shared/player-deps';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, QueryBuilder } from 'drizzle-orm/pg-core';

export const depositKinds = ['deposit', 'depositRefund'] as const;
export const withdrawalKinds = ['withdrawal', 'withdrawalRefund'] as const;
export const gameKinds = ['gameBet', 'gameWin', 'gameRollback'] as const;
export const bonusKinds = ['promotion', 'rebate'] as const;

/**
 * The Japan-time day (YYYY-MM-DD) of an instant column, as the record searches count days. The
 * offset is written into the text, so grouping by the expression matches the one selected.
 */
export const dayOf = (column: SQL | AnyPgColumn) =>
  sql<string>`to_char((${column} at time zone 'UTC') + make_interval(secs => ${sql.raw(String(recordDayUtcOffsetMs / 1000))}), 'YYYY-MM-DD')`;

/**
 * The players' coin entries, each with its player and its transfer's kind and metadata: where the
 * ledger says what players were paid and what they paid. PostgreSQL folds the subquery into each
 * query that reads it, so a condition on `createdAt` still reaches the entries' index.
 */
export const playerCoinEntries = new QueryBuilder()
  .select({
    amount: ledgerEntries.amount,
    createdAt: ledgerEntries.createdAt,
    userId: ledgerAccounts.userId,
    transferId: ledgerTransfers.id,
    kind: ledgerTransfers.kind,
    metadata: ledgerTransfers.metadata,
  })
  .from(ledgerEntries)
  .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
  .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
  .where(and(eq(ledgerAccounts.kind, 'player'), eq(ledgerAccounts.currency, coinCurrency)))
  .as('player_coin_entries');
