/**
 * Every change of a player's protection, whoever makes it (the player, an approved family
 * declaration, an operator): the row changed under its lock, the audit row and the player's letter
 * in the same transaction.
 */

import {
  type BlockKind,
  type LimitChange,
  limitRaiseDelayMs,
  type ProtectionSource,
  reopenDelayMs,
  type SelfExclusionDuration,
  type TimeOutDuration,
} from '@contract/protection';
import type { Clock } from '@server/clock';
import type { Database } from '@server/db/client';
import { playerProtection, protectionLimits } from '@server/db/schema/protection';
import { ApiError } from '@server/errors';
import { writeAudit } from '@server/shared/audit-rows';
import type { EventLetter, EventLetters } from '@server/shared/event-letters';
import { and, eq, sql } from 'drizzle-orm';
import { protectionRowOf } from './state';

export interface ChangeDeps {
  db: Database;
  clock: Clock;
  letters: EventLetters;
}

/** Who changes what, for the audit row: the actor and the request it came with. */
export interface ChangeOrigin {
  actor: string;
  source: ProtectionSource;
  clientAddress: string;
  requestId: string;
  reason?: string;
}

type Letter = Pick<EventLetter, 'kind' | 'params'>;

/** Writes the audit row and the player's letter of a change, in its transaction. */
async function recordChange(
  tx: Database,
  deps: ChangeDeps,
  origin: ChangeOrigin,
  change: { userId: number; action: string; detail: string; letter: Letter; at: Date },
) {
  const reason = origin.reason ? `${change.detail}: ${origin.reason}` : change.detail;
  await writeAudit(tx, origin, {
    at: change.at,
    actor: origin.actor,
    action: change.action,
    subject: `user:${change.userId}`,
    reason: `${origin.source} ${reason}`,
  });
  await deps.letters.send(tx, {
    userId: change.userId,
    ...change.letter,
    subject: `${change.action}:${change.userId}:${change.at.getTime()}:${change.detail}`,
  });
}

/** The player's protection row, made if missing and locked for the transaction. */
export async function lockedProtectionRow(tx: Database, userId: number, now: Date) {
  await tx.insert(playerProtection).values({ userId }).onConflictDoNothing();
  const row = await protectionRowOf(tx, userId, now, true);
  if (!row) throw new Error(`protection row of player ${userId} vanished`);
  return row;
}

/** What a limit's value counts, as its letter words it. */
const limitUnits = { deposit: 'yen', loss: 'coins', wager: 'coins', session: 'minutes' } as const;

const limitPeriodOf = (change: LimitChange) => (change.kind === 'session' ? 'session' : change.period);

/**
 * Sets or removes a limit. A lower limit (or a first one) applies at once; a higher one, or a
 * removal, 24 hours later, the limit in force staying until then; the same value drops a pending
 * change. Answers when the change applies.
 */
export async function changeLimit(
  tx: Database,
  deps: ChangeDeps,
  origin: ChangeOrigin,
  userId: number,
  change: LimitChange,
): Promise<Date> {
  const now = deps.clock.now();
  const period = limitPeriodOf(change);
  const key = and(
    eq(protectionLimits.userId, userId),
    eq(protectionLimits.kind, change.kind),
    eq(protectionLimits.period, period),
  );
  const [found] = await tx
    .select({
      current: sql<
        string | number | null
      >`protection_limit_value(${protectionLimits.value}, ${protectionLimits.pendingValue}, ${protectionLimits.pendingAppliesAt}, ${now.toISOString()}::timestamptz)`,
    })
    .from(protectionLimits)
    .where(key)
    .for('update');
  const current = found?.current == null ? null : Number(found.current);
  const atOnce = change.value !== null && (current === null || change.value <= current);
  const appliesAt = atOnce || current === null ? now : new Date(now.getTime() + limitRaiseDelayMs);
  if (change.value === null && current === null) {
    await tx.delete(protectionLimits).where(key);
  } else {
    const values = atOnce
      ? { value: change.value, pendingValue: null, pendingAppliesAt: null }
      : { value: current, pendingValue: change.value, pendingAppliesAt: appliesAt };
    await tx
      .insert(protectionLimits)
      .values({ userId, kind: change.kind, period, setBy: origin.source, updatedAt: now, ...values })
      .onConflictDoUpdate({
        target: [protectionLimits.userId, protectionLimits.kind, protectionLimits.period],
        set: { setBy: origin.source, updatedAt: now, ...values },
      });
  }
  const limit = `${change.kind}${period[0]?.toUpperCase()}${period.slice(1)}`;
  await recordChange(tx, deps, origin, {
    userId,
    at: now,
    action: 'protection.limit',
    detail: `${limit} ${current ?? 'none'} -> ${change.value ?? 'none'} from ${appliesAt.toISOString()}`,
    letter: {
      kind: change.value === null ? 'protectionLimitRemoved' : 'protectionLimit',
      params: { limit, unit: limitUnits[change.kind], value: change.value ?? 0, appliesAt: appliesAt.toISOString() },
    },
  });
  return appliesAt;
}

