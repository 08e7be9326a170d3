import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type { Locale } from '@contract/locales';
import {
  type BalanceMovementKind,
  type balanceMovementQuery,
  type CoinHoldKind,
  type CoinTransferKind,
  coinHoldKinds,
  coinTransferKinds,
  type gameRecordCount,
  type gameRecordQuery,
  type MovementOrderStatus,
} from '@contract/record';
import type { Principal } from '@server/contract-router';
import { cryptoDeposits } from '@server/db/schema/crypto';
import { depositOrders } from '@server/db/schema/deposit';
import { providerGames } from '@server/db/schema/hall';
import { gameRecords } from '@server/db/schema/record';
import { withdrawals } from '@server/db/schema/withdrawal';
import { pickLocalised } from '@server/localised-text';
import { onePage } from '@server/shared/paging';
import { periodBounds } from '@server/shared/period-bounds';
import { coinCurrency, type PlayerDeps } from '@server/shared/player-deps';
import { and, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { agentMoveKinds } from '../agent/public';
import { bankNameIn, maskedNumber } from '../bank/public';
import { depositOrderView } from '../deposit/public';
import { roundVerifyUrl } from '../hall/public';
import { findAccount, playerAccount, type SpendableMovement, spendableStatement } from '../ledger/public';

/**
 * The rounds of one player. A game is found by the name the player reads (their language) or the
 * name the round was written with; rounds of the wallet carry their game's row.
 */
function gameConditions(userId: number, filters: ParsedBodyOf<typeof gameRecordCount>, locale: Locale): SQL[] {
  const conditions: SQL[] = [eq(gameRecords.userId, userId)];
  if (filters.gameName) {
    const matching = or(
      eq(gameRecords.gameName, filters.gameName),
      sql`${gameRecords.gameId} IN (SELECT ${providerGames.id} FROM ${providerGames} WHERE ${providerGames.name} ->> ${locale}::text = ${filters.gameName})`,
    );
    if (matching) conditions.push(matching);
  }
  if (filters.period) {
    const { from, to } = periodBounds(filters.period);
    conditions.push(gte(gameRecords.playedAt, from), lt(gameRecords.playedAt, to));
  }
  return conditions;
}

export async function gameRecordsOf(
  deps: PlayerDeps,
  principal: Principal,
  body: ParsedBodyOf<typeof gameRecordQuery>,
  locale: Locale,
): Promise<DataOf<typeof gameRecordQuery>> {
  const where = and(...gameConditions(principal.userId, body, locale));
  const page = await onePage(
    body,
    deps.db
      .select({ round: gameRecords, gameNames: providerGames.name })
      .from(gameRecords)
      .leftJoin(providerGames, eq(providerGames.id, gameRecords.gameId))
      .where(where)
      .orderBy(desc(gameRecords.playedAt), desc(gameRecords.id)),
    deps.db.select({ total: count() }).from(gameRecords).where(where),
  );
  return {
    total: page.total,
    list: page.list.map(({ round: row, gameNames }) => ({
      id: row.id,
      gameName: gameNames ? pickLocalised(gameNames, locale) : row.gameName,
      machineId: row.machineId,
      betAmount: row.betAmount,
      winAmount: row.winAmount,
      profitLoss: row.winAmount - row.betAmount,
      playedAt: row.playedAt.toISOString(),
      verifyUrl: roundVerifyUrl(row.providerId, row.round),
    })),
  };
}

export async function gameRecordTotalsOf(
  deps: PlayerDeps,
  principal: Principal,
  body: ParsedBodyOf<typeof gameRecordCount>,
  locale: Locale,
): Promise<DataOf<typeof gameRecordCount>> {
  const [totals] = await deps.db
    .select({
      recordCount: count(),
      totalBet: sql`coalesce(sum(${gameRecords.betAmount}), 0)`.mapWith(Number),
      totalWin: sql`coalesce(sum(${gameRecords.winAmount}), 0)`.mapWith(Number),
    })
    .from(gameRecords)
    .where(and(...gameConditions(principal.userId, body, locale)));
  const totalBet = totals?.totalBet ?? 0;
  const totalWin = totals?.totalWin ?? 0;
  return { recordCount: totals?.recordCount ?? 0, totalBet, totalWin, totalProfitLoss: totalWin - totalBet };
}

/**
 * The ledger names an agent move once for both players, from the member's side (see
 * agentMoveKinds); a player's record names it from their own side (docs/requirements.md §12.4):
 * `agentTransferIn` when the coins came to them, `agentTransferOut` when they left them.
 */
const agentMoveLedgerKinds: readonly string[] = Object.values(agentMoveKinds);
const agentMoveSides: Record<string, 'in' | 'out'> = { agentTransferIn: 'in', agentTransferOut: 'out' };

function movementFilter(kind: string | undefined) {
  if (!kind) return {};
  const side = agentMoveSides[kind];
  return side ? { kinds: agentMoveLedgerKinds, direction: side } : { kinds: [kind] };
}

function isCoinTransferKind(kind: string): kind is CoinTransferKind {
  return (coinTransferKinds as readonly string[]).includes(kind);
}

function isCoinHoldKind(kind: string): kind is CoinHoldKind {
  return (coinHoldKinds as readonly string[]).includes(kind);
}

/**
 * A hold the player pays shows as '<kind>Hold' until it is posted, and its release as
 * '<kind>HoldReleased'. Only kinds the contract names reach the page, which has a label for each
 * (src/lib/enum-labels.ts); any other ledger kind reads as an adjustment.
 */
function movementKindOf(line: SpendableMovement): BalanceMovementKind {
  if (line.source === 'held' && isCoinHoldKind(line.kind)) return `${line.kind}Hold`;
  if (line.source === 'released' && isCoinHoldKind(line.kind)) return `${line.kind}HoldReleased`;
  if (agentMoveLedgerKinds.includes(line.kind)) return line.amount > 0n ? 'agentTransferIn' : 'agentTransferOut';
  return isCoinTransferKind(line.kind) ? line.kind : 'adjustment';
}

function movementId(line: SpendableMovement): string {
  if (line.source === 'entry') return `e${line.entryId}`;
  return `${line.source === 'released' ? 'r' : 'h'}${line.transferId}`;
}

interface OrderBehind {
  orderSn: string;
  status: MovementOrderStatus;
  channel: string;
  fee: number;
  failureReason: string | null;
}

/**
 * The player's orders behind these ledger transfers: a withdrawal keeps its hold and its refund, a
 * deposit order its credit and its refund hold. Only the player's own orders are read.
 */
async function ordersBehind(
  deps: PlayerDeps,
  userId: number,
  transferIds: number[],
  locale: Locale,
): Promise<Map<number, OrderBehind>> {
  const found = new Map<number, OrderBehind>();
  if (transferIds.length === 0) return found;
  const [withdrawalRows, depositRows, cryptoDepositRows] = await Promise.all([
    deps.db
      .select()
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.userId, userId),
          or(inArray(withdrawals.holdTransferId, transferIds), inArray(withdrawals.refundTransferId, transferIds)),
        ),
      ),
    deps.db
      .select()
      .from(depositOrders)
      .where(
        and(
          eq(depositOrders.userId, userId),
          or(inArray(depositOrders.creditTransferId, transferIds), inArray(depositOrders.refundHoldId, transferIds)),
        ),
      ),
    deps.db
      .select()
      .from(cryptoDeposits)
      .where(and(eq(cryptoDeposits.userId, userId), inArray(cryptoDeposits.creditTransferId, transferIds))),
  ]);
  const behind = (transferIds: (number | null)[], order: OrderBehind) => {
    for (const transferId of transferIds) if (transferId) found.set(transferId, order);
  };
  for (const row of withdrawalRows) behind([row.holdTransferId, row.refundTransferId], withdrawalBehind(row, locale));
  for (const row of depositRows) {
    const view = depositOrderView(deps, row, locale);
    behind([row.creditTransferId, row.refundHoldId], {
      orderSn: view.orderSn,
      status: view.status,
      channel: view.channelName,
      fee: view.fee,
      failureReason: view.failureReason,
    });
  }
  for (const row of cryptoDepositRows)
    behind([row.creditTransferId], {
      orderSn: row.orderSn,
      status: row.status,
      channel: `${row.coin} ${row.network}`,
      fee: 0,
      failureReason: null,
    });
  return found;
}

