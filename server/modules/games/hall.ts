/**
 * The player's side of the hall (docs/requirements.md §10): the list of machines, taking a seat
 * with a launch, leaving it, and the housekeeping that frees seats left idle. A player holds at
 * most one machine and a machine at most one player: the seats table's unique constraints decide,
 * so two processes cannot both win a machine.
 */

import { randomBytes } from 'node:crypto';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type { gameHall, gameLaunch, gameSeatRelease } from '@contract/game';
import type { Locale } from '@contract/locales';
import type { Clock } from '@server/clock';
import type { Principal } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import {
  gameLaunchTokens,
  gameMachines,
  gameProviders,
  gameSeats,
  gameSessions,
  providerGames,
} from '@server/db/schema/game-hall';
import { ApiError } from '@server/errors';
import { pickLocalised } from '@server/localised-text';
import { coinCurrency } from '@server/shared/player-deps';
import { uniqueViolation } from '@server/shared/refusals';
import { and, asc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { balanceOf } from '../ledger/service';
import { type GameDeps, tokenHash } from './game-deps';

export async function hallOf(deps: GameDeps, principal: Principal, locale: Locale): Promise<DataOf<typeof gameHall>> {
  const rows = await deps.db
    .select({
      gameId: providerGames.id,
      code: providerGames.gameCode,
      kind: providerGames.kind,
      name: providerGames.name,
      rtpBasisPoints: providerGames.rtpBasisPoints,
      machineId: gameMachines.id,
      number: gameMachines.number,
      seatedUserId: gameSeats.userId,
    })
    .from(providerGames)
    .innerJoin(gameProviders, eq(gameProviders.id, providerGames.providerId))
    .innerJoin(gameMachines, eq(gameMachines.gameId, providerGames.id))
    .leftJoin(gameSeats, eq(gameSeats.machineId, gameMachines.id))
    .where(and(eq(gameProviders.enabled, true), eq(providerGames.enabled, true), eq(gameMachines.enabled, true)))
    .orderBy(asc(providerGames.id), asc(gameMachines.number));
  const games = new Map<number, DataOf<typeof gameHall>[number]>();
  for (const row of rows) {
    let game = games.get(row.gameId);
    if (!game) {
      game = {
        id: row.gameId,
        code: row.code,
        kind: row.kind,
        name: pickLocalised(row.name, locale),
        rtpBasisPoints: row.rtpBasisPoints,
        machines: [],
      };
      games.set(row.gameId, game);
    }
    game.machines.push({
      id: row.machineId,
      number: row.number,
      state: row.seatedUserId === null ? 'free' : row.seatedUserId === principal.userId ? 'yours' : 'occupied',
    });
  }
  return [...games.values()];
}

/**
 * Takes the machine's seat (moving the player's seat here if they sat elsewhere, whose game
 * sessions then end) and issues a launch token for it, in one transaction.
 */
export async function launchGame(
  deps: GameDeps,
  principal: Principal,
  body: ParsedBodyOf<typeof gameLaunch>,
  locale: Locale,
): Promise<DataOf<typeof gameLaunch>> {
  const [machine] = await deps.db
    .select({
      id: gameMachines.id,
      number: gameMachines.number,
      gameId: providerGames.id,
      gameCode: providerGames.gameCode,
      baseUrl: gameProviders.baseUrl,
    })
    .from(gameMachines)
    .innerJoin(providerGames, eq(providerGames.id, gameMachines.gameId))
    .innerJoin(gameProviders, eq(gameProviders.id, providerGames.providerId))
    .where(
      and(
        eq(gameMachines.id, body.machineId),
        eq(gameMachines.enabled, true),
        eq(providerGames.enabled, true),
        eq(gameProviders.enabled, true),
      ),
    );
  if (!machine) throw new ApiError(404, 'game.machineNotFound');
  const [player] = await deps.db.select({ frozen: users.frozen }).from(users).where(eq(users.id, principal.userId));
  if (!player || player.frozen) throw new ApiError(403, 'game.accountFrozen');
  if ((await balanceOf(deps.db, principal.userId, coinCurrency)).available <= 0n)
    throw new ApiError(422, 'game.notEnoughCoins');

  const now = deps.clock.now();
  const launchToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + deps.times.launchTokenMs);
  try {
    await deps.db.transaction(async (tx) => {
      await tx
        .insert(gameSeats)
        .values({ machineId: machine.id, userId: principal.userId, takenAt: now, lastActiveAt: now })
        .onConflictDoUpdate({
          target: gameSeats.userId,
          set: {
            machineId: machine.id,
            takenAt: sql`CASE WHEN ${gameSeats.machineId} = ${machine.id} THEN ${gameSeats.takenAt} ELSE ${now.toISOString()}::timestamptz END`,
            lastActiveAt: now,
          },
        });
      await tx
        .update(gameSessions)
        .set({ closedAt: now })
        .where(
          and(
            eq(gameSessions.userId, principal.userId),
            ne(gameSessions.machineId, machine.id),
            isNull(gameSessions.closedAt),
          ),
        );
      await tx.insert(gameLaunchTokens).values({
        tokenHash: tokenHash(launchToken),
        userId: principal.userId,
        machineId: machine.id,
        gameId: machine.gameId,
        createdAt: now,
        expiresAt,
      });
    });
  } catch (error) {
    if (uniqueViolation(error) === 'game_seats_machine_unique') throw new ApiError(409, 'game.machineOccupied');
    throw error;
  }
  const url = new URL(machine.baseUrl);
  url.searchParams.set('token', launchToken);
  url.searchParams.set('game', machine.gameCode);
  url.searchParams.set('machine', String(machine.number));
  url.searchParams.set('lang', locale);
  return {
    url: url.toString(),
    expiresAt: expiresAt.toISOString(),
    gameCode: machine.gameCode,
    machineNumber: machine.number,
  };
}

