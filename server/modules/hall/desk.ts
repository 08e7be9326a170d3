/**
 * The game hall on the operators' desk (docs/architecture.md "Game wallet", docs/requirements.md
 * §10): the wallet's rounds with their transactions and the provider's proof data, the house's
 * profit and loss per game per day, and the switches of games and machines. Rounds are the rows the
 * wallet writes in `game_records` (only those with a provider: rows from before the wallet have
 * none); a round's day is the Japan-time day its first bet was booked, like every record search.
 */

import { type DataOf, type ParsedBodyOf, recordDayUtcOffsetMs } from '@contract/endpoint';
import type {
  adminGameList,
  adminGameMachineSetEnabled,
  adminGameMachineSetSetting,
  adminGameProfitDaily,
  adminGameRoundDetail,
  adminGameRoundList,
  adminGameSetEnabled,
  DeskGameEntry,
  GameRound,
} from '@contract/hall-desk';
import type { Locale } from '@contract/locales';
import type { Principal } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import {
  gameMachines,
  gameProviders,
  gameSeats,
  gameSessions,
  providerGames,
  walletTransactions,
} from '@server/db/schema/hall';
import { gameRecords } from '@server/db/schema/record';
import { ApiError } from '@server/errors';
import { pickLocalised } from '@server/localised-text';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { onePage } from '@server/shared/paging';
import { periodBounds } from '@server/shared/period-bounds';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { playerKeywordCondition } from '@server/shared/player-search';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { roundVerifyUrl } from './providers';

const sumOf = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

const roundColumns = {
  id: gameRecords.id,
  round: gameRecords.round,
  userId: users.id,
  account: users.username,
  email: users.email,
  gameId: providerGames.id,
  gameCode: providerGames.gameCode,
  providerId: providerGames.providerId,
  gameName: providerGames.name,
  machineNumber: gameMachines.number,
  betAmount: gameRecords.betAmount,
  winAmount: gameRecords.winAmount,
  playedAt: gameRecords.playedAt,
  updatedAt: gameRecords.updatedAt,
};

function roundOf(row: RoundRow, locale: Locale): GameRound {
  return {
    id: row.id,
    round: row.round ?? '',
    user: { userId: row.userId, account: row.account, email: row.email ?? '' },
    game: { id: row.gameId, code: row.gameCode, providerId: row.providerId, name: pickLocalised(row.gameName, locale) },
    machineNumber: row.machineNumber,
    betAmount: row.betAmount,
    winAmount: row.winAmount,
    playedAt: row.playedAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/** The wallet's rounds joined to their player, game and machine. */
function roundsQuery(db: Database, where: SQL | undefined) {
  return db
    .select(roundColumns)
    .from(gameRecords)
    .innerJoin(users, eq(users.id, gameRecords.userId))
    .innerJoin(providerGames, eq(providerGames.id, gameRecords.gameId))
    .leftJoin(gameMachines, eq(gameMachines.id, gameRecords.gameMachineId))
    .where(where);
}

type RoundRow = Awaited<ReturnType<typeof roundsQuery>>[number];

export async function gameRounds(
  deps: PlayerDeps,
  request: PlayerRequest,
  body: ParsedBodyOf<typeof adminGameRoundList>,
): Promise<DataOf<typeof adminGameRoundList>> {
  const conditions: SQL[] = [isNotNull(gameRecords.providerId)];
  if (body.keyword) conditions.push(playerKeywordCondition(body.keyword));
  if (body.userId) conditions.push(eq(gameRecords.userId, body.userId));
  if (body.providerId) conditions.push(eq(gameRecords.providerId, body.providerId));
  if (body.gameId) conditions.push(eq(gameRecords.gameId, body.gameId));
  if (body.machineId) conditions.push(eq(gameRecords.gameMachineId, body.machineId));
  if (body.round) conditions.push(eq(gameRecords.round, body.round));
  if (body.period) {
    const { from, to } = periodBounds(body.period);
    conditions.push(gte(gameRecords.playedAt, from), lt(gameRecords.playedAt, to));
  }
  const where = and(...conditions);
  const page = await onePage(
    body,
    roundsQuery(deps.db, where).orderBy(desc(gameRecords.playedAt), desc(gameRecords.id)),
    deps.db
      .select({ total: count(), betAmount: sumOf(gameRecords.betAmount), winAmount: sumOf(gameRecords.winAmount) })
      .from(gameRecords)
      .innerJoin(users, eq(users.id, gameRecords.userId))
      .where(where),
  );
  return { ...page, list: page.list.map((row) => roundOf(row, request.locale)) };
}

export async function gameRoundDetail(
  deps: PlayerDeps,
  request: PlayerRequest,
  body: ParsedBodyOf<typeof adminGameRoundDetail>,
): Promise<DataOf<typeof adminGameRoundDetail>> {
  const [row] = await roundsQuery(deps.db, and(eq(gameRecords.id, body.id), isNotNull(gameRecords.providerId)));
  if (!row || row.round === null) throw new ApiError(404, 'admin.roundNotFound');
  // A round id is the provider's and may be another player's too: the round is this player's part of it.
  const ofRound = and(
    eq(walletTransactions.providerId, row.providerId),
    eq(walletTransactions.userId, row.userId),
    eq(walletTransactions.round, row.round),
  );
  // A rollback may come without the round: it is found by the transaction it undid.
  const undoesOneOfRound = and(
    eq(walletTransactions.kind, 'rollback'),
    inArray(
      walletTransactions.referenceTransactionUuid,
      deps.db.select({ uuid: walletTransactions.transactionUuid }).from(walletTransactions).where(ofRound),
    ),
  );
  const transactions = await deps.db
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.providerId, row.providerId), or(ofRound, undoesOneOfRound)))
    .orderBy(asc(walletTransactions.id));
  const firstBet = transactions.find((transaction) => transaction.kind === 'bet' && transaction.meta !== null);
  const proof = (firstBet ?? transactions.find((transaction) => transaction.meta !== null))?.meta ?? null;
  return {
    round: roundOf(row, request.locale),
    transactions: transactions.map((transaction) => ({
      id: transaction.id,
      kind: transaction.kind,
      amount: transaction.amount,
      transactionUuid: transaction.transactionUuid,
      requestUuid: transaction.requestUuid,
      referenceTransactionUuid: transaction.referenceTransactionUuid,
      ledgerTransferId: transaction.ledgerTransferId === null ? null : String(transaction.ledgerTransferId),
      rolledBackAt: transaction.rolledBackAt?.toISOString() ?? null,
      meta: transaction.meta,
      createdAt: transaction.createdAt.toISOString(),
    })),
    proof,
    verifyUrl: roundVerifyUrl(row.providerId, row.round),
  };
}

