import { type TeamReportType, teamReportTypes } from '@contract/agent';
import type { DateRange } from '@contract/endpoint';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '@server/db/schema/ledger';
import { gameRecords } from '@server/db/schema/record';
import { periodBounds } from '@server/shared/period-bounds';
import { coinCurrency, type PlayerDeps } from '@server/shared/player-deps';
import { and, count, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type CountAndAmount, teamDayTotals } from './team-days';

/**
 * The ledger kinds of agent moves, named from the member's side (as the team report counts them):
 * coins the agent hands to a member come in, coins the agent takes back go out.
 */
export const agentMoveKinds = { toMember: 'agentTransferIn', fromMember: 'agentTransferOut' } as const;

/**
 * Ledger kinds a team report counts, each on the member's side of the movement: `credit` kinds
 * bring coins to the member, the others take coins from them. A refund counts against the movement
 * it undoes (a refunded deposit, a withdrawal whose payout failed). The team day totals count the
 * same kinds (server/db/functions/ledger_entries_apply.sql names them).
 */
const countedKinds: Record<string, { type: TeamReportType; credit: boolean; undoes?: true }> = {
  deposit: { type: 'recharge', credit: true },
  depositRefund: { type: 'recharge', credit: false, undoes: true },
  withdrawal: { type: 'withdrawal', credit: false },
  withdrawalRefund: { type: 'withdrawal', credit: true, undoes: true },
  rebate: { type: 'rebate', credit: true },
  promotion: { type: 'gift', credit: true },
  [agentMoveKinds.toMember]: { type: 'transferIn', credit: true },
  [agentMoveKinds.fromMember]: { type: 'transferOut', credit: false },
};

type ReportTotals = Record<TeamReportType, CountAndAmount>;

function emptyTotals(): ReportTotals {
  return Object.fromEntries(teamReportTypes.map((type) => [type, { count: 0, amount: 0 }])) as ReportTotals;
}

/** Whose movements: listed members, or an agent's whole team. */
type MovementScope = { memberIds: number[] } | { agentId: number };

interface MovementTotals {
  /** The totals of one member (zeros when they moved nothing). */
  of(userId: number): ReportTotals;
  team: ReportTotals;
}

type AddCounted<TUser> = (userId: TUser, type: TeamReportType, counted: CountAndAmount, sign: 1 | -1) => void;

/** Totals kept for the team and per member, added to one counted row at a time. */
function totalsCollector() {
  const byUser = new Map<number, ReportTotals>();
  const team = emptyTotals();
  const memberTotals = (userId: number) => {
    let member = byUser.get(userId);
    if (!member) {
      member = emptyTotals();
      byUser.set(userId, member);
    }
    return member;
  };
  const add: AddCounted<number | null> = (userId, type, counted, sign) => {
    for (const totals of userId === null ? [team] : [team, memberTotals(userId)]) {
      totals[type].count += sign * counted.count;
      totals[type].amount += sign * counted.amount;
    }
  };
  /** A refund inside the period can undo a movement from before it: no total goes below zero. */
  const floorAtZero = () => {
    for (const totals of [team, ...byUser.values()]) {
      for (const type of teamReportTypes) {
        totals[type].count = Math.max(0, totals[type].count);
        totals[type].amount = Math.max(0, totals[type].amount);
      }
    }
  };
  return { add, floorAtZero, team, of: (userId: number) => byUser.get(userId) ?? emptyTotals() };
}

/**
 * The report type a team day item counts towards, and how: rounds and wins as they are, a ledger
 * kind on the member's side of it (`deposit+`, `withdrawal-`); null for an item the report leaves out.
 */
function dayItemCounts(item: string): { type: TeamReportType; sign: 1 | -1 } | null {
  if (item === 'rounds') return { type: 'bet', sign: 1 };
  if (item === 'wins') return { type: 'win', sign: 1 };
  const kind = countedKinds[item.slice(0, -1)];
  if (!kind || !item.endsWith(kind.credit ? '+' : '-')) return null;
  return { type: kind.type, sign: kind.undoes ? -1 : 1 };
}

