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
import { roundVerifyUrl } from '../games/providers';
import { accountStatement, playerAccount } from '../ledger/service';

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
    ...(body.kind ? { kinds: [body.kind] } : {}),
  });
  return {
    total: statement.total,
    credited: Number(statement.credited),
    debited: Number(statement.debited),
    list: statement.lines.map((line) => ({
      id: line.entryId,
      kind: line.kind,
      amount: Number(line.amount),
      balanceAfter: Number(line.balanceAfter),
      reference: typeof line.metadata.orderSn === 'string' ? line.metadata.orderSn : null,
      createdAt: line.at.toISOString(),
    })),
  };
}
