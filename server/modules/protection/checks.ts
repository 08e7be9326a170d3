/**
 * What other modules ask of player protection where money moves: whether a player may launch a
 * game, take a deposit address or be given coins (not while a time-out or exclusion is on), and
 * whether a deposit stays within the deposit limits. The wallet's bet asks the database itself
 * (protection_check_bet).
 */

import type { ProtectionRefusal } from '@contract/protection';
import type { Database } from '@server/db/client';
import { protectionLimits } from '@server/db/schema/protection';
import { ApiError } from '@server/errors';
import { instant } from '@server/shared/function-call';
import { and, eq, sql } from 'drizzle-orm';
import { lockedProtectionRow } from './changes';
import { protectionRowOf } from './state';

/** The 403 of a player on a break or excluded, with its end when it has one. */
function blockRefusal(kind: 'timeOut' | 'selfExclusion'): ApiError {
  return new ApiError(403, `protection.${kind}`);
}

/** Refuses (403) a player whose time-out or self-exclusion is in force at `now`. */
export async function refuseWhileBlocked(db: Database, userId: number, now: Date): Promise<void> {
  const row = await protectionRowOf(db, userId, now);
  if (row?.blockActive && row.blockKind) throw blockRefusal(row.blockKind);
}

export interface DepositWeighing {
  userId: number;
  yen: number;
  now: Date;
  coinsPerYen: number;
  /**
   * A new order: the player's open orders count too, and the protection row is locked, so orders of
   * one player are weighed one at a time, each seeing the ones before it. A payment being credited
   * (openOrders false) counts neither itself nor open orders and takes no lock: its transaction
   * then locks the player's ledger account, which must come before the protection row.
   */
  openOrders: boolean;
  exceptOrderSn: string | null;
}

/** Why a deposit may not go ahead (a block in force, or a deposit limit it would pass), or null. */
export async function depositRefusal(tx: Database, deposit: DepositWeighing): Promise<ProtectionRefusal | null> {
  const row = deposit.openOrders
    ? await lockedProtectionRow(tx, deposit.userId, deposit.now)
    : await protectionRowOf(tx, deposit.userId, deposit.now);
  if (row?.blockActive && row.blockKind) return row.blockKind;
  const at = instant(deposit.now);
  const over = await tx
    .select({ period: protectionLimits.period })
    .from(protectionLimits)
    .where(
      and(
        eq(protectionLimits.userId, deposit.userId),
        eq(protectionLimits.kind, 'deposit'),
        sql`protection_deposit_used(${deposit.userId}, ${protectionLimits.period}, ${at}, ${deposit.coinsPerYen}::integer, ${deposit.openOrders}, ${deposit.exceptOrderSn}::text) + ${deposit.yen}
          > protection_limit_value(${protectionLimits.value}, ${protectionLimits.pendingValue}, ${protectionLimits.pendingAppliesAt}, ${at})`,
      ),
    )
    .limit(1);
  return over.length > 0 ? 'depositLimit' : null;
}

/** The API's refusal of a deposit for a protection reason. */
export function depositRefusalError(reason: ProtectionRefusal): ApiError {
  return reason === 'timeOut' || reason === 'selfExclusion'
    ? blockRefusal(reason)
    : new ApiError(422, 'protection.depositLimit');
}
