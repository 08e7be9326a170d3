import type { LedgerEntry, LedgerEntryKind } from '@contract/ledger';
import type { Database } from '@server/db/client';
import { depositOrders } from '@server/db/schema/deposit';
import { ledgerEntries, ledgerTransfers, type TransferMetadata } from '@server/db/schema/ledger';
import { withdrawals } from '@server/db/schema/withdrawal';
import { pageRows } from '@server/shared/paging';
import { and, count, eq, gte, inArray, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';

/*
 * A player's coin account as the desk reads it: the posted entries, each with the balance after
 * it, and the holds still waiting on the account (a withdrawal under review, a deposit being
 * refunded). A hold has no entry until it is posted; while it waits it is listed with the amount it
 * takes and the balance it leaves untouched. Every line names the order behind it when there is one.
 */

/** Ledger transfer kinds as the desk names them; a kind not listed here shows as an adjustment. */
const entryKindOfTransferKind: Record<string, { posted: LedgerEntryKind; pending: LedgerEntryKind }> = {
  deposit: { posted: 'deposit', pending: 'deposit' },
  depositRefund: { posted: 'deposit', pending: 'deposit' },
  withdrawal: { posted: 'withdrawalPost', pending: 'withdrawalHold' },
  withdrawalRefund: { posted: 'withdrawalVoid', pending: 'withdrawalVoid' },
  agentTransferIn: { posted: 'agentTransferIn', pending: 'agentTransferIn' },
  agentTransferOut: { posted: 'agentTransferOut', pending: 'agentTransferOut' },
  gameBet: { posted: 'gameBet', pending: 'gameBet' },
  gameWin: { posted: 'gameWin', pending: 'gameWin' },
  promotion: { posted: 'promotion', pending: 'promotion' },
  rebate: { posted: 'rebate', pending: 'rebate' },
  migration: { posted: 'migration', pending: 'migration' },
  adjustment: { posted: 'adjustment', pending: 'adjustment' },
};
const knownTransferKinds = Object.keys(entryKindOfTransferKind);

function entryKindOf(transferKind: string, pending: boolean): LedgerEntryKind {
  const kinds = entryKindOfTransferKind[transferKind];
  if (!kinds) return 'adjustment';
  return pending ? kinds.pending : kinds.posted;
}

/** The transfers that show as `kind`, posted or waiting; unknown transfer kinds count as adjustments. */
function kindCondition(kind: LedgerEntryKind, pending: boolean): SQL {
  const transferKinds = knownTransferKinds.filter((transferKind) => entryKindOf(transferKind, pending) === kind);
  const conditions: SQL[] = [];
  if (transferKinds.length > 0) conditions.push(inArray(ledgerTransfers.kind, transferKinds));
  if (kind === 'adjustment') conditions.push(notInArray(ledgerTransfers.kind, knownTransferKinds));
  return conditions.length > 0 ? (or(...conditions) as SQL) : sql`false`;
}

export interface PlayerStatementQuery {
  /** From 1. */
  page: number;
  size: number;
  from?: Date;
  to?: Date;
  kind?: LedgerEntryKind;
}

/** Rows of the player's coin account (by ledger account id), newest first; open holds sort first among rows of the same instant. */
export async function playerStatement(
  db: Database,
  player: { userId: number; accountId: number },
  query: PlayerStatementQuery,
): Promise<{ total: number; list: LedgerEntry[] }> {
  const { accountId } = player;
  const entryConditions: SQL[] = [eq(ledgerEntries.accountId, accountId)];
  const holdConditions: SQL[] = [eq(ledgerTransfers.fromAccountId, accountId), eq(ledgerTransfers.state, 'pending')];
  if (query.from) {
    entryConditions.push(gte(ledgerEntries.createdAt, query.from));
    holdConditions.push(gte(ledgerTransfers.createdAt, query.from));
  }
  if (query.to) {
    entryConditions.push(lt(ledgerEntries.createdAt, query.to));
    holdConditions.push(lt(ledgerTransfers.createdAt, query.to));
  }
  if (query.kind) {
    entryConditions.push(kindCondition(query.kind, false));
    holdConditions.push(kindCondition(query.kind, true));
  }
  const entriesWhere = and(...entryConditions);
  const holdsWhere = and(...holdConditions);

  const [entryTotals] = await db
    .select({ total: count() })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(entriesWhere);
  const [holdTotals] = await db.select({ total: count() }).from(ledgerTransfers).where(holdsWhere);

  // Both halves name their columns alike and decode them alike, so the union reads the same on every driver.
  const pendingOf = (value: unknown) => value === true || value === 't';
  const entries = db
    .select({
      entryId: sql<number | null>`${ledgerEntries.id}`.mapWith(Number).as('entry_id'),
      transferId: sql<number>`${ledgerTransfers.id}`.mapWith(Number).as('transfer_id'),
      transferKind: sql<string>`${ledgerTransfers.kind}`.as('transfer_kind'),
      pending: sql<boolean>`false`.mapWith(pendingOf).as('pending'),
      amount: sql<bigint>`${ledgerEntries.amount}`.mapWith(BigInt).as('amount'),
      balanceAfter: sql<bigint>`${ledgerEntries.balanceAfter}`.mapWith(BigInt).as('balance_after'),
      metadata: sql<TransferMetadata>`${ledgerTransfers.metadata}`.mapWith(ledgerTransfers.metadata).as('metadata'),
      at: sql<Date>`${ledgerEntries.createdAt}`.mapWith(ledgerEntries.createdAt).as('at'),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(entriesWhere);
  // The balance a waiting hold leaves: the account's balance after its last entry at or before the hold.
  const balanceAtHold = sql`coalesce((
    select earlier.balance_after from ${ledgerEntries} as earlier
    where earlier.account_id = ${accountId} and earlier.created_at <= ${ledgerTransfers.createdAt}
    order by earlier.id desc limit 1), 0)`;
  const holds = db
    .select({
      entryId: sql<number | null>`null::bigint`.mapWith(Number).as('entry_id'),
      transferId: sql<number>`${ledgerTransfers.id}`.mapWith(Number).as('transfer_id'),
      transferKind: sql<string>`${ledgerTransfers.kind}`.as('transfer_kind'),
      pending: sql<boolean>`true`.mapWith(pendingOf).as('pending'),
      amount: sql<bigint>`-${ledgerTransfers.amount}`.mapWith(BigInt).as('amount'),
      balanceAfter: sql<bigint>`${balanceAtHold}`.mapWith(BigInt).as('balance_after'),
      metadata: sql<TransferMetadata>`${ledgerTransfers.metadata}`.mapWith(ledgerTransfers.metadata).as('metadata'),
      at: sql<Date>`${ledgerTransfers.createdAt}`.mapWith(ledgerTransfers.createdAt).as('at'),
    })
    .from(ledgerTransfers)
    .where(holdsWhere);
  const rows = await pageRows(
    { pageNum: query.page, pageSize: query.size },
    entries
      .unionAll(holds)
      .orderBy(sql`at desc`, sql`pending desc`, sql`entry_id desc nulls first`, sql`transfer_id desc`),
  );

  const orderSnOf = await orderNumbersOf(
    db,
    player.userId,
    rows.map((row) => row.transferId),
  );
  return {
    total: (entryTotals?.total ?? 0) + (holdTotals?.total ?? 0),
    list: rows.map((row) => {
      const recorded = row.metadata.orderSn;
      return {
        id: row.entryId,
        transferId: String(row.transferId),
        kind: entryKindOf(row.transferKind, row.pending),
        amount: Number(row.amount),
        balanceAfter: Number(row.balanceAfter),
        pending: row.pending,
        reference: orderSnOf.get(row.transferId) ?? (typeof recorded === 'string' ? recorded : null),
        createdAt: row.at.toISOString(),
      };
    }),
  };
}

/**
 * The order behind each transfer: a withdrawal keeps its hold and its refund, a deposit order its
 * credit and its refund hold. Looked up among the player's own orders, so only their rows are read.
 */
async function orderNumbersOf(db: Database, userId: number, transferIds: number[]): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  if (transferIds.length === 0) return found;
  const withdrawalRows = await db
    .select({ orderSn: withdrawals.orderSn, hold: withdrawals.holdTransferId, refund: withdrawals.refundTransferId })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        or(inArray(withdrawals.holdTransferId, transferIds), inArray(withdrawals.refundTransferId, transferIds)),
      ),
    );
  const depositRows = await db
    .select({
      orderSn: depositOrders.orderSn,
      credit: depositOrders.creditTransferId,
      refundHold: depositOrders.refundHoldId,
    })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.userId, userId),
        or(inArray(depositOrders.creditTransferId, transferIds), inArray(depositOrders.refundHoldId, transferIds)),
      ),
    );
  const links = [
    ...withdrawalRows.map((row) => ({ orderSn: row.orderSn, transfers: [row.hold, row.refund] })),
    ...depositRows.map((row) => ({ orderSn: row.orderSn, transfers: [row.credit, row.refundHold] })),
  ];
  for (const { orderSn, transfers } of links) {
    for (const transferId of transfers) if (transferId !== null) found.set(transferId, orderSn);
  }
  return found;
}
