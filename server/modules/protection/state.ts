/**
 * A player's protection as it stands at an instant: each limit with what is used of it and its
 * pending change, the reality check, and a time-out or exclusion in force. The rules of when a
 * change applies and when a block ends are the database's (protection_limit_value,
 * protection_block_active), so what the page shows is what the wallet's bet and a deposit check.
 */

import {
  type BlockState,
  defaultRealityCheckMinutes,
  type LimitState,
  limitPeriods,
  type PlaySummary,
  type ProtectionState,
  playSessionGapMs,
  type RealityCheckInterval,
  realityCheckIntervals,
  reopenDelayMs,
} from '@contract/protection';
import { type Database, plainRows } from '@server/db/client';
import { playerProtection } from '@server/db/schema/protection';
import { instant } from '@server/shared/function-call';
import { eq, getTableColumns, sql } from 'drizzle-orm';

export type ProtectionRow = typeof playerProtection.$inferSelect & {
  /** protection_block_active at the instant it was read for. */
  blockActive: boolean;
};

interface LimitRow {
  kind: LimitState['kind'];
  period: string;
  set_by: LimitState['setBy'];
  current: number | null;
  pending_at_ms: number | null;
  pending_value: number | null;
  used: number;
  resets_at_ms: number | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The player's limits at `now`: removed ones are left out, pending ones shown with their change. */
export async function limitsOf(db: Database, userId: number, now: Date, coinsPerYen: number): Promise<LimitState[]> {
  const at = instant(now);
  const rows = await plainRows<LimitRow>(
    db,
    sql`select l.kind, l.period, l.set_by,
      protection_limit_value(l.value, l.pending_value, l.pending_applies_at, ${at})::float8 as current,
      case when l.pending_applies_at > ${at} then extract(epoch from l.pending_applies_at) * 1000 end::float8 as pending_at_ms,
      l.pending_value::float8 as pending_value,
      greatest(case l.kind
        when 'deposit' then protection_deposit_used(l.user_id, l.period, ${at}, ${coinsPerYen}::integer, false, null)
        when 'session' then case when p.last_bet_at > ${at} - interval '30 minutes'
          then floor(extract(epoch from ${at} - p.session_started_at) / 60)::bigint else 0 end
        else protection_play_used(p, l.kind, l.period, ${at}) end, 0)::float8 as used,
      extract(epoch from (case l.period
        when 'day' then (s.day + 1)::timestamp
        when 'week' then (s.week + 7)::timestamp
        when 'month' then s.month + interval '1 month' end) at time zone 'Asia/Tokyo') * 1000 as resets_at_ms
    from protection_limits l
      left join player_protection p on p.user_id = l.user_id
      cross join protection_period_starts(${at}) s
    where l.user_id = ${userId}
    order by l.kind, l.period`,
  );
  return rows
    .filter((row) => row.current !== null || row.pending_at_ms !== null)
    .map((row) => ({
      kind: row.kind,
      period: limitPeriods.find((period) => period === row.period) ?? null,
      value: row.current,
      used: row.used,
      resetsAt: iso(row.resets_at_ms === null ? null : Number(row.resets_at_ms)),
      pending:
        row.pending_at_ms === null ? null : { value: row.pending_value, appliesAt: iso(row.pending_at_ms) as string },
      setBy: row.set_by,
    }));
}

/** The player's protection row, with whether its block is in force at `now`; `lock` holds it for the transaction. */
export async function protectionRowOf(
  db: Database,
  userId: number,
  now: Date,
  lock = false,
): Promise<ProtectionRow | null> {
  const query = db
    .select({
      ...getTableColumns(playerProtection),
      blockActive: sql<boolean>`protection_block_active(${playerProtection.blockKind}, ${playerProtection.blockEndsAt}, ${playerProtection.reopenRequestedAt}, ${instant(now)})`,
    })
    .from(playerProtection)
    .where(eq(playerProtection.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The block in force, as protection_block_active decided it when the row was read; null when the player is free. */
export function blockOf(row: ProtectionRow | null, now: Date): BlockState | null {
  if (!row?.blockActive || !row.blockKind || !row.blockStartedAt || !row.blockSetBy) return null;
  const ended = row.blockEndsAt !== null && row.blockEndsAt <= now;
  const reopensAt = row.reopenRequestedAt ? new Date(row.reopenRequestedAt.getTime() + reopenDelayMs) : null;
  return {
    kind: row.blockKind,
    setBy: row.blockSetBy,
    startedAt: row.blockStartedAt.toISOString(),
    endsAt: row.blockEndsAt?.toISOString() ?? null,
    canRequestReopen: row.blockKind === 'selfExclusion' && ended && row.reopenRequestedAt === null,
    reopensAt: reopensAt?.toISOString() ?? null,
  };
}

/** The reality check's interval: 60 minutes for a player who never chose, null when turned off. */
export function realityCheckOf(row: ProtectionRow | null): RealityCheckInterval | null {
  if (!row) return defaultRealityCheckMinutes;
  return realityCheckIntervals.find((minutes) => minutes === row.realityCheckMinutes) ?? null;
}

export async function protectionStateOf(
  db: Database,
  userId: number,
  now: Date,
  coinsPerYen: number,
): Promise<ProtectionState> {
  const [row, limits] = await Promise.all([protectionRowOf(db, userId, now), limitsOf(db, userId, now, coinsPerYen)]);
  return { limits, realityCheckMinutes: realityCheckOf(row), block: blockOf(row, now) };
}

/** The current play session's figures (a bet within the last 30 minutes keeps it going). */
export async function playSummaryOf(db: Database, userId: number, now: Date): Promise<PlaySummary> {
  const row = await protectionRowOf(db, userId, now);
  const realityCheckMinutes = realityCheckOf(row);
  const open = row?.lastBetAt && row.sessionStartedAt && now.getTime() - row.lastBetAt.getTime() < playSessionGapMs;
  if (!row || !open || !row.sessionStartedAt) {
    return { startedAt: null, minutes: 0, bets: 0, wins: 0, net: 0, realityCheckMinutes };
  }
  return {
    startedAt: row.sessionStartedAt.toISOString(),
    minutes: Math.max(0, Math.floor((now.getTime() - row.sessionStartedAt.getTime()) / 60_000)),
    bets: row.sessionBets,
    wins: row.sessionWins,
    net: row.sessionWins - row.sessionBets,
    realityCheckMinutes,
  };
}