/** Adds a whole team's day totals in the period to the team's totals. */
async function addTeamDays(
  deps: Pick<PlayerDeps, 'db'>,
  agentId: number,
  period: DateRange | undefined,
  add: AddCounted<null>,
): Promise<void> {
  for (const [item, counted] of await teamDayTotals(deps, agentId, period)) {
    const counts = dayItemCounts(item);
    if (counts) add(null, counts.type, counted, counts.sign);
  }
}

/**
 * Count and amount of each report type over the scope's members within a period (all time without
 * one): money from their coin ledger entries (so only what has moved, at the moment it moved), bets
 * and wins from their game rounds. Listed members' are read from those rows, also per member; a
 * whole team's from its day totals, which count the same rows.
 */
export async function movementTotals(
  deps: Pick<PlayerDeps, 'db'>,
  scope: MovementScope,
  period: DateRange | undefined,
): Promise<MovementTotals> {
  const totals = totalsCollector();
  if ('agentId' in scope) await addTeamDays(deps, scope.agentId, period, totals.add);
  else if (scope.memberIds.length > 0) await addMembersRows(deps, scope.memberIds, period, totals.add);
  totals.floorAtZero();
  return { of: totals.of, team: totals.team };
}

/** Adds the listed members' counted ledger entries and game rounds in the period, per member. */
async function addMembersRows(
  deps: Pick<PlayerDeps, 'db'>,
  memberIds: number[],
  period: DateRange | undefined,
  add: AddCounted<number>,
): Promise<void> {
  const memberSide = or(
    ...Object.entries(countedKinds).map(([kind, { credit }]) =>
      and(eq(ledgerTransfers.kind, kind), credit ? sql`${ledgerEntries.amount} > 0` : sql`${ledgerEntries.amount} < 0`),
    ),
  );
  const ledgerConditions: SQL[] = [
    eq(ledgerAccounts.kind, 'player'),
    eq(ledgerAccounts.currency, coinCurrency),
    inArray(ledgerAccounts.userId, memberIds),
    memberSide as SQL,
  ];
  const gameConditions: SQL[] = [inArray(gameRecords.userId, memberIds)];
  if (period) {
    const { from, to } = periodBounds(period);
    ledgerConditions.push(gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to));
    gameConditions.push(gte(gameRecords.playedAt, from), lt(gameRecords.playedAt, to));
  }
  const [moved, played] = await Promise.all([
    deps.db
      .select({
        userId: ledgerAccounts.userId,
        kind: ledgerTransfers.kind,
        count: count(),
        amount: sql`coalesce(sum(abs(${ledgerEntries.amount})), 0)`.mapWith(Number),
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(and(...ledgerConditions))
      .groupBy(ledgerAccounts.userId, ledgerTransfers.kind),
    deps.db
      .select({
        userId: gameRecords.userId,
        rounds: count(),
        betAmount: sql`coalesce(sum(${gameRecords.betAmount}), 0)`.mapWith(Number),
        wins: sql`count(*) filter (where ${gameRecords.winAmount} > 0)`.mapWith(Number),
        winAmount: sql`coalesce(sum(${gameRecords.winAmount}), 0)`.mapWith(Number),
      })
      .from(gameRecords)
      .where(and(...gameConditions))
      .groupBy(gameRecords.userId),
  ]);
  for (const row of moved) {
    const counted = countedKinds[row.kind];
    if (counted && row.userId !== null)
      add(row.userId, counted.type, { count: row.count, amount: row.amount }, counted.undoes ? -1 : 1);
  }
  for (const row of played) {
    add(row.userId, 'bet', { count: row.rounds, amount: row.betAmount }, 1);
    add(row.userId, 'win', { count: row.wins, amount: row.winAmount }, 1);
  }
}
