/**
 * Calls stored once per request_uuid (the claim, the work and the answer commit together; a refusal
 * is stored after the rollback), and the game session and game a call names.
 */

import type { Database } from '@server/db/client';
import { gameMachines, gameSessions, providerGames, walletRequests } from '@server/db/schema/hall';
import { and, eq } from 'drizzle-orm';
import { type GameDeps, tokenHash, userIdOfWalletUser } from '../hall/public';
import { type Answer, availableCoins, type Provider, WalletRefusal, type WalletStatus } from './protocol';

/** What a request is stored under, and what it answers when it is refused. */
export interface StoredCall {
  requestUuid: string;
  action: string;
  bodyHash: string;
  refusalUser: string | null;
}

/**
 * The answer stored for the call's request_uuid, as a repeat gets it: the same body gets the stored
 * answer, another body RS_ERROR_WRONG_SYNTAX (rows stored before hashes were kept are answered as before).
 */
function storedAnswer(call: StoredCall, row: { answer: Record<string, unknown>; bodyHash: string | null }): Answer {
  if (row.bodyHash !== null && row.bodyHash !== call.bodyHash)
    return { status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: call.requestUuid };
  return row.answer as Answer;
}

const storedRow = { answer: walletRequests.answer, bodyHash: walletRequests.bodyHash };

/**
 * Runs a call once per request_uuid: the claim, the work and the answer commit together; a
 * refusal is stored after the rollback; a repeat answers what was stored, as storedAnswer says.
 * `replayRefusal` may refuse a repeat whose first answer no longer holds (a status, or null to repeat it).
 */
export async function once(
  deps: GameDeps,
  provider: Provider,
  call: StoredCall,
  work: (tx: Database) => Promise<Answer>,
  replayRefusal?: (tx: Database) => Promise<WalletStatus | null>,
): Promise<Answer> {
  const { requestUuid, action, bodyHash } = call;
  const key = and(eq(walletRequests.providerId, provider.id), eq(walletRequests.requestUuid, requestUuid));
  try {
    return await deps.db.transaction(async (tx) => {
      const claimed = await tx
        .insert(walletRequests)
        .values({ providerId: provider.id, requestUuid, action, answer: {}, bodyHash, createdAt: deps.clock.now() })
        .onConflictDoNothing()
        .returning({ requestUuid: walletRequests.requestUuid });
      if (claimed.length === 0) {
        const [row] = await tx.select(storedRow).from(walletRequests).where(key);
        if (!row) throw new Error(`wallet request ${requestUuid} claimed but not stored`);
        const answer = storedAnswer(call, row);
        const refused = answer.status === 'RS_OK' && replayRefusal ? await replayRefusal(tx) : null;
        return refused ? { status: refused, request_uuid: requestUuid } : answer;
      }
      const answer = await work(tx);
      await tx.update(walletRequests).set({ answer }).where(key);
      return answer;
    });
  } catch (error) {
    if (!(error instanceof WalletRefusal)) throw error;
    return storeRefusal(deps, provider, call, error);
  }
}

/** Stores a refusal, after its transaction was rolled back, unless another answer got there first. */
export async function storeRefusal(
  deps: GameDeps,
  provider: Provider,
  call: StoredCall,
  refusal: WalletRefusal,
): Promise<Answer> {
  const { requestUuid, action, bodyHash, refusalUser } = call;
  const answer: Answer = {
    status: refusal.status,
    request_uuid: requestUuid,
    ...(refusalUser ? { user: refusalUser } : {}),
    ...(refusal.protectionReason ? { reason: refusal.protectionReason } : {}),
  };
  if (refusal.balanceOfUser !== null) {
    answer.currency = provider.currency;
    answer.balance = (await availableCoins(deps.db, refusal.balanceOfUser)) * provider.amountUnit;
  }
  await deps.db
    .insert(walletRequests)
    .values({ providerId: provider.id, requestUuid, action, answer, bodyHash, createdAt: deps.clock.now() })
    .onConflictDoNothing();
  const [row] = await deps.db
    .select(storedRow)
    .from(walletRequests)
    .where(and(eq(walletRequests.providerId, provider.id), eq(walletRequests.requestUuid, requestUuid)));
  return row ? storedAnswer(call, row) : answer;
}

interface SessionRow {
  id: number;
  userId: number;
  gameId: number;
  machineId: number;
  machineNumber: number;
  expiresAt: Date;
  closedAt: Date | null;
}

export async function sessionOf(tx: Database, provider: Provider, token: string, user: string): Promise<SessionRow> {
  const [session] = await tx
    .select({
      id: gameSessions.id,
      userId: gameSessions.userId,
      gameId: gameSessions.gameId,
      machineId: gameSessions.machineId,
      machineNumber: gameMachines.number,
      expiresAt: gameSessions.expiresAt,
      closedAt: gameSessions.closedAt,
    })
    .from(gameSessions)
    .innerJoin(gameMachines, eq(gameMachines.id, gameSessions.machineId))
    .where(and(eq(gameSessions.tokenHash, tokenHash(token)), eq(gameSessions.providerId, provider.id)));
  if (!session || userIdOfWalletUser(user) !== session.userId) throw new WalletRefusal('RS_ERROR_INVALID_TOKEN');
  return session;
}

export function assertOpen(deps: GameDeps, session: SessionRow): void {
  if (session.closedAt !== null || session.expiresAt.getTime() <= deps.clock.now().getTime())
    throw new WalletRefusal('RS_ERROR_TOKEN_EXPIRED');
}

export async function gameOf(tx: Database, provider: Provider, gameCode: string) {
  const [game] = await tx
    .select()
    .from(providerGames)
    .where(and(eq(providerGames.providerId, provider.id), eq(providerGames.gameCode, gameCode)));
  if (!game) throw new WalletRefusal('RS_ERROR_INVALID_GAME');
  return game;
}
