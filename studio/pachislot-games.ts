/**
 * Pachislot games press by press (docs/architecture.md §12): the lever books the bet and draws the
 * lottery from the player's seed at its next nonce with the machine's state and 設定; each stop
 * button stops one reel; the third stop settles the game and its win is booked. The lottery never
 * leaves the server; a game left unfinished is stopped by the machine after `autoStopAfterMs` and
 * paid. One game at a time is open on a machine (台), whose state moves only with a settled game.
 */
import { randomUUID } from 'node:crypto';
import type { PachislotGame } from '@contract/studio-pachislot';
import {
  type LeverResult,
  type PachislotState,
  type PachislotTitle,
  type Setting,
  settings,
} from '@games/engine/pachislot';
import { DrawStream } from '@games/provably-fair';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { StudioDatabase } from './db/client';
import { pachislotGames, pachislotMachines, sessions } from './db/schema';
import { pachislotReels, pachislotTitleOf, type ReelStop, rtpRangeOf } from './pachislot-title';
import { bringGameOn, claimGame, driveGame, type PachislotGameRow } from './pachislot-wallet';
import { committedSeeds, takeNonce } from './seeds';
import type { SessionRow } from './sessions';
import { type Studio, StudioError } from './studio-deps';

/** A game untouched this long with reels still spinning is stopped by the machine and paid. */
export const autoStopAfterMs = 2 * 60_000;

const openStatuses = ['betting', 'playing', 'paying', 'rollingBack'] as const;

/**
 * The machine's 設定 as the wallet's signed answer gave it with the session (checked 1 to 6 there
 * and by the table); a machine the hall sent none for plays at 設定 1.
 */
function machineSettingOf(session: SessionRow): Setting {
  const setting = settings.find((value) => value === session.machineSetting);
  return setting ?? 1;
}

const stopsOf = (row: PachislotGameRow) => row.stops as (ReelStop | null)[];
const stoppedSoFar = (row: PachislotGameRow) => stopsOf(row).flatMap((stop) => (stop ? [stop.stop] : []));

/**
 * What the page is shown of a game: what the machine shows at lever-on (the lamp, an assist's
 * role), its stops as pressed, and its win and outcome once all three are. Never the lottery.
 */
export function gameView(row: PachislotGameRow, title: PachislotTitle): PachislotGame {
  const stops = stopsOf(row);
  const stopped = row.status === 'paying' || row.status === 'settled';
  return {
    id: row.id,
    nonce: row.nonce,
    stake: row.stake,
    status: row.status === 'playing' || row.status === 'settled' || row.status === 'rolledBack' ? row.status : 'open',
    notice: title.notice(row.lottery as LeverResult),
    stops,
    win: stopped ? row.win : 0,
    outcome: stopped ? row.outcome : null,
    autoStopped: row.autoStopped,
  };
}

class GameKeyTaken extends Error {}
class MachineBusy extends Error {}

export async function gameByKey(studio: Studio, player: string, gameKey: string): Promise<PachislotGameRow | null> {
  const [row] = await studio.db
    .select()
    .from(pachislotGames)
    .where(and(eq(pachislotGames.player, player), eq(pachislotGames.gameKey, gameKey)));
  return row ?? null;
}

/** The machine's row, made with the title's first state on first use, locked for this transaction. */
async function lockedMachine(tx: StudioDatabase, title: PachislotTitle, session: SessionRow, now: Date) {
  const where = and(eq(pachislotMachines.gameCode, session.gameCode), eq(pachislotMachines.machine, session.machine));
  await tx
    .insert(pachislotMachines)
    .values({ gameCode: session.gameCode, machine: session.machine, state: title.initialState(), updatedAt: now })
    .onConflictDoNothing();
  const [machine] = await tx.select().from(pachislotMachines).where(where).for('update');
  if (!machine) throw new Error(`machine ${session.gameCode}/${session.machine} is gone`);
  const [open] = await tx
    .select({ id: pachislotGames.id })
    .from(pachislotGames)
    .where(
      and(
        eq(pachislotGames.gameCode, session.gameCode),
        eq(pachislotGames.machine, session.machine),
        inArray(pachislotGames.status, openStatuses),
      ),
    );
  if (open) throw new MachineBusy();
  return machine;
}

/**
 * レバーオン: the nonce taken, the lottery drawn and the game stored in one transaction that holds
 * the machine's row (a second lever waits, then finds the machine busy); then the bet is booked.
 * A repeated key answers the same game.
 */
