import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type { Locale } from '@contract/locales';
import type { balanceMovementQuery, gameRecordCount, gameRecordQuery } from '@contract/record';
import type { Principal } from '@server/contract-router';
import { providerGames } from '@server/db/schema/game-hall';
import { gameRecords } from '@server/db/schema/game-records';
import { pickLocalised } from '@server/localised-text';
import { onePage } from '@server/shared/paging';
import { periodBounds } from '@server/shared/period-bounds';
import { coinCurrency, type PlayerDeps } from '@server/shared/player-deps';
import { and, count, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import { agentMoveKinds } from '../agent/movements';
import { roundVerifyUrl } from '../games/providers';
import { accountStatement, playerAccount, type StatementLine } from '../ledger/service';

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

function movementKindOf(line: StatementLine): string {
  if (!agentMoveLedgerKinds.includes(line.kind)) return line.kind;
  return line.amount > 0n ? 'agentTransferIn' : 'agentTransferOut';
}

/** Deposits and withdrawals name their order; an agent move, its transfer number (the `transferSn` the move answered). */
function movementReference(line: StatementLine): string | null {
  if (typeof line.metadata.orderSn === 'string') return line.metadata.orderSn;
  return agentMoveLedgerKinds.includes(line.kind) ? String(line.transferId) : null;
}

/** The player's coin account statement from the ledger, with the running balance. */
export async function balanceMovementsOf(
  deps: PlayerDeps,
  principal: Principal,
  body: ParsedBodyOf<typeof balanceMovementQuery>,
): Promise<DataOf<typeof balanceMovementQuery>> {
  const bounds = body.period ? periodBounds(body.period) : null;
  const statement = await accountStatement(deps.db, playerAccount(principal.userId, coinCurrency), {
    page: body.pageNum,
    size: body.pageSize,
    ...(bounds ? { from: bounds.from, to: bounds.to } : {}),
    ...movementFilter(body.kind),
  });
  return {
    total: statement.total,
    credited: Number(statement.credited),
    debited: Number(statement.debited),
    list: statement.lines.map((line) => ({
      id: line.entryId,
      kind: movementKindOf(line),
      amount: Number(line.amount),
      balanceAfter: Number(line.balanceAfter),
      reference: movementReference(line),
      createdAt: line.at.toISOString(),
    })),
  };
}
