/** The desk's view of a player's protection, and the time-out or exclusion an operator imposes. */

import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type { adminImposeBlock, adminPlayerProtection } from '@contract/protection-desk';
import type { Principal } from '@server/contract-router';
import { auditLog, users } from '@server/db/schema/auth';
import { cryptoDeposits } from '@server/db/schema/crypto';
import { depositOrders } from '@server/db/schema/deposit';
import { ApiError } from '@server/errors';
import { actorOfUser } from '@server/shared/audit-rows';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { and, desc, eq, isNotNull, like } from 'drizzle-orm';
import { blockEnd, startBlock } from './changes';
import { protectionStateOf } from './state';

/** The most changes the desk's view lists; the audit log has them all. */
const historyLength = 200;

async function flaggedDepositsOf(deps: PlayerDeps, userId: number) {
  const [yen, crypto] = await Promise.all([
    deps.db
      .select({
        reference: depositOrders.orderSn,
        amount: depositOrders.yenAmount,
        flag: depositOrders.protectionFlag,
        at: depositOrders.createdAt,
      })
      .from(depositOrders)
      .where(and(eq(depositOrders.userId, userId), isNotNull(depositOrders.protectionFlag))),
    deps.db
      .select({
        reference: cryptoDeposits.orderSn,
        amount: cryptoDeposits.coins,
        flag: cryptoDeposits.protectionFlag,
        at: cryptoDeposits.createdAt,
      })
      .from(cryptoDeposits)
      .where(and(eq(cryptoDeposits.userId, userId), isNotNull(cryptoDeposits.protectionFlag))),
  ]);
  return [...yen, ...crypto]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .flatMap((row) => (row.flag ? [{ ...row, flag: row.flag, at: row.at.toISOString() }] : []));
}

export async function playerProtectionForDesk(
  deps: PlayerDeps,
  body: ParsedBodyOf<typeof adminPlayerProtection>,
): Promise<DataOf<typeof adminPlayerProtection>> {
  const [player] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, body.userId));
  if (!player) throw new ApiError(404, 'admin.userNotFound');
  const [state, history, flaggedDeposits] = await Promise.all([
    protectionStateOf(deps.db, body.userId, deps.clock.now(), deps.settings.coinsPerYen),
    deps.db
      .select({ at: auditLog.at, actor: auditLog.actor, action: auditLog.action, reason: auditLog.reason })
      .from(auditLog)
      .where(and(eq(auditLog.subject, `user:${body.userId}`), like(auditLog.action, 'protection.%')))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(historyLength),
    flaggedDepositsOf(deps, body.userId),
  ]);
  return { state, history: history.map((row) => ({ ...row, at: row.at.toISOString() })), flaggedDeposits };
}

/** An operator's time-out or exclusion: audited with the reason; it can only lengthen what is on. */
export async function imposeBlock(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminImposeBlock>,
): Promise<null> {
  if (body.userId === operator.userId) throw new ApiError(403, 'admin.ownRecord');
  const [player] = await deps.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, body.userId));
  if (player?.role !== 'player') throw new ApiError(404, 'admin.userNotFound');
  const endsAt = blockEnd(body, deps.clock.now());
  await deps.db.transaction((tx) =>
    startBlock(
      tx,
      deps,
      {
        actor: actorOfUser(operator.userId),
        source: 'operator',
        clientAddress: request.clientAddress,
        requestId: request.requestId,
        reason: body.reason,
      },
      body.userId,
      { kind: body.kind, endsAt },
    ),
  );
  return null;
}
