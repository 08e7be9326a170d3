/**
 * The player's side of the hall (docs/requirements.md §10): the list of machines, taking a seat
 * with a launch, leaving it, and the housekeeping that frees seats left idle. A player holds at
 * most one machine and a machine at most one player: the seats table's unique constraints decide,
 * so two processes cannot both win a machine.
 */

import { randomBytes } from 'node:crypto';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import {
  bigWinMultiplier,
  type gameHall,
  type gameLaunch,
  type gameSeatRelease,
  type HallBonus,
  type HallGame,
  type HallMachine,
  type HallMachineEvents,
  jackpotMultiplier,
  shownBigWins,
  shownBonuses,
} from '@contract/hall';
import type { Locale } from '@contract/locales';
import type { Clock } from '@server/clock';
import type { Principal } from '@server/contract-router';
import { type Database, plainRows } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import type { LocalisedText } from '@server/db/schema/content';
import {
  gameLaunchTokens,
  gameMachines,
  gameProviders,
  gameSeats,
  gameSessions,
  providerGames,
} from '@server/db/schema/hall';
import { ApiError } from '@server/errors';
import { localisedItem } from '@server/localised-text';
import { coinCurrency } from '@server/shared/player-deps';
import { uniqueViolation } from '@server/shared/refusals';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { balanceOf } from '../ledger/public';
import { refuseWhileBlocked } from '../protection/public';
import { type GameDeps, tokenHash } from './game-deps';

const hour = 60 * 60 * 1000;

interface HallRow {
  gameId: number;
  code: string;
  kind: HallGame['kind'];
  name: LocalisedText;
  rtpBasisPoints: number | null;
  volatility: HallGame['volatility'];
  imageUrl: string | null;
  addedAtMs: number;
  machineId: number;
  number: number;
  seatedUserId: number | null;
  roundsSinceJackpot: number;
  roundsLastDay: number;
  roundsLastWeek: number;
  bigWins: { bet: number; win: number; playedAtMs: number }[];
  /** The provider's reported events of the last 24 hours (docs/architecture.md §11). */
  games: number;
  big: number;
  reg: number;
  jackpots: number;
  rushes: number;
  gamesSinceBonus: number;
  bonuses: { kind: HallBonus['kind']; playedAtMs: number; afterGames: number }[];
}

/** A game without a picture of its own shows its kind's. */
export function gameImageUrl(imageUrl: string | null, kind: HallGame['kind']): string {
  return imageUrl ?? `/images/games/${kind}.svg`;
}

/** A row's place in a machine's rounds, newest last: its time, then its id. */
type RoundPlace = readonly [playedAt: string, id: string];

/**
 * The paid rounds of the machine `m` after the round at `after` (all of them when its id is null),
 * and up to the one at `upTo` when given: SQL of column names only, never of values.
 */
const paidRoundsOf = (after: RoundPlace, upTo?: RoundPlace) =>
  sql.raw(`r.game_machine_id = m.id AND r.bet_amount > 0
    AND (${after[1]} IS NULL OR (r.played_at, r.id) > (${after[0]}, ${after[1]}))${
      upTo ? ` AND (r.played_at, r.id) <= (${upTo[0]}, ${upTo[1]})` : ''
    }`);

/**
 * A pachislot machine's figures: games since its last bonus, and its latest bonuses with the games
 * each came after (counted from the bonus before it, so one more bonus row than shown is read).
 * Both read game_records' partial index on the machine's bonuses, then its paid rounds between them.
 */
