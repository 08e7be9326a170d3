/** Launch-token redemption (user/info with a token), plain user info, and the balance. */

import type { Database } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import { gameLaunchTokens, gameMachines, gameSeats, gameSessions, providerGames } from '@server/db/schema/hall';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { type GameDeps, sessionTokenFor, tokenHash, userIdOfWalletUser, walletUserOf } from '../hall/public';
import {
  type Answer,
  availableCoins,
  balanceAnswer,
  balanceBody,
  type Provider,
  parsed,
  unstored,
  userInfoBody,
  WalletRefusal,
  type WalletRequest,
  type WalletStatus,
} from './protocol';
import { assertOpen, gameOf, once, sessionOf } from './stored-calls';

export async function userInfo(deps: GameDeps, provider: Provider, { body, bodyHash }: WalletRequest): Promise<Answer> {
  return unstored(body.request_uuid, async () => {
    const request = parsed(userInfoBody, body);
    const launchToken = request.token;
    if (launchToken === undefined) return plainUserInfo(deps, provider, request.request_uuid, request.user);
    const answer = await once(
      deps,
      provider,
      { requestUuid: request.request_uuid, action: 'user/info', bodyHash, refusalUser: request.user ?? null },
      (tx) => redeemLaunchToken(deps, tx, provider, request.request_uuid, launchToken, request.user),
      (tx) => redemptionReplayRefusal(deps, tx, launchToken),
    );
    // The session token is derived again, never stored: the answer a repeat gets is the same.
    return answer.status === 'RS_OK' ? { ...answer, token: sessionTokenFor(deps.sessionSecret, launchToken) } : answer;
  });
}

/**
 * A repeated redemption hands out the game session again, so it is answered only while the launch
 * token is within its lifetime and the session it opened is still open: a provider that lost the
 * first answer retries at once, and a launch URL is worth nothing once its time is up, the seat is
 * left or the machine launched again.
 */
async function redemptionReplayRefusal(
  deps: GameDeps,
  tx: Database,
  launchToken: string,
): Promise<WalletStatus | null> {
  const now = deps.clock.now();
  const hash = tokenHash(launchToken);
  const [open] = await tx
    .select({ id: gameSessions.id })
    .from(gameSessions)
    .innerJoin(gameLaunchTokens, eq(gameLaunchTokens.tokenHash, gameSessions.launchTokenHash))
    .where(
      and(
        eq(gameSessions.launchTokenHash, hash),
        isNull(gameSessions.closedAt),
        gt(gameSessions.expiresAt, now),
        gt(gameLaunchTokens.expiresAt, now),
      ),
    );
  return open ? null : 'RS_ERROR_TOKEN_EXPIRED';
}

/** Hub88's user info, only for a player who holds an open game session of this provider. */
async function plainUserInfo(
  deps: GameDeps,
  provider: Provider,
  requestUuid: string,
  user: string | undefined,
): Promise<Answer> {
  const userId = user === undefined ? null : userIdOfWalletUser(user);
  const [row] = userId
    ? await deps.db
        .select({ registeredAt: users.registeredAt })
        .from(users)
        .innerJoin(gameSessions, eq(gameSessions.userId, users.id))
        .where(
          and(
            eq(users.id, userId),
            eq(gameSessions.providerId, provider.id),
            isNull(gameSessions.closedAt),
            gt(gameSessions.expiresAt, deps.clock.now()),
          ),
        )
        .limit(1)
    : [];
  if (!row || userId === null) throw new WalletRefusal('RS_ERROR_INVALID_TOKEN');
  return {
    user: walletUserOf(userId),
    status: 'RS_OK',
    request_uuid: requestUuid,
    registration_date: row.registeredAt.toISOString().slice(0, 10),
    tags: [],
  };
}

/** The launch token, used once, becomes a game session bound to the same player, machine and game. */
async function redeemLaunchToken(
  deps: GameDeps,
  tx: Database,
  provider: Provider,
  requestUuid: string,
  launchToken: string,
  user: string | undefined,
): Promise<Answer> {
  const now = deps.clock.now();
  const hash = tokenHash(launchToken);
  const [launch] = await tx
    .select({
      userId: gameLaunchTokens.userId,
      machineId: gameLaunchTokens.machineId,
      machineNumber: gameMachines.number,
      machineSetting: gameMachines.setting,
      gameKind: providerGames.kind,
      gameId: gameLaunchTokens.gameId,
      gameCode: providerGames.gameCode,
      providerId: providerGames.providerId,
      expiresAt: gameLaunchTokens.expiresAt,
      redeemedAt: gameLaunchTokens.redeemedAt,
    })
    .from(gameLaunchTokens)
    .innerJoin(providerGames, eq(providerGames.id, gameLaunchTokens.gameId))
    .innerJoin(gameMachines, eq(gameMachines.id, gameLaunchTokens.machineId))
    .where(eq(gameLaunchTokens.tokenHash, hash))
    .for('update', { of: gameLaunchTokens });
  if (!launch || launch.providerId !== provider.id || launch.redeemedAt !== null)
    throw new WalletRefusal('RS_ERROR_INVALID_TOKEN');
  if (user !== undefined && userIdOfWalletUser(user) !== launch.userId)
    throw new WalletRefusal('RS_ERROR_INVALID_TOKEN');
  if (launch.expiresAt.getTime() <= now.getTime()) throw new WalletRefusal('RS_ERROR_TOKEN_EXPIRED');
  // The seat may have been left or taken elsewhere since the launch.
  const [seat] = await tx
    .select({ id: gameSeats.id })
    .from(gameSeats)
    .where(and(eq(gameSeats.userId, launch.userId), eq(gameSeats.machineId, launch.machineId)));
  if (!seat) throw new WalletRefusal('RS_ERROR_TOKEN_EXPIRED');
  await tx.update(gameLaunchTokens).set({ redeemedAt: now }).where(eq(gameLaunchTokens.tokenHash, hash));
  await tx.insert(gameSessions).values({
    tokenHash: tokenHash(sessionTokenFor(deps.sessionSecret, launchToken)),
    launchTokenHash: hash,
    providerId: provider.id,
    userId: launch.userId,
    gameId: launch.gameId,
    machineId: launch.machineId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + deps.times.sessionIdleMs),
  });
  return {
    ...balanceAnswer(provider, requestUuid, walletUserOf(launch.userId), await availableCoins(tx, launch.userId)),
    game_code: launch.gameCode,
    machine: launch.machineNumber,
    // A pachislot machine's 設定 goes to the provider that draws its games, and to nobody else.
    ...(launch.gameKind === 'pachislot' ? { machine_setting: launch.machineSetting } : {}),
  };
}

/** The current balance: never stored, a repeat answers what is current. */
export async function userBalance(deps: GameDeps, provider: Provider, { body }: WalletRequest): Promise<Answer> {
  return unstored(body.request_uuid, async () => {
    const request = parsed(balanceBody, body);
    const session = await sessionOf(deps.db, provider, request.token, request.user);
    assertOpen(deps, session);
    if (request.game_code !== undefined) {
      const game = await gameOf(deps.db, provider, request.game_code);
      if (game.id !== session.gameId) throw new WalletRefusal('RS_ERROR_INVALID_GAME');
    }
    return balanceAnswer(provider, request.request_uuid, request.user, await availableCoins(deps.db, session.userId));
  });
}