export async function leverGame(
  studio: Studio,
  session: SessionRow,
  title: PachislotTitle,
  gameKey: string,
): Promise<PachislotGameRow> {
  const existing = await gameByKey(studio, session.player, gameKey);
  if (existing) return bringGameOn(studio, existing);
  await committedSeeds(studio, session.player, session.gameCode);
  const owner = randomUUID();
  const stake = title.stakes[0] ?? 0;
  let inserted: PachislotGameRow;
  try {
    inserted = await studio.db.transaction(async (tx) => {
      const now = studio.clock.now();
      const machine = await lockedMachine(tx, title, session, now);
      const seed = await takeNonce(tx, session.player, session.gameCode);
      const setting = machineSettingOf(session);
      const stream = new DrawStream({
        serverSeed: seed.serverSeed,
        clientSeed: seed.clientSeed,
        nonce: seed.nextNonce,
      });
      const [row] = await tx
        .insert(pachislotGames)
        .values({
          id: randomUUID(),
          gameKey,
          sessionId: session.id,
          player: session.player,
          gameCode: session.gameCode,
          machine: session.machine,
          setting,
          seedId: seed.id,
          nonce: seed.nextNonce,
          clientSeed: seed.clientSeed,
          stake,
          stateBefore: machine.state,
          lottery: title.lever(machine.state as PachislotState, setting, stream),
          stops: Array.from({ length: pachislotReels }, () => null),
          status: 'betting',
          betRequestUuid: randomUUID(),
          betTransactionUuid: randomUUID(),
          winRequestUuid: randomUUID(),
          winTransactionUuid: randomUUID(),
          rollbackRequestUuid: randomUUID(),
          rollbackTransactionUuid: randomUUID(),
          leaseOwner: owner,
          leaseUntil: new Date(now.getTime() + studio.times.leaseMs),
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: [pachislotGames.player, pachislotGames.gameKey] })
        .returning();
      if (!row) throw new GameKeyTaken();
      return row;
    });
  } catch (error) {
    if (!(error instanceof GameKeyTaken || error instanceof MachineBusy)) throw error;
    const first = await gameByKey(studio, session.player, gameKey);
    if (first) return bringGameOn(studio, first);
    throw new StudioError(409, 'pachislot.machineBusy');
  }
  await studio.db
    .update(sessions)
    .set({ expiresAt: new Date(studio.clock.now().getTime() + studio.times.sessionIdleMs) })
    .where(eq(sessions.id, session.id));
  return driveGame(studio, inserted, owner, { sendBet: true });
}

const leaseOf = (studio: Studio, owner: string) => ({
  owner,
  until: new Date(studio.clock.now().getTime() + studio.times.leaseMs),
});

/**
 * The game with one more reel stopped; the third stop settles it (its win and the machine's next
 * state computed, the lease taken by `owner` to book the win).
 */
function withStop(
  title: PachislotTitle,
  game: PachislotGameRow,
  reel: number,
  pressFrame: number,
  lease: { owner: string; until: Date },
  now: Date,
): Partial<PachislotGameRow> {
  const stops = [...stopsOf(game)];
  const result = game.lottery as LeverResult;
  stops[reel] = { pressFrame, stop: title.stop(result, reel, pressFrame, stoppedSoFar(game)) };
  const all = stops.flatMap((stop) => (stop ? [stop.stop] : []));
  if (all.length < pachislotReels) return { stops, updatedAt: now };
  const settled = title.settle(result, all);
  return {
    stops,
    status: 'paying',
    win: settled.outcome.totalWin,
    stateAfter: settled.state,
    outcome: settled.outcome,
    leaseOwner: lease.owner,
    leaseUntil: lease.until,
    updatedAt: now,
  };
}

/**
 * A stop button: the reel stops where the title's reel control says from the press frame. Reels
 * stop left to right; a reel already stopped answers its stop again, whatever frame is sent; the
 * third settles the game.
 */
export async function pressStop(
  studio: Studio,
  session: SessionRow,
  title: PachislotTitle,
  { gameId, reel, pressFrame }: { gameId: string; reel: number; pressFrame: number },
): Promise<PachislotGameRow> {
  const owner = randomUUID();
  const game = await studio.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(pachislotGames)
      .where(and(eq(pachislotGames.id, gameId), eq(pachislotGames.player, session.player)))
      .for('update');
    if (!row || row.gameCode !== title.code) throw new StudioError(404, 'pachislot.gameNotFound');
    if (stopsOf(row)[reel]) return row;
    if (row.status !== 'playing') throw new StudioError(409, 'pachislot.gameNotPlaying');
    if (reel !== stoppedSoFar(row).length) throw new StudioError(409, 'pachislot.reelOrder');
    const [updated] = await tx
      .update(pachislotGames)
      .set(withStop(title, row, reel, pressFrame, leaseOf(studio, owner), studio.clock.now()))
      .where(eq(pachislotGames.id, row.id))
      .returning();
    return updated ?? row;
  });
  if (game.status === 'paying' && game.leaseOwner === owner) return driveGame(studio, game, owner);
  return game.status === 'paying' ? bringGameOn(studio, game) : game;
}