const pachislotLaterals = sql`
      LEFT JOIN LATERAL (
        SELECT r.played_at, r.id FROM game_records r
        WHERE g.kind = 'pachislot' AND r.game_machine_id = m.id AND r.bet_amount > 0 AND (r.big_bonuses > 0 OR r.reg_bonuses > 0)
        ORDER BY r.played_at DESC, r.id DESC LIMIT 1
      ) bonus ON true
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(r.games), 0)::int AS games FROM game_records r
        WHERE g.kind = 'pachislot' AND ${paidRoundsOf(['bonus.played_at', 'bonus.id'])}
      ) since_bonus
      CROSS JOIN LATERAL (
        SELECT json_agg(json_build_object('kind', CASE WHEN b.big_bonuses > 0 THEN 'big' ELSE 'reg' END,
            'playedAtMs', (extract(epoch FROM b.played_at) * 1000)::float8,
            'afterGames', (SELECT coalesce(sum(r.games), 0) FROM game_records r WHERE ${paidRoundsOf(['b.before_at', 'b.before_id'], ['b.played_at', 'b.id'])}))
          ORDER BY b.played_at DESC, b.id DESC) AS list
        FROM (
          SELECT x.id, x.played_at, x.big_bonuses,
            lead(x.played_at) OVER newest AS before_at, lead(x.id) OVER newest AS before_id, row_number() OVER newest AS place
          FROM (
            SELECT r.id, r.played_at, r.big_bonuses FROM game_records r
            WHERE g.kind = 'pachislot' AND r.game_machine_id = m.id AND r.bet_amount > 0 AND (r.big_bonuses > 0 OR r.reg_bonuses > 0)
            ORDER BY r.played_at DESC, r.id DESC LIMIT ${shownBonuses + 1}
          ) x
          WINDOW newest AS (ORDER BY x.played_at DESC, x.id DESC)
        ) b
        WHERE b.place <= ${shownBonuses}
      ) bonuses`;

/**
 * Every enabled machine with its seat and its data counter (docs/requirements.md §10.8), each
 * figure read through game_records' partial indexes on the machine (its paid rounds, its big wins,
 * its jackpots, its bonuses), so the cost grows with the machines and the rounds since each one's
 * last jackpot or bonus, not with all rounds ever played.
 */
async function hallRows(deps: GameDeps): Promise<HallRow[]> {
  const now = deps.clock.now().getTime();
  const dayAgo = new Date(now - 24 * hour).toISOString();
  const weekAgo = new Date(now - 7 * 24 * hour).toISOString();
  return plainRows<HallRow>(
    deps.db,
    sql`SELECT g.id AS "gameId", g.game_code AS "code", g.kind, g.name, g.rtp_basis_points AS "rtpBasisPoints",
        g.volatility, g.image_url AS "imageUrl", (extract(epoch FROM g.added_at) * 1000)::float8 AS "addedAtMs",
        m.id AS "machineId", m.number, s.user_id AS "seatedUserId",
        since.rounds AS "roundsSinceJackpot", recent.day AS "roundsLastDay", recent.week AS "roundsLastWeek",
        coalesce(big.list, '[]'::json) AS "bigWins", recent.games, recent.big, recent.reg, recent.jackpots, recent.rushes,
        since_bonus.games AS "gamesSinceBonus", coalesce(bonuses.list, '[]'::json) AS "bonuses"
      FROM game_machines m
      JOIN provider_games g ON g.id = m.game_id
      JOIN game_providers p ON p.id = g.provider_id
      LEFT JOIN game_seats s ON s.machine_id = m.id
      LEFT JOIN LATERAL (
        SELECT r.played_at, r.id FROM game_records r
        WHERE r.game_machine_id = m.id AND r.bet_amount > 0 AND r.win_amount >= ${sql.raw(String(jackpotMultiplier))} * r.bet_amount
        ORDER BY r.played_at DESC, r.id DESC LIMIT 1
      ) jackpot ON true
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS rounds FROM game_records r WHERE ${paidRoundsOf(['jackpot.played_at', 'jackpot.id'])}
      ) since
      CROSS JOIN LATERAL (
        SELECT (count(*) FILTER (WHERE r.played_at >= ${dayAgo}::timestamptz))::int AS day, count(*)::int AS week,
          (coalesce(sum(r.games) FILTER (WHERE r.played_at >= ${dayAgo}::timestamptz), 0))::int AS games,
          (coalesce(sum(r.big_bonuses) FILTER (WHERE r.played_at >= ${dayAgo}::timestamptz), 0))::int AS big,
          (coalesce(sum(r.reg_bonuses) FILTER (WHERE r.played_at >= ${dayAgo}::timestamptz), 0))::int AS reg,
          (coalesce(sum(r.jackpots) FILTER (WHERE r.played_at >= ${dayAgo}::timestamptz), 0))::int AS jackpots,
          (coalesce(sum(r.rushes) FILTER (WHERE r.played_at >= ${dayAgo}::timestamptz), 0))::int AS rushes
        FROM game_records r
        WHERE r.game_machine_id = m.id AND r.bet_amount > 0 AND r.played_at >= ${weekAgo}::timestamptz
      ) recent
      CROSS JOIN LATERAL (
        SELECT json_agg(json_build_object('bet', b.bet_amount, 'win', b.win_amount,
            'playedAtMs', (extract(epoch FROM b.played_at) * 1000)::float8) ORDER BY b.played_at DESC, b.id DESC) AS list
        FROM (
          SELECT r.id, r.bet_amount, r.win_amount, r.played_at FROM game_records r
          WHERE r.game_machine_id = m.id AND r.bet_amount > 0 AND r.win_amount >= ${sql.raw(String(bigWinMultiplier))} * r.bet_amount
          ORDER BY r.played_at DESC, r.id DESC LIMIT ${shownBigWins}
        ) b
      ) big${pachislotLaterals}
      WHERE p.enabled AND g.enabled AND m.enabled
      ORDER BY g.id, m.number`,
  );
}