/** The Japan-time calendar day of a round, as record searches count days. */
const roundDay = sql<string>`to_char((${gameRecords.playedAt} at time zone 'UTC') + make_interval(secs => ${recordDayUtcOffsetMs / 1000}), 'YYYY-MM-DD')`;

export async function gameProfitDaily(
  deps: PlayerDeps,
  request: PlayerRequest,
  body: ParsedBodyOf<typeof adminGameProfitDaily>,
): Promise<DataOf<typeof adminGameProfitDaily>> {
  const { from, to } = periodBounds(body.period);
  const conditions: SQL[] = [
    isNotNull(gameRecords.providerId),
    isNotNull(gameRecords.gameId),
    gte(gameRecords.playedAt, from),
    lt(gameRecords.playedAt, to),
  ];
  if (body.providerId) conditions.push(eq(gameRecords.providerId, body.providerId));
  if (body.gameId) conditions.push(eq(gameRecords.gameId, body.gameId));
  const where = and(...conditions);
  const measures = {
    rounds: count(),
    players: sql<number>`count(distinct ${gameRecords.userId})`.mapWith(Number),
    betAmount: sumOf(gameRecords.betAmount),
    winAmount: sumOf(gameRecords.winAmount),
  };
  const day = roundDay.as('day');
  const rows = await deps.db
    .select({ day, gameId: gameRecords.gameId, ...measures })
    .from(gameRecords)
    .where(where)
    .groupBy(sql`day`, gameRecords.gameId)
    .orderBy(desc(sql`day`), asc(gameRecords.gameId));
  const [totals] = await deps.db.select(measures).from(gameRecords).where(where);
  const gameIds = [...new Set(rows.map((row) => row.gameId).filter((id): id is number => id !== null))];
  const games = new Map(
    (gameIds.length > 0
      ? await deps.db.select().from(providerGames).where(inArray(providerGames.id, gameIds))
      : []
    ).map((game) => [game.id, game]),
  );
  return {
    list: rows.flatMap((row) => {
      const game = row.gameId === null ? undefined : games.get(row.gameId);
      if (!game) return [];
      return [
        {
          day: row.day,
          game: {
            id: game.id,
            code: game.gameCode,
            providerId: game.providerId,
            name: pickLocalised(game.name, request.locale),
          },
          rounds: row.rounds,
          players: row.players,
          betAmount: row.betAmount,
          winAmount: row.winAmount,
          profit: row.betAmount - row.winAmount,
        },
      ];
    }),
    totals: {
      rounds: totals?.rounds ?? 0,
      players: totals?.players ?? 0,
      betAmount: totals?.betAmount ?? 0,
      winAmount: totals?.winAmount ?? 0,
      profit: (totals?.betAmount ?? 0) - (totals?.winAmount ?? 0),
    },
  };
}

