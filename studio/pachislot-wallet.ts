/**
 * A pachislot game's wallet steps, as studio/rounds.ts books a round's: every request's uuids are
 * stored with the game before it is first sent, so a retry by any process is the same request;
 * whoever acts on a game holds its lease, and each step moves the status only from the one it saw.
 * A bet without an answer is rolled back; a win without one is sent again until it is answered.
 * The machine's state moves, in the same transaction, only as a game becomes settled.
 */

import { randomUUID } from 'node:crypto';
import { protectionRefusals } from '@contract/protection';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  type PachislotGameStatus,
  pachislotGames,
  pachislotMachines,
  type RefusalReason,
  seeds,
  sessions,
} from './db/schema';
import { winEvents } from './round-events';
import type { Studio } from './studio-deps';
import type { WalletAnswer, WalletReply } from './wallet-client';

export type PachislotGameRow = typeof pachislotGames.$inferSelect;

/** Statuses the wallet steps move on; `playing` waits for the stop buttons instead. */
const walletStatuses = ['betting', 'paying', 'rollingBack'] as const satisfies PachislotGameStatus[];
const isWalletStep = (status: PachislotGameStatus) => (walletStatuses as readonly string[]).includes(status);

export async function gameById(studio: Studio, id: string): Promise<PachislotGameRow> {
  const [row] = await studio.db.select().from(pachislotGames).where(eq(pachislotGames.id, id));
  if (!row) throw new Error(`pachislot game ${id} is gone`);
  return row;
}

const leaseFree = (now: Date) => or(isNull(pachislotGames.leaseUntil), lt(pachislotGames.leaseUntil, now));

/** Takes the game's lease for a wallet step if nobody holds it (or it ran out). */
export async function claimGame(studio: Studio, id: string, owner: string): Promise<PachislotGameRow | null> {
  const now = studio.clock.now();
  const [row] = await studio.db
    .update(pachislotGames)
    .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + studio.times.leaseMs) })
    .where(and(eq(pachislotGames.id, id), inArray(pachislotGames.status, walletStatuses), leaseFree(now)))
    .returning();
  return row ?? null;
}

/** Waits a while for a game another holds, drives one nobody holds; answers it as it then stands. */
export async function bringGameOn(studio: Studio, game: PachislotGameRow): Promise<PachislotGameRow> {
  const owner = randomUUID();
  const deadline = Date.now() + studio.times.waitForRoundMs;
  let current = game;
  for (;;) {
    if (!isWalletStep(current.status)) return current;
    const claimed = await claimGame(studio, current.id, owner);
    if (claimed) return driveGame(studio, claimed, owner);
    if (Date.now() >= deadline) return current;
    await new Promise((resolve) => setTimeout(resolve, 50));
    current = await gameById(studio, current.id);
  }
}

interface WalletContext {
  walletToken: string;
  currency: string;
  serverSeedHash: string;
}

async function contextOf(studio: Studio, game: PachislotGameRow): Promise<WalletContext> {
  const [row] = await studio.db
    .select({ walletToken: sessions.walletToken, currency: sessions.currency, serverSeedHash: seeds.serverSeedHash })
    .from(pachislotGames)
    .innerJoin(sessions, eq(sessions.id, pachislotGames.sessionId))
    .innerJoin(seeds, eq(seeds.id, pachislotGames.seedId))
    .where(eq(pachislotGames.id, game.id));
  if (!row) throw new Error(`pachislot game ${game.id} has no session`);
  return row;
}

type Step = { moved: PachislotGameRow } | { stopped: PachislotGameRow };

/**
 * Steps the game on while the lease is ours and the wallet answers. Only the request that drew the
 * game sends its bet: a game found still `betting` by anyone else was cut short before the bet's
 * answer was stored, and is rolled back.
 */
export async function driveGame(
  studio: Studio,
  claimed: PachislotGameRow,
  owner: string,
  { sendBet }: { sendBet: boolean } = { sendBet: false },
): Promise<PachislotGameRow> {
  const context = await contextOf(studio, claimed);
  let game = claimed;
  for (;;) {
    if (!isWalletStep(game.status)) return game;
    const step =
      game.status === 'betting'
        ? sendBet
          ? await placeBet(studio, context, game, owner)
          : await moved(studio, game, owner, { status: 'rollingBack' })
        : game.status === 'paying'
          ? await payWin(studio, context, game, owner)
          : await rollBack(studio, context, game, owner);
    if ('stopped' in step) return step.stopped;
    game = step.moved;
  }
}

type Change = Partial<Pick<PachislotGameRow, 'status' | 'refusal' | 'balance'>>;

/**
 * Moves the game on from the status it was seen in, under our lease; a game leaving the wallet
 * steps gives the lease back. A game becoming settled moves its machine's state in the same
 * transaction. Null when the game was taken from us.
 */
async function move(
  studio: Studio,
  game: PachislotGameRow,
  owner: string,
  change: Change,
  release: boolean,
): Promise<PachislotGameRow | null> {
  const now = studio.clock.now();
  return studio.db.transaction(async (tx) => {
    const [row] = await tx
      .update(pachislotGames)
      .set({
        ...change,
        updatedAt: now,
        leaseOwner: release ? null : owner,
        leaseUntil: release ? null : new Date(now.getTime() + studio.times.leaseMs),
      })
      .where(
        and(
          eq(pachislotGames.id, game.id),
          eq(pachislotGames.status, game.status),
          eq(pachislotGames.leaseOwner, owner),
        ),
      )
      .returning();
    if (row?.status === 'settled' && game.status !== 'settled')
      await tx
        .update(pachislotMachines)
        .set({ state: row.stateAfter, games: sql`${pachislotMachines.games} + 1`, updatedAt: now })
        .where(and(eq(pachislotMachines.gameCode, row.gameCode), eq(pachislotMachines.machine, row.machine)));
    return row ?? null;
  });
}