/** The machine stops a game left unfinished: each reel not yet stopped at the title's own press frame. */
async function autoStop(
  studio: Studio,
  titleOf: (code: string) => PachislotTitle | undefined,
  id: string,
  owner: string,
): Promise<PachislotGameRow | null> {
  return studio.db.transaction(async (tx) => {
    const now = studio.clock.now();
    const [row] = await tx
      .select()
      .from(pachislotGames)
      .where(
        and(
          eq(pachislotGames.id, id),
          eq(pachislotGames.status, 'playing'),
          lt(pachislotGames.updatedAt, new Date(now.getTime() - autoStopAfterMs)),
        ),
      )
      .for('update', { skipLocked: true });
    const title = row && titleOf(row.gameCode);
    if (!row || !title) return null;
    let game: PachislotGameRow = row;
    const presses = title.autoStops(row.lottery as LeverResult, stoppedSoFar(row));
    for (const pressFrame of presses) {
      const reel = stoppedSoFar(game).length;
      game = { ...game, ...withStop(title, game, reel, pressFrame, leaseOf(studio, owner), now) };
    }
    const [updated] = await tx
      .update(pachislotGames)
      .set({ ...game, autoStopped: true })
      .where(eq(pachislotGames.id, row.id))
      .returning();
    return updated ?? null;
  });
}

/** One game the recovery looks at: stopped by the machine if left spinning, driven on if a wallet step is stale. */
async function recoverGame(
  studio: Studio,
  titleOf: (code: string) => PachislotTitle | undefined,
  id: string,
  status: PachislotGameRow['status'],
  age: number,
): Promise<PachislotGameRow | null> {
  const owner = randomUUID();
  if (status === 'playing') {
    if (age <= autoStopAfterMs) return null;
    const stoppedGame = await autoStop(studio, titleOf, id, owner);
    return stoppedGame && driveGame(studio, stoppedGame, owner);
  }
  if (age <= studio.times.recoverAfterMs) return null;
  const claimed = await claimGame(studio, id, owner);
  return claimed && driveGame(studio, claimed, owner);
}

/**
 * The recovery job's part for pachislot: games left spinning are stopped by the machine and paid;
 * bets and wins without an answer, untouched a while, are driven on as studio/rounds.ts's are.
 */
export async function recoverPachislotGames(
  studio: Studio,
  titleOf: (code: string) => PachislotTitle | undefined = pachislotTitleOf,
  batch = 50,
): Promise<PachislotGameRow[]> {
  const now = studio.clock.now();
  const stale = await studio.db
    .select({ id: pachislotGames.id, status: pachislotGames.status, updatedAt: pachislotGames.updatedAt })
    .from(pachislotGames)
    .where(inArray(pachislotGames.status, openStatuses))
    .orderBy(pachislotGames.updatedAt)
    .limit(batch);
  const finished: PachislotGameRow[] = [];
  for (const { id, status, updatedAt } of stale) {
    try {
      const game = await recoverGame(studio, titleOf, id, status, now.getTime() - updatedAt.getTime());
      if (game) finished.push(game);
    } catch (error) {
      const level = studio.isDatabaseUnavailable(error) ? 'warn' : 'error';
      studio.logger[level]({ err: error, game: id }, 'studio pachislot recovery failed');
    }
  }
  return finished;
}

/** The machine as the page opens it: this player's open game there, the last settled one, the RTP range. */
export async function machineView(studio: Studio, session: SessionRow, title: PachislotTitle) {
  const onMachine = and(eq(pachislotGames.gameCode, session.gameCode), eq(pachislotGames.machine, session.machine));
  const [open] = await studio.db
    .select()
    .from(pachislotGames)
    .where(and(onMachine, inArray(pachislotGames.status, openStatuses)));
  const [last] = await studio.db
    .select()
    .from(pachislotGames)
    .where(and(onMachine, eq(pachislotGames.status, 'settled')))
    .orderBy(desc(pachislotGames.updatedAt))
    .limit(1);
  const [machine] = await studio.db
    .select()
    .from(pachislotMachines)
    .where(and(eq(pachislotMachines.gameCode, session.gameCode), eq(pachislotMachines.machine, session.machine)));
  return {
    game: open && open.player === session.player ? gameView(open, title) : null,
    busy: open !== undefined && open.player !== session.player,
    last: last ? gameView(last, title) : null,
    games: machine?.games ?? 0,
    rtpRange: rtpRangeOf(title),
  };
}