/** Leaves the player's machine; their game sessions take no more bets. */
export async function releaseSeat(deps: GameDeps, principal: Principal): Promise<DataOf<typeof gameSeatRelease>> {
  const now = deps.clock.now();
  const released = await deps.db.transaction(async (tx) => {
    const seats = await tx
      .delete(gameSeats)
      .where(eq(gameSeats.userId, principal.userId))
      .returning({ id: gameSeats.id });
    await tx
      .update(gameSessions)
      .set({ closedAt: now })
      .where(and(eq(gameSessions.userId, principal.userId), isNull(gameSessions.closedAt)));
    return seats.length > 0;
  });
  return { released };
}

/** The housekeeping job: seats without a launch or a bet for `idleMs` are freed, their sessions ended. */
export async function releaseIdleSeats(
  deps: { db: Database; clock: Clock },
  idleMs: number,
): Promise<{ released: number }> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - idleMs);
  return deps.db.transaction(async (tx) => {
    const freed = await tx
      .delete(gameSeats)
      .where(lt(gameSeats.lastActiveAt, cutoff))
      .returning({ userId: gameSeats.userId, machineId: gameSeats.machineId });
    for (const seat of freed) {
      await tx
        .update(gameSessions)
        .set({ closedAt: now })
        .where(
          and(
            eq(gameSessions.userId, seat.userId),
            eq(gameSessions.machineId, seat.machineId),
            isNull(gameSessions.closedAt),
          ),
        );
    }
    return { released: freed.length };
  });
}

/** Launch tokens that expired unused are of no more use. */
export async function deleteExpiredLaunchTokens(deps: { db: Database; clock: Clock }): Promise<void> {
  await deps.db
    .delete(gameLaunchTokens)
    .where(and(lt(gameLaunchTokens.expiresAt, deps.clock.now()), isNull(gameLaunchTokens.redeemedAt)));
}
