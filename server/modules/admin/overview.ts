import {
  type adminOverview,
  type OverviewDay,
  type OverviewFigures,
  overviewDays,
  overviewPeriodDays,
  overviewPeriods,
} from '@contract/admin-overview';
import { type DataOf, recordDayOf } from '@contract/endpoint';
import type { Clock } from '@server/clock';
import type { Database } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import { periodBounds } from '@server/shared/period-bounds';
import { and, count, eq, gte, inArray, lt, min, sql } from 'drizzle-orm';
import {
  bonusKinds,
  dayOf,
  depositKinds,
  playerCoinEntries as entries,
  gameKinds,
  withdrawalKinds,
} from './business-figures';

const dayMs = 24 * 60 * 60 * 1000;
/** Two spans of the longest period: the days shown and the days they are compared with. */
const daysRead = 2 * overviewDays;

/** The transfer kinds the money figures count, each to the figure it adds to (with its entry's sign). */
const figureOfTransferKind = Object.fromEntries([
  ...depositKinds.map((kind) => [kind, 'deposits'] as const),
  ...withdrawalKinds.map((kind) => [kind, 'withdrawals'] as const),
  ...gameKinds.map((kind) => [kind, 'grossGamingRevenue'] as const),
  ...bonusKinds.map((kind) => [kind, 'bonuses'] as const),
]) as Record<string, 'deposits' | 'withdrawals' | 'grossGamingRevenue' | 'bonuses' | undefined>;
const countedKinds = Object.keys(figureOfTransferKind);
/** A player's coins going out (a withdrawal, a bet) is revenue or a payout for the house: these figures flip the sign. */
const flipped = new Set(['withdrawals', 'grossGamingRevenue']);

const noFigures = (): OverviewFigures => ({
  deposits: 0,
  withdrawals: 0,
  grossGamingRevenue: 0,
  bonuses: 0,
  netRevenue: 0,
  registrations: 0,
  firstDeposits: 0,
  activePlayers: 0,
});

function dayBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * dayMs).toISOString().slice(0, 10);
}

async function moneyByDay(db: Database, from: Date) {
  const day = dayOf(entries.createdAt);
  return db
    .select({
      day,
      kind: entries.kind,
      amount: sql<string>`sum(${entries.amount})::text`,
    })
    .from(entries)
    .where(and(inArray(entries.kind, countedKinds), gte(entries.createdAt, from)))
    .groupBy(day, entries.kind);
}

async function registrationsByDay(db: Database, from: Date) {
  const day = dayOf(users.registeredAt);
  return db
    .select({ day, count: count() })
    .from(users)
    .where(and(eq(users.role, 'player'), gte(users.registeredAt, from)))
    .groupBy(day);
}

/** Players by the day of their first deposit, for those whose first deposit falls in the span. */
async function firstDepositsByDay(db: Database, from: Date) {
  const firsts = db
    .select({
      userId: entries.userId,
      first: min(entries.createdAt).as('first'),
    })
    .from(entries)
    .where(eq(entries.kind, 'deposit'))
    .groupBy(entries.userId)
    .as('firsts');
  const day = dayOf(sql`${firsts.first}`);
  return db.select({ day, count: count() }).from(firsts).where(gte(firsts.first, from)).groupBy(day);
}

/** Players who bet, counted once per span: each day, and each period and the one before it. */
async function activePlayers(db: Database, spans: { key: string; from: Date; to: Date }[], from: Date) {
  const bets = and(eq(entries.kind, 'gameBet'), gte(entries.createdAt, from));
  const day = dayOf(entries.createdAt);
  const [byDay, [bySpan]] = await Promise.all([
    db
      .select({ day, count: sql<number>`count(distinct ${entries.userId})`.mapWith(Number) })
      .from(entries)
      .where(bets)
      .groupBy(day),
    db
      .select(
        Object.fromEntries(
          spans.map((span) => [
            span.key,
            sql<number>`count(distinct ${entries.userId}) filter (where ${and(gte(entries.createdAt, span.from), lt(entries.createdAt, span.to))})`.mapWith(
              Number,
            ),
          ]),
        ),
      )
      .from(entries)
      .where(bets),
  ]);
  return { byDay, bySpan: (bySpan ?? {}) as Record<string, number> };
}

/** Counts by day onto the days shown; a day outside them (none, or a clock set back) is left out. */
function addCounts(
  byDay: Map<string, OverviewDay>,
  figure: 'registrations' | 'firstDeposits' | 'activePlayers',
  rows: { day: string; count: number }[],
) {
  for (const row of rows) {
    const day = byDay.get(row.day);
    if (day) day[figure] += row.count;
  }
}

function sumOf(days: OverviewDay[]): OverviewFigures {
  const total = noFigures();
  for (const day of days) for (const key of Object.keys(total) as (keyof OverviewFigures)[]) total[key] += day[key];
  return total;
}

/**
 * The overview: the figures of every Japan-time day of the last 30 (and the 30 before, for the
 * comparisons), summed into today, 7 and 30 days; active players are counted once per span, not
 * summed. Money is read from the players' coin entries in the ledger.
 */
export async function businessOverview(deps: { db: Database; clock: Clock }): Promise<DataOf<typeof adminOverview>> {
  const today = recordDayOf(deps.clock.now());
  const firstDay = dayBefore(today, daysRead - 1);
  const { from } = periodBounds({ from: firstDay, to: today });
  const spanOf = (days: number, endingDaysBefore: number) => {
    const last = dayBefore(today, endingDaysBefore);
    return periodBounds({ from: dayBefore(last, days - 1), to: last });
  };
  const spans = overviewPeriods.flatMap((period) => {
    const days = overviewPeriodDays[period];
    return [
      { key: `${period}Current`, ...spanOf(days, 0) },
      { key: `${period}Previous`, ...spanOf(days, days) },
    ];
  });
  const [money, registrations, firstDeposits, active] = await Promise.all([
    moneyByDay(deps.db, from),
    registrationsByDay(deps.db, from),
    firstDepositsByDay(deps.db, from),
    activePlayers(deps.db, spans, from),
  ]);

  const byDay = new Map<string, OverviewDay>();
  for (let back = daysRead - 1; back >= 0; back -= 1) {
    const day = dayBefore(today, back);
    byDay.set(day, { day, ...noFigures() });
  }
  for (const row of money) {
    const figure = figureOfTransferKind[row.kind];
    const day = byDay.get(row.day);
    if (!day || !figure) continue;
    const amount = Number(row.amount);
    day[figure] += flipped.has(figure) ? -amount : amount;
  }
  addCounts(byDay, 'registrations', registrations);
  addCounts(byDay, 'firstDeposits', firstDeposits);
  addCounts(byDay, 'activePlayers', active.byDay);
  const days = [...byDay.values()];
  for (const day of days) day.netRevenue = day.grossGamingRevenue - day.bonuses;

  const figuresOf = (period: (typeof overviewPeriods)[number], endingDaysBefore: number, key: string) => {
    const length = overviewPeriodDays[period];
    const end = days.length - endingDaysBefore;
    return { ...sumOf(days.slice(end - length, end)), activePlayers: active.bySpan[key] ?? 0 };
  };
  return {
    today,
    days: days.slice(-overviewDays),
    periods: overviewPeriods.map((period) => ({
      period,
      current: figuresOf(period, 0, `${period}Current`),
      previous: figuresOf(period, overviewPeriodDays[period], `${period}Previous`),
    })),
  };
}