/** What the provider reported of the machine, by its game's kind (none for a slot). */
function machineEvents(row: HallRow): HallMachineEvents | null {
  if (row.kind === 'pachinko') return { kind: 'pachinko', jackpots: row.jackpots, rushes: row.rushes };
  if (row.kind !== 'pachislot') return null;
  return {
    kind: 'pachislot',
    games: row.games,
    big: row.big,
    reg: row.reg,
    gamesSinceBonus: row.gamesSinceBonus,
    bonuses: row.bonuses.map((bonus) => ({
      kind: bonus.kind,
      playedAt: new Date(bonus.playedAtMs).toISOString(),
      afterGames: Number(bonus.afterGames),
    })),
  };
}

function hallMachineOf(row: HallRow, principal: Principal): HallMachine {
  return {
    id: row.machineId,
    number: row.number,
    state: row.seatedUserId === null ? 'free' : row.seatedUserId === principal.userId ? 'yours' : 'occupied',
    roundsSinceJackpot: row.roundsSinceJackpot,
    roundsLastDay: row.roundsLastDay,
    bigWins: row.bigWins.map((win) => ({
      bet: Number(win.bet),
      win: Number(win.win),
      playedAt: new Date(win.playedAtMs).toISOString(),
    })),
    events: machineEvents(row),
  };
}

/** The hall in one query: every enabled machine with its seat and its data counter, grouped by game. */
export async function hallOf(deps: GameDeps, principal: Principal, locale: Locale): Promise<DataOf<typeof gameHall>> {
  const games = new Map<number, HallGame>();
  for (const row of await hallRows(deps)) {
    let game = games.get(row.gameId);
    if (!game) {
      game = {
        id: row.gameId,
        code: row.code,
        kind: row.kind,
        ...localisedItem({ name: row.name }, locale),
        rtpBasisPoints: row.rtpBasisPoints,
        volatility: row.volatility,
        imageUrl: gameImageUrl(row.imageUrl, row.kind),
        popularity: 0,
        addedAt: new Date(row.addedAtMs).toISOString(),
        machines: [],
      };
      games.set(row.gameId, game);
    }
    game.popularity += row.roundsLastWeek;
    game.machines.push(hallMachineOf(row, principal));
  }
  return [...games.values()];
}

/**
 * Takes the machine's seat (moving the player's seat here if they sat elsewhere) and issues a
 * launch token for it, in one transaction. The player's earlier game sessions end, here or at
 * another machine (their bets are refused, their wins and rollbacks still settle), and their
 * launch tokens not yet redeemed stop working: only the newest launch opens a game.
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
  await refuseWhileBlocked(deps.db, principal.userId, deps.clock.now());
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
      // Tokens first: a redemption of one under way finishes before this, and its session is closed below.
      await tx
        .delete(gameLaunchTokens)
        .where(and(eq(gameLaunchTokens.userId, principal.userId), isNull(gameLaunchTokens.redeemedAt)));
      await tx
        .update(gameSessions)
        .set({ closedAt: now })
        .where(and(eq(gameSessions.userId, principal.userId), isNull(gameSessions.closedAt)));
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
