/** Rollbacks: a bet or a win undone, once, with the coins moved back and the round's row corrected. */

import type { Database } from '@server/db/client';
import { gameMachines, providerGames, walletTransactions } from '@server/db/schema/hall';
import { gameRecords } from '@server/db/schema/record';
import { ApiError } from '@server/errors';
import { pickLocalised } from '@server/localised-text';
import { coinCurrency } from '@server/shared/player-deps';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { GameDeps } from '../hall/public';
import { gameProviderAccount, playerAccount, transfer } from '../ledger/public';
import {
  type Answer,
  availableCoins,
  balanceAnswer,
  ledgerOrigin,
  type Provider,
  parsed,
  rollbackBody,
  storableMeta,
  unstored,
  WalletRefusal,
  type WalletRequest,
} from './protocol';
import { once, sessionOf } from './stored-calls';

/** Adds a bet or a win (negative to take one back) to the player's row of the round, creating it. */
async function addToRound(
  deps: GameDeps,
  tx: Database,
  provider: Provider,
  round: { id: string; userId: number; gameId: number; machineId: number; bet: number; win: number },
): Promise<void> {
  const [game] = await tx
    .select({ name: providerGames.name })
    .from(providerGames)
    .where(eq(providerGames.id, round.gameId));
  const [machine] = await tx
    .select({ number: gameMachines.number })
    .from(gameMachines)
    .where(eq(gameMachines.id, round.machineId));
  const now = deps.clock.now();
  await tx
    .insert(gameRecords)
    .values({
      userId: round.userId,
      gameName: game ? pickLocalised(game.name, 'ja-JP') : '',
      machineId: String(machine?.number ?? ''),
      betAmount: round.bet,
      winAmount: round.win,
      playedAt: now,
      providerId: provider.id,
      round: round.id,
      gameId: round.gameId,
      gameMachineId: round.machineId,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [gameRecords.providerId, gameRecords.userId, gameRecords.round],
      set: {
        betAmount: sql`${gameRecords.betAmount} + ${round.bet}`,
        winAmount: sql`${gameRecords.winAmount} + ${round.win}`,
        updatedAt: now,
      },
    });
}

async function moveCoins(
  deps: GameDeps,
  tx: Database,
  provider: Provider,
  move: { payer: 'player' | 'house'; userId: number; coins: number; kind: string; key: string; round: string },
): Promise<number | null> {
  if (move.coins === 0) return null;
  const player = playerAccount(move.userId, coinCurrency);
  const house = gameProviderAccount(provider.id, move.userId, coinCurrency);
  try {
    const result = await transfer(tx, deps.clock, {
      ...ledgerOrigin(provider),
      reason: `${move.kind} round ${move.round}`,
      from: move.payer === 'player' ? player : house,
      to: move.payer === 'player' ? house : player,
      amount: BigInt(move.coins),
      currency: coinCurrency,
      idempotencyKey: move.key,
      kind: move.kind,
      metadata: { provider: provider.id, round: move.round },
    });
    return result.transfer.id;
  } catch (error) {
    if (error instanceof ApiError && error.messageKey === 'ledger.insufficientBalance')
      throw new WalletRefusal('RS_ERROR_NOT_ENOUGH_MONEY', move.userId);
    throw error;
  }
}

type RollbackRequest = v.InferOutput<typeof rollbackBody>;
type WalletTransaction = typeof walletTransactions.$inferSelect;

/** One rollback under way: its request, the session it names, and when it happens. */
interface Rollback {
  deps: GameDeps;
  tx: Database;
  provider: Provider;
  request: RollbackRequest;
  userId: number;
  now: Date;
}

/**
 * Undoes a bet (coins back to the player) or a win (coins back to the house), once. A rollback of
 * a transaction we never saw leaves a tombstone under its uuid, so the late bet is refused. A bet
 * that a win has settled stays booked: the round was played and paid, so its rollback is refused
 * (RS_ERROR_UNKNOWN, the model's status for a case without its own) until that win is rolled back.
 */
export async function rollback(deps: GameDeps, provider: Provider, { body, bodyHash }: WalletRequest): Promise<Answer> {
  return unstored(body.request_uuid, async () => {
    const request = parsed(rollbackBody, body);
    return once(
      deps,
      provider,
      { requestUuid: request.request_uuid, action: 'transaction/rollback', bodyHash, refusalUser: request.user },
      async (tx) => {
        const session = await sessionOf(tx, provider, request.token, request.user);
        const call: Rollback = { deps, tx, provider, request, userId: session.userId, now: deps.clock.now() };
        await undoOnce(call);
        return balanceAnswer(provider, request.request_uuid, request.user, await availableCoins(tx, session.userId));
      },
    );
  });
}

