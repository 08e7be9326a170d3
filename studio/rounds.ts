/**
 * Rounds (docs/architecture.md §12): drawn and stored before the bet, then booked at the wallet as
 * a bet and a win, or given back with a rollback. Status: betting → betPlaced → settled, or
 * betting → rollingBack → rolledBack, or betting → refused (the wallet booked nothing).
 *
 * Every wallet request's uuids are stored with the round before it is first sent, so any retry, by
 * whichever process, is the same request, and the wallet books it once. Whoever acts on a round
 * holds its lease (`UPDATE … WHERE` the lease is free); each step moves the status only from the
 * one it saw, under the lease. A bet without an answer is rolled back; a win without one is sent
 * again until it is answered. Nothing here runs a wallet call inside a database transaction.
 */
import { randomUUID } from 'node:crypto';
import { protectionRefusals } from '@contract/protection';
import type { StudioOutcome, StudioRound } from '@contract/studio';
import { roundTitle, studioTitle } from '@games/catalogue';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import * as v from 'valibot';
import { type RefusalReason, type RoundStatus, rounds, seeds, sessions } from './db/schema';
import { winEvents } from './round-events';
import { committedSeeds, takeNonce } from './seeds';
import type { SessionRow } from './sessions';
import { type Studio, StudioError } from './studio-deps';
import type { WalletAnswer, WalletReply } from './wallet-client';

export type RoundRow = typeof rounds.$inferSelect;

const unfinishedStatuses = ['betting', 'betPlaced', 'rollingBack'] as const satisfies RoundStatus[];
const isUnfinished = (status: RoundStatus) => (unfinishedStatuses as readonly RoundStatus[]).includes(status);

/** What the game page is shown of a round: a rolled-back round won nothing. */
export function roundView(row: RoundRow): StudioRound {
  return {
    id: row.id,
    nonce: row.nonce,
    stake: row.stake,
    win: row.status === 'rolledBack' ? 0 : row.win,
    status: row.status === 'settled' ? 'settled' : row.status === 'rolledBack' ? 'rolledBack' : 'open',
    // The title's RoundResult as played, in the jsonb column that kept only the draw before titles
    // (a round of then answers its stake and win beside it).
    outcome: { totalBet: row.stake, totalWin: row.win, ...(row.drawn as object) } as StudioOutcome,
    playedAt: row.createdAt.toISOString(),
  };
}

/** Another request inserted a round under the same key first. */
class RoundKeyTaken extends Error {}

export async function roundByKey(studio: Studio, player: string, roundKey: string): Promise<RoundRow | null> {
  const [row] = await studio.db
    .select()
    .from(rounds)
    .where(and(eq(rounds.player, player), eq(rounds.roundKey, roundKey)));
  return row ?? null;
}

async function roundById(studio: Studio, id: string): Promise<RoundRow> {
  const [row] = await studio.db.select().from(rounds).where(eq(rounds.id, id));
  if (!row) throw new Error(`round ${id} is gone`);
  return row;
}

/**
 * Draws a round and books it: the nonce taken and the round stored in one transaction (a second
 * request with the same key rolls its own back and waits for the first), then the wallet calls.
 */