async function moved(studio: Studio, game: PachislotGameRow, owner: string, change: Change): Promise<Step> {
  const release = change.status !== undefined && !isWalletStep(change.status);
  const row = await move(studio, game, owner, change, release);
  return row ? { moved: row } : { stopped: await gameById(studio, game.id) };
}

/** Gives the lease back and leaves the game where it is, for a later try. */
async function stopped(studio: Studio, game: PachislotGameRow, owner: string, reply: WalletReply): Promise<Step> {
  studio.logger.warn(
    { game: game.id, status: game.status, reply: reply.answered ? reply.answer.status : reply.why },
    'studio pachislot game left for a later try',
  );
  const row = await move(studio, game, owner, {}, true);
  return { stopped: row ?? (await gameById(studio, game.id)) };
}

const balanceOf = (answer: WalletAnswer) => (answer.balance === undefined ? {} : { balance: answer.balance });

const refusals: Partial<Record<string, RefusalReason>> = {
  RS_ERROR_NOT_ENOUGH_MONEY: 'notEnoughCoins',
  RS_ERROR_TOKEN_EXPIRED: 'sessionEnded',
  RS_ERROR_INVALID_TOKEN: 'sessionEnded',
  RS_ERROR_USER_DISABLED: 'userDisabled',
};

function refusalOf(answer: WalletAnswer): RefusalReason | undefined {
  const refusal = refusals[answer.status];
  if (refusal !== 'userDisabled') return refusal;
  return v.is(v.picklist(protectionRefusals), answer.reason) ? answer.reason : refusal;
}

const walletRound = (game: PachislotGameRow, context: WalletContext) => ({
  user: game.player,
  token: context.walletToken,
  round: game.id,
  game_code: game.gameCode,
});

async function placeBet(studio: Studio, context: WalletContext, game: PachislotGameRow, owner: string): Promise<Step> {
  const reply = await studio.wallet('transaction/bet', {
    request_uuid: game.betRequestUuid,
    transaction_uuid: game.betTransactionUuid,
    ...walletRound(game, context),
    currency: context.currency,
    amount: game.stake,
    is_free: false,
    round_closed: false,
    meta: { server_seed_hash: context.serverSeedHash, client_seed: game.clientSeed, nonce: game.nonce },
  });
  if (!reply.answered) return moved(studio, game, owner, { status: 'rollingBack' });
  const { answer } = reply;
  if (answer.status === 'RS_OK' || answer.status === 'RS_ERROR_DUPLICATE_TRANSACTION')
    return moved(studio, game, owner, { status: 'playing', ...balanceOf(answer) });
  if (answer.status === 'RS_ERROR_TRANSACTION_ROLLED_BACK')
    return moved(studio, game, owner, { status: 'rolledBack', ...balanceOf(answer) });
  const refusal = refusalOf(answer);
  if (refusal) return moved(studio, game, owner, { status: 'refused', refusal, ...balanceOf(answer) });
  studio.logger.warn({ game: game.id, status: answer.status }, 'the wallet refused a studio pachislot bet');
  return moved(studio, game, owner, { status: 'rollingBack' });
}

async function payWin(studio: Studio, context: WalletContext, game: PachislotGameRow, owner: string): Promise<Step> {
  const body = {
    request_uuid: game.winRequestUuid,
    transaction_uuid: game.winTransactionUuid,
    reference_transaction_uuid: game.betTransactionUuid,
    ...walletRound(game, context),
    currency: context.currency,
    amount: game.win,
    is_free: false,
    round_closed: true,
    // The hall's data counter: one game, and the bonus it aligned, from the game as stored.
    ...winEvents('pachislot', game.outcome),
  };
  let reply = await studio.wallet('transaction/win', body);
  if (!reply.answered) reply = await studio.wallet('transaction/win', body);
  if (!reply.answered) return stopped(studio, game, owner, reply);
  const { answer } = reply;
  if (answer.status === 'RS_OK' || answer.status === 'RS_ERROR_DUPLICATE_TRANSACTION')
    return moved(studio, game, owner, { status: 'settled', ...balanceOf(answer) });
  if (answer.status === 'RS_ERROR_TRANSACTION_ROLLED_BACK')
    return moved(studio, game, owner, { status: 'rolledBack', ...balanceOf(answer) });
  return stopped(studio, game, owner, reply);
}

async function rollBack(studio: Studio, context: WalletContext, game: PachislotGameRow, owner: string): Promise<Step> {
  const reply = await studio.wallet('transaction/rollback', {
    request_uuid: game.rollbackRequestUuid,
    transaction_uuid: game.rollbackTransactionUuid,
    reference_transaction_uuid: game.betTransactionUuid,
    ...walletRound(game, context),
  });
  if (reply.answered && reply.answer.status === 'RS_OK')
    return moved(studio, game, owner, { status: 'rolledBack', ...balanceOf(reply.answer) });
  return stopped(studio, game, owner, reply);
}