/** The rollback's steps: claimed under its own uuid, the reference found (or buried), checked, and undone. */
async function undoOnce(call: Rollback): Promise<void> {
  const claimedId = await claimRollback(call);
  // Another rollback of the same transaction came first: it is undone already.
  if (claimedId === null) return;
  const reference = await referenceToUndo(call);
  if (reference === 'buried') return;
  if (!reference || reference.userId !== call.userId || reference.kind === 'rollback')
    throw new WalletRefusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
  if (reference.kind === 'tombstone' || reference.rolledBackAt !== null) return;
  if (reference.kind === 'bet') await refuseSettledBet(call, reference);
  await undo(call, reference, claimedId);
}

/**
 * Claims the rollback's own transaction_uuid: its row's id, or null when another rollback of the
 * same reference holds it. The same transaction_uuid used for anything else is a duplicate.
 */
async function claimRollback({ tx, provider, request, userId, now }: Rollback): Promise<number | null> {
  const [claimed] = await tx
    .insert(walletTransactions)
    .values({
      providerId: provider.id,
      transactionUuid: request.transaction_uuid,
      kind: 'rollback',
      userId,
      round: request.round ?? null,
      amount: 0,
      referenceTransactionUuid: request.reference_transaction_uuid,
      requestUuid: request.request_uuid,
      meta: storableMeta(request.meta),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: walletTransactions.id });
  if (claimed) return claimed.id;
  const [same] = await tx
    .select({ id: walletTransactions.id })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.providerId, provider.id),
        eq(walletTransactions.transactionUuid, request.transaction_uuid),
      ),
    );
  if (same) throw new WalletRefusal('RS_ERROR_DUPLICATE_TRANSACTION', userId);
  return null;
}

/**
 * The referenced transaction, locked; when there is none, a tombstone is left under its uuid
 * ('buried') so that a late bet is refused, unless the bet arrived meanwhile and is read instead.
 */
async function referenceToUndo({
  tx,
  provider,
  request,
  userId,
  now,
}: Rollback): Promise<WalletTransaction | 'buried' | undefined> {
  const referenceKey = and(
    eq(walletTransactions.providerId, provider.id),
    eq(walletTransactions.transactionUuid, request.reference_transaction_uuid),
  );
  const [reference] = await tx.select().from(walletTransactions).where(referenceKey).for('update');
  if (reference) return reference;
  const [tombstone] = await tx
    .insert(walletTransactions)
    .values({
      providerId: provider.id,
      transactionUuid: request.reference_transaction_uuid,
      kind: 'tombstone',
      userId,
      round: request.round ?? null,
      amount: 0,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: walletTransactions.id });
  if (tombstone) return 'buried';
  // The bet arrived meanwhile: undo it.
  const [arrived] = await tx.select().from(walletTransactions).where(referenceKey).for('update');
  return arrived;
}

/** A bet a standing win has settled is not undone. */
async function refuseSettledBet({ tx, provider, userId }: Rollback, bet: WalletTransaction): Promise<void> {
  // A win of this bet commits before this lock is ours (it holds the bet), so it is seen here.
  const [standingWin] = await tx
    .select({ id: walletTransactions.id })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.providerId, provider.id),
        eq(walletTransactions.referenceTransactionUuid, bet.transactionUuid),
        eq(walletTransactions.kind, 'win'),
        isNull(walletTransactions.rolledBackAt),
      ),
    )
    .limit(1);
  if (standingWin) throw new WalletRefusal('RS_ERROR_UNKNOWN', userId);
}

/** The coins moved back, the reference marked rolled back, the rollback's row completed and the round corrected. */
async function undo(call: Rollback, reference: WalletTransaction, claimedId: number): Promise<void> {
  const { deps, tx, provider, request, userId, now } = call;
  const round = reference.round ?? request.round ?? '';
  const transferId = await moveCoins(deps, tx, provider, {
    payer: reference.kind === 'bet' ? 'house' : 'player',
    userId,
    coins: reference.amount,
    kind: 'gameRollback',
    key: `rollback:${reference.transactionUuid}`,
    round,
  });
  await tx.update(walletTransactions).set({ rolledBackAt: now }).where(eq(walletTransactions.id, reference.id));
  // The rollback row records the amount it gave back and the transfer that did it.
  await tx
    .update(walletTransactions)
    .set({ amount: reference.amount, ledgerTransferId: transferId })
    .where(eq(walletTransactions.id, claimedId));
  if (reference.gameId !== null && reference.machineId !== null && reference.round !== null) {
    await addToRound(deps, tx, provider, {
      id: reference.round,
      userId,
      gameId: reference.gameId,
      machineId: reference.machineId,
      bet: reference.kind === 'bet' ? -reference.amount : 0,
      win: reference.kind === 'win' ? -reference.amount : 0,
    });
  }
}