export async function playStudioRound(
  studio: Studio,
  session: SessionRow,
  stake: number,
  roundKey: string,
): Promise<RoundRow> {
  const title = roundTitle(session.gameCode);
  if (!title) throw new StudioError(422, 'gameUnavailable');
  if (!title.stakes.includes(stake))
    throw new StudioError(400, 'invalidInput', undefined, { stake: 'stakeNotOffered' });
  const existing = await roundByKey(studio, session.player, roundKey);
  if (existing) return bringToEnd(studio, existing);
  await committedSeeds(studio, session.player, session.gameCode);
  const owner = randomUUID();
  let inserted: RoundRow;
  try {
    inserted = await studio.db.transaction(async (tx) => {
      const seed = await takeNonce(tx, session.player, session.gameCode);
      const outcome = title.play(
        { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nextNonce },
        stake,
      );
      const now = studio.clock.now();
      const [row] = await tx
        .insert(rounds)
        .values({
          id: randomUUID(),
          roundKey,
          sessionId: session.id,
          player: session.player,
          gameCode: session.gameCode,
          machine: session.machine,
          seedId: seed.id,
          nonce: seed.nextNonce,
          clientSeed: seed.clientSeed,
          stake,
          win: outcome.totalWin,
          drawn: outcome,
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
        .onConflictDoNothing({ target: [rounds.player, rounds.roundKey] })
        .returning();
      if (!row) throw new RoundKeyTaken();
      return row;
    });
  } catch (error) {
    if (!(error instanceof RoundKeyTaken)) throw error;
    const first = await roundByKey(studio, session.player, roundKey);
    if (!first) throw error;
    return bringToEnd(studio, first);
  }
  await studio.db
    .update(sessions)
    .set({ expiresAt: new Date(studio.clock.now().getTime() + studio.times.sessionIdleMs) })
    .where(eq(sessions.id, session.id));
  return drive(studio, inserted, owner, { sendBet: true });
}

/**
 * Brings a round to its end: a round another holds is waited for (a while), one nobody holds is
 * taken and driven on. Answers the round as it then stands.
 */
export async function bringToEnd(studio: Studio, round: RoundRow): Promise<RoundRow> {
  const owner = randomUUID();
  const deadline = Date.now() + studio.times.waitForRoundMs;
  let current = round;
  for (;;) {
    if (!isUnfinished(current.status)) return current;
    const claimed = await claim(studio, current.id, owner);
    if (claimed) return drive(studio, claimed, owner);
    if (Date.now() >= deadline) return current;
    await new Promise((resolve) => setTimeout(resolve, 50));
    current = await roundById(studio, current.id);
  }
}

/** Takes the round's lease if nobody holds it (or it ran out). */
async function claim(studio: Studio, id: string, owner: string): Promise<RoundRow | null> {
  const now = studio.clock.now();
  const [row] = await studio.db
    .update(rounds)
    .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + studio.times.leaseMs) })
    .where(
      and(
        eq(rounds.id, id),
        inArray(rounds.status, unfinishedStatuses),
        or(isNull(rounds.leaseUntil), lt(rounds.leaseUntil, now)),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The rounds the recovery job finishes: unfinished, untouched for a while, held by nobody. Each
 * is claimed in one statement that skips rows another process is claiming at that moment, so two
 * processes never take the same round.
 */
export async function recoverRounds(studio: Studio, batch = 50): Promise<RoundRow[]> {
  const owner = randomUUID();
  const now = studio.clock.now();
  const leaseFree = or(isNull(rounds.leaseUntil), lt(rounds.leaseUntil, now));
  const stuck = studio.db
    .select({ id: rounds.id })
    .from(rounds)
    .where(
      and(
        inArray(rounds.status, unfinishedStatuses),
        lt(rounds.updatedAt, new Date(now.getTime() - studio.times.recoverAfterMs)),
        leaseFree,
      ),
    )
    .orderBy(rounds.updatedAt)
    .limit(batch)
    .for('update', { skipLocked: true });
  const claimed = await studio.db
    .update(rounds)
    .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + studio.times.leaseMs) })
    .where(and(inArray(rounds.id, stuck), inArray(rounds.status, unfinishedStatuses), leaseFree))
    .returning();
  const finished: RoundRow[] = [];
  for (const round of claimed) {
    try {
      finished.push(await drive(studio, round, owner));
    } catch (error) {
      // A database away is the next run's to outlast; anything else is a fault of ours.
      const level = studio.isDatabaseUnavailable(error) ? 'warn' : 'error';
      studio.logger[level]({ err: error, round: round.id }, 'studio round recovery failed');
    }
  }
  return finished;
}

/** The player's unfinished rounds, each brought to its end; the latest of the game is answered. */
export async function resumePlayerRounds(studio: Studio, player: string, gameCode: string): Promise<RoundRow | null> {
  const open = await studio.db
    .select()
    .from(rounds)
    .where(and(eq(rounds.player, player), inArray(rounds.status, unfinishedStatuses)))
    .orderBy(rounds.createdAt);
  let latest: RoundRow | null = null;
  for (const round of open) {
    const ended = await bringToEnd(studio, round);
    if (ended.gameCode === gameCode) latest = ended;
  }
  return latest;
}