/** A withdrawal as the movements it holds and refunds show it: to a card, or to an address. */
function withdrawalBehind(row: typeof withdrawals.$inferSelect, locale: Locale): OrderBehind {
  return {
    orderSn: row.orderSn,
    status: row.status,
    channel:
      row.method === 'crypto'
        ? `${row.coin} ${row.network}`
        : `${bankNameIn(row.bankCode ?? '', locale)} ${maskedNumber(row.accountNumber ?? '')}`,
    fee: row.fee,
    failureReason: row.failureReason,
  };
}

/**
 * The player's coin movements in what they can spend, with the balance after each as the user
 * centre shows it (docs/requirements.md §5.12): coins held for a withdrawal leave at the request,
 * come back as a release when it is rejected, and are not taken twice when it is paid out.
 */
export async function balanceMovementsOf(
  deps: PlayerDeps,
  principal: Principal,
  body: ParsedBodyOf<typeof balanceMovementQuery>,
  locale: Locale,
): Promise<DataOf<typeof balanceMovementQuery>> {
  const account = await findAccount(deps.db, playerAccount(principal.userId, coinCurrency));
  if (!account) return { total: 0, credited: 0, debited: 0, list: [] };
  const bounds = body.period ? periodBounds(body.period) : null;
  const statement = await spendableStatement(deps.db, account.id, {
    page: body.pageNum,
    size: body.pageSize,
    ...(bounds ? { from: bounds.from, to: bounds.to } : {}),
    ...movementFilter(body.kind),
  });
  const orders = await ordersBehind(
    deps,
    principal.userId,
    statement.lines.map((line) => line.transferId),
    locale,
  );
  return {
    total: statement.total,
    credited: Number(statement.credited),
    debited: Number(statement.debited),
    list: statement.lines.map((line) => {
      const order = orders.get(line.transferId);
      const recorded = line.metadata.orderSn;
      return {
        id: movementId(line),
        kind: movementKindOf(line),
        amount: Number(line.amount),
        balanceAfter: Number(line.spendableAfter),
        reference: order?.orderSn ?? (typeof recorded === 'string' ? recorded : String(line.transferId)),
        createdAt: line.at.toISOString(),
        status: order?.status ?? null,
        channel: order?.channel ?? null,
        fee: order?.fee ?? null,
        failureReason: order?.failureReason ?? null,
      };
    }),
  };
}