export async function deskGames(deps: PlayerDeps, request: PlayerRequest): Promise<DataOf<typeof adminGameList>> {
  const rows = await deps.db
    .select({
      game: providerGames,
      providerName: gameProviders.name,
      providerEnabled: gameProviders.enabled,
      machineId: gameMachines.id,
      machineNumber: gameMachines.number,
      machineEnabled: gameMachines.enabled,
      machineSetting: gameMachines.setting,
      seatedUserId: gameSeats.userId,
    })
    .from(providerGames)
    .innerJoin(gameProviders, eq(gameProviders.id, providerGames.providerId))
    .leftJoin(gameMachines, eq(gameMachines.gameId, providerGames.id))
    .leftJoin(gameSeats, eq(gameSeats.machineId, gameMachines.id))
    .orderBy(asc(providerGames.providerId), asc(providerGames.id), asc(gameMachines.number));
  const games = new Map<number, DeskGameEntry>();
  for (const row of rows) {
    let game = games.get(row.game.id);
    if (!game) {
      game = {
        id: row.game.id,
        code: row.game.gameCode,
        providerId: row.game.providerId,
        name: pickLocalised(row.game.name, request.locale),
        kind: row.game.kind,
        providerName: row.providerName,
        providerEnabled: row.providerEnabled,
        rtpBasisPoints: row.game.rtpBasisPoints,
        volatility: row.game.volatility,
        enabled: row.game.enabled,
        machines: [],
      };
      games.set(row.game.id, game);
    }
    if (row.machineId !== null && row.machineNumber !== null && row.machineEnabled !== null)
      game.machines.push({
        id: row.machineId,
        number: row.machineNumber,
        enabled: row.machineEnabled,
        seatedUserId: row.seatedUserId,
        setting: row.game.kind === 'pachislot' ? row.machineSetting : null,
      });
  }
  return [...games.values()];
}

/** Nobody plays on at a machine taken out of the hall: its seat is freed and its sessions take no more bets. */
async function clearMachines(tx: Database, machineIds: number[], now: Date): Promise<void> {
  if (machineIds.length === 0) return;
  await tx.delete(gameSeats).where(inArray(gameSeats.machineId, machineIds));
  await tx
    .update(gameSessions)
    .set({ closedAt: now })
    .where(and(inArray(gameSessions.machineId, machineIds), isNull(gameSessions.closedAt)));
}

export async function setGameEnabled(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminGameSetEnabled>,
): Promise<null> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [game] = await tx
      .select({ enabled: providerGames.enabled })
      .from(providerGames)
      .where(eq(providerGames.id, body.gameId))
      .for('update');
    if (!game) throw new ApiError(404, 'admin.gameNotFound');
    if (game.enabled === body.enabled)
      throw new ApiError(409, body.enabled ? 'admin.gameAlreadyEnabled' : 'admin.gameAlreadyDisabled');
    await tx
      .update(providerGames)
      .set({ enabled: body.enabled, operatorEnabled: body.enabled })
      .where(eq(providerGames.id, body.gameId));
    if (!body.enabled) {
      const machines = await tx
        .select({ id: gameMachines.id })
        .from(gameMachines)
        .where(eq(gameMachines.gameId, body.gameId));
      await clearMachines(
        tx,
        machines.map((machine) => machine.id),
        now,
      );
    }
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: body.enabled ? 'game.enable' : 'game.disable',
      subject: `game:${body.gameId}`,
      reason: body.reason,
    });
  });
  return null;
}

export async function setMachineEnabled(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminGameMachineSetEnabled>,
): Promise<null> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [machine] = await tx
      .select({ enabled: gameMachines.enabled })
      .from(gameMachines)
      .where(eq(gameMachines.id, body.machineId))
      .for('update');
    if (!machine) throw new ApiError(404, 'admin.machineNotFound');
    if (machine.enabled === body.enabled)
      throw new ApiError(409, body.enabled ? 'admin.machineAlreadyEnabled' : 'admin.machineAlreadyDisabled');
    await tx.update(gameMachines).set({ enabled: body.enabled }).where(eq(gameMachines.id, body.machineId));
    if (!body.enabled) await clearMachines(tx, [body.machineId], now);
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: body.enabled ? 'gameMachine.enable' : 'gameMachine.disable',
      subject: `gameMachine:${body.machineId}`,
      reason: body.reason,
    });
  });
  return null;
}

/**
 * Sets a pachislot machine's 設定 and writes its audit row (from → to, with the reason) in one
 * transaction. Sessions already open keep the 設定 they were opened with: the provider learns the
 * new one when the next session opens at the machine.
 */
export async function setMachineSetting(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminGameMachineSetSetting>,
): Promise<null> {
  await deps.db.transaction(async (tx) => {
    const [machine] = await tx
      .select({ setting: gameMachines.setting, kind: providerGames.kind })
      .from(gameMachines)
      .innerJoin(providerGames, eq(providerGames.id, gameMachines.gameId))
      .where(eq(gameMachines.id, body.machineId))
      .for('update', { of: gameMachines });
    if (!machine) throw new ApiError(404, 'admin.machineNotFound');
    if (machine.kind !== 'pachislot') throw new ApiError(422, 'admin.machineHasNoSetting');
    if (machine.setting === body.setting) throw new ApiError(409, 'admin.machineSettingUnchanged');
    await tx.update(gameMachines).set({ setting: body.setting }).where(eq(gameMachines.id, body.machineId));
    await writeAudit(tx, request, {
      at: deps.clock.now(),
      actor: actorOfUser(operator.userId),
      action: 'gameMachine.setting',
      subject: `gameMachine:${body.machineId}`,
      reason: `${body.reason} (設定 ${machine.setting} → ${body.setting})`,
    });
  });
  return null;
}