interface RoundContext {
  walletToken: string;
  currency: string;
  serverSeedHash: string;
  clientSeed: string;
}

async function contextOf(studio: Studio, round: RoundRow): Promise<RoundContext> {
  const [row] = await studio.db
    .select({
      walletToken: sessions.walletToken,
      currency: sessions.currency,
      serverSeedHash: seeds.serverSeedHash,
      clientSeed: rounds.clientSeed,
    })
    .from(rounds)
    .innerJoin(sessions, eq(sessions.id, rounds.sessionId))
    .innerJoin(seeds, eq(seeds.id, rounds.seedId))
    .where(eq(rounds.id, round.id));
  if (!row) throw new Error(`round ${round.id} has no session`);
  return row;
}

type Step = { moved: RoundRow } | { stopped: RoundRow };

/**
 * Steps the round on while the lease is ours and the wallet answers; the lease is given back at the
 * end. Only the request that drew the round sends its bet: a round found still `betting` by anyone
 * else was cut short before the bet's answer was stored, and is rolled back.
 */
async function drive(
  studio: Studio,
  claimed: RoundRow,
  owner: string,
  { sendBet }: { sendBet: boolean } = { sendBet: false },
): Promise<RoundRow> {
  const context = await contextOf(studio, claimed);
  let round = claimed;
  for (;;) {
    if (!isUnfinished(round.status)) return round;
    const step =
      round.status === 'betting'
        ? sendBet
          ? await placeBet(studio, context, round, owner)
          : await moved(studio, round, owner, { status: 'rollingBack' })
        : round.status === 'betPlaced'
          ? await payWin(studio, context, round, owner)
          : await rollBack(studio, context, round, owner);
    if ('stopped' in step) return step.stopped;
    round = step.moved;
  }
}

/**
 * Moves the round on from the status it was seen in, under our lease; with `release` the lease is
 * given back. Null when the round was taken from us (our lease ran out and another claimed it).
 */
async function move(
  studio: Studio,
  round: RoundRow,
  owner: string,
  change: Partial<Pick<RoundRow, 'status' | 'refusal' | 'balance'>>,
  release: boolean,
): Promise<RoundRow | null> {
  const now = studio.clock.now();
  const [row] = await studio.db
    .update(rounds)
    .set({
      ...change,
      updatedAt: now,
      leaseOwner: release ? null : owner,
      leaseUntil: release ? null : new Date(now.getTime() + studio.times.leaseMs),
    })
    .where(and(eq(rounds.id, round.id), eq(rounds.status, round.status), eq(rounds.leaseOwner, owner)))
    .returning();
  return row ?? null;
}

async function moved(
  studio: Studio,
  round: RoundRow,
  owner: string,
  change: Partial<Pick<RoundRow, 'status' | 'refusal' | 'balance'>>,
): Promise<Step> {
  const final = change.status !== undefined && !isUnfinished(change.status);
  const row = await move(studio, round, owner, change, final);
  return row ? { moved: row } : { stopped: await roundById(studio, round.id) };
}

/** Gives the lease back and leaves the round where it is, for a later try. */
async function stopped(studio: Studio, round: RoundRow, owner: string, reply: WalletReply): Promise<Step> {
  studio.logger.warn(
    { round: round.id, status: round.status, reply: reply.answered ? reply.answer.status : reply.why },
    'studio round left for a later try',
  );
  const row = await move(studio, round, owner, {}, true);
  return { stopped: row ?? (await roundById(studio, round.id)) };
}

const balanceOf = (answer: WalletAnswer) => (answer.balance === undefined ? {} : { balance: answer.balance });

const refusals: Partial<Record<string, RefusalReason>> = {
  RS_ERROR_NOT_ENOUGH_MONEY: 'notEnoughCoins',
  RS_ERROR_TOKEN_EXPIRED: 'sessionEnded',
  RS_ERROR_INVALID_TOKEN: 'sessionEnded',
  RS_ERROR_USER_DISABLED: 'userDisabled',
};