export async function changeRealityCheck(
  tx: Database,
  deps: ChangeDeps,
  origin: ChangeOrigin,
  userId: number,
  minutes: number | null,
) {
  const now = deps.clock.now();
  await lockedProtectionRow(tx, userId, now);
  await tx.update(playerProtection).set({ realityCheckMinutes: minutes }).where(eq(playerProtection.userId, userId));
  await recordChange(tx, deps, origin, {
    userId,
    at: now,
    action: 'protection.realityCheck',
    detail: `reality check ${minutes ?? 'off'}`,
    letter: {
      kind: minutes === null ? 'protectionRealityCheckOff' : 'protectionRealityCheck',
      params: { minutes: minutes ?? 0 },
    },
  });
}

const hourMs = 60 * 60 * 1000;
const timeOutMs: Record<TimeOutDuration, number> = {
  '24h': 24 * hourMs,
  '7d': 7 * 24 * hourMs,
  '30d': 30 * 24 * hourMs,
  '6w': 42 * 24 * hourMs,
};
const exclusionMonths: Record<Exclude<SelfExclusionDuration, 'permanent'>, number> = { '6m': 6, '1y': 12, '5y': 60 };

/** When a block chosen at `now` ends; null: permanent. */
export function blockEnd(
  block: { kind: 'timeOut'; duration: TimeOutDuration } | { kind: 'selfExclusion'; duration: SelfExclusionDuration },
  now: Date,
): Date | null {
  if (block.kind === 'timeOut') return new Date(now.getTime() + timeOutMs[block.duration]);
  if (block.duration === 'permanent') return null;
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + exclusionMonths[block.duration]);
  return end;
}

/**
 * Starts a time-out or a self-exclusion at once. One in force is only ever lengthened: a block that
 * would end sooner than it, or a time-out over a self-exclusion, is refused (409), so nobody, the
 * desk included, can end one early.
 */
export async function startBlock(
  tx: Database,
  deps: ChangeDeps,
  origin: ChangeOrigin,
  userId: number,
  block: { kind: BlockKind; endsAt: Date | null },
) {
  const now = deps.clock.now();
  const row = await lockedProtectionRow(tx, userId, now);
  if (row.blockActive) {
    const lengthens = row.blockEndsAt !== null && (block.endsAt === null || block.endsAt > row.blockEndsAt);
    const weakens = row.blockKind === 'selfExclusion' && block.kind === 'timeOut';
    if (!lengthens || weakens) throw new ApiError(409, 'protection.alreadyBlocked');
  }
  await tx
    .update(playerProtection)
    .set({
      blockKind: block.kind,
      blockSetBy: origin.source,
      blockStartedAt: now,
      blockEndsAt: block.endsAt,
      reopenRequestedAt: null,
    })
    .where(eq(playerProtection.userId, userId));
  const until = block.endsAt?.toISOString() ?? 'permanent';
  const permanent = block.endsAt === null;
  await recordChange(tx, deps, origin, {
    userId,
    at: now,
    action: block.kind === 'timeOut' ? 'protection.timeOut' : 'protection.selfExclusion',
    detail: `${block.kind} until ${until}`,
    letter: {
      kind:
        block.kind === 'timeOut' ? 'protectionTimeOut' : permanent ? 'protectionExcludedForGood' : 'protectionExcluded',
      params: { until: block.endsAt?.toISOString() ?? '' },
    },
  });
}

/** Asks to open the account after a self-exclusion's period ended: it opens 24 hours later. */
export async function askToReopen(tx: Database, deps: ChangeDeps, origin: ChangeOrigin, userId: number) {
  const now = deps.clock.now();
  const row = await lockedProtectionRow(tx, userId, now);
  const ended = row.blockEndsAt !== null && row.blockEndsAt <= now;
  if (!row.blockActive || row.blockKind !== 'selfExclusion' || !ended || row.reopenRequestedAt) {
    throw new ApiError(409, 'protection.reopenNotAvailable');
  }
  await tx.update(playerProtection).set({ reopenRequestedAt: now }).where(eq(playerProtection.userId, userId));
  const reopensAt = new Date(now.getTime() + reopenDelayMs);
  await recordChange(tx, deps, origin, {
    userId,
    at: now,
    action: 'protection.reopen',
    detail: `reopens at ${reopensAt.toISOString()}`,
    letter: { kind: 'protectionReopen', params: { reopensAt: reopensAt.toISOString() } },
  });
}