/** The wallet's refusal of a bet; a disabled account's keeps the protection's reason when it names a known one. */
function refusalOf(answer: WalletAnswer): RefusalReason | undefined {
  const refusal = refusals[answer.status];
  if (refusal !== 'userDisabled') return refusal;
  return v.is(v.picklist(protectionRefusals), answer.reason) ? answer.reason : refusal;
}

async function placeBet(studio: Studio, context: RoundContext, round: RoundRow, owner: string): Promise<Step> {
  const reply = await studio.wallet('transaction/bet', {
    request_uuid: round.betRequestUuid,
    transaction_uuid: round.betTransactionUuid,
    user: round.player,
    token: context.walletToken,
    round: round.id,
    game_code: round.gameCode,
    currency: context.currency,
    amount: round.stake,
    is_free: false,
    round_closed: false,
    // What the round is drawn from, for whoever reads the wallet's side later.
    meta: { server_seed_hash: context.serverSeedHash, client_seed: context.clientSeed, nonce: round.nonce },
  });
  // No answer that can be trusted: the bet may or may not be booked, so it is rolled back.
  if (!reply.answered) return moved(studio, round, owner, { status: 'rollingBack' });
  const { answer } = reply;
  if (answer.status === 'RS_OK' || answer.status === 'RS_ERROR_DUPLICATE_TRANSACTION')
    return moved(studio, round, owner, { status: 'betPlaced', ...balanceOf(answer) });
  if (answer.status === 'RS_ERROR_TRANSACTION_ROLLED_BACK')
    return moved(studio, round, owner, { status: 'rolledBack', ...balanceOf(answer) });
  const refusal = refusalOf(answer);
  if (refusal) return moved(studio, round, owner, { status: 'refused', refusal, ...balanceOf(answer) });
  // Any other refusal booked nothing; the rollback makes sure of it.
  studio.logger.warn({ round: round.id, status: answer.status }, 'the wallet refused a studio bet');
  return moved(studio, round, owner, { status: 'rollingBack' });
}

async function payWin(studio: Studio, context: RoundContext, round: RoundRow, owner: string): Promise<Step> {
  const body = {
    request_uuid: round.winRequestUuid,
    transaction_uuid: round.winTransactionUuid,
    reference_transaction_uuid: round.betTransactionUuid,
    user: round.player,
    token: context.walletToken,
    round: round.id,
    game_code: round.gameCode,
    currency: context.currency,
    amount: round.win,
    is_free: false,
    round_closed: true,
    // The hall's data counter: the round's jackpots and rushes, from the round as stored, so a retry sends the same body.
    ...winEvents(studioTitle(round.gameCode)?.kind ?? 'slot', round.drawn),
  };
  let reply = await studio.wallet('transaction/win', body);
  // Once more at once: the same request, which the wallet books at most once.
  if (!reply.answered) reply = await studio.wallet('transaction/win', body);
  if (!reply.answered) return stopped(studio, round, owner, reply);
  const { answer } = reply;
  if (answer.status === 'RS_OK' || answer.status === 'RS_ERROR_DUPLICATE_TRANSACTION')
    return moved(studio, round, owner, { status: 'settled', ...balanceOf(answer) });
  if (answer.status === 'RS_ERROR_TRANSACTION_ROLLED_BACK')
    return moved(studio, round, owner, { status: 'rolledBack', ...balanceOf(answer) });
  return stopped(studio, round, owner, reply);
}

async function rollBack(studio: Studio, context: RoundContext, round: RoundRow, owner: string): Promise<Step> {
  const reply = await studio.wallet('transaction/rollback', {
    request_uuid: round.rollbackRequestUuid,
    transaction_uuid: round.rollbackTransactionUuid,
    reference_transaction_uuid: round.betTransactionUuid,
    user: round.player,
    token: context.walletToken,
    round: round.id,
    game_code: round.gameCode,
  });
  if (reply.answered && reply.answer.status === 'RS_OK')
    return moved(studio, round, owner, { status: 'rolledBack', ...balanceOf(reply.answer) });
  return stopped(studio, round, owner, reply);
}
