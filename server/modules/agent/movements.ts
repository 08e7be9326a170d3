import { type TeamReportType, teamReportTypes } from '@contract/agent';
import { gameRecords } from '@server/db/schema/game-records';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '@server/db/schema/ledger';
import { coinCurrency, type PlayerDeps } from '@server/shared/player-deps';
import { and, count, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { isMemberOf } from './team';

/**
 * The ledger kinds of agent moves, named from the member's side (as the team report counts them):
 * coins the agent hands to a member come in, coins the agent takes back go out.
 */
export const agentMoveKinds = { toMember: 'agentTransferIn', fromMember: 'agentTransferOut' } as const;

/**
 * Ledger kinds a team report counts, each on the member's side of the movement: `credit` kinds
 * bring coins to the member, the others take coins from them. A refund counts against the movement
 * it undoes (a refunded deposit, a withdrawal whose payout failed).
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

interface CountAndAmount {
  count: number;
  amount: number;
}
type ReportTotals = Record<TeamReportType, CountAndAmount>;

function emptyTotals(): ReportTotals {
  return Object.fromEntries(teamReportTypes.map((type) => [type, { count: 0, amount: 0 }])) as ReportTotals;
}

/** Whose movements: listed members, or an agent's whole team (optionally one member of it). */
type MovementScope = { memberIds: number[] } | { agentId: number; memberUserId?: number };

interface MovementTotals {
  /** The totals of one member (zeros when they moved nothing). */
  of(userId: number): ReportTotals;
  team: ReportTotals;
}

function scopeCondition(scope: MovementScope, userId: typeof ledgerAccounts.userId | typeof gameRecords.userId): SQL {
  if ('memberIds' in scope) return inArray(userId, scope.memberIds);
  const team = sql`${userId} in (select member.id from users member where ${isMemberOf(scope.agentId, sql`member.agent_code`)})`;
  return scope.memberUserId === undefined ? team : (and(team, eq(userId, scope.memberUserId)) as SQL);
}

/**
 * Count and amount of each report type over the scope's members: money from their coin ledger
 * entries (so only what has moved, at the moment it moved), bets and wins from their game rounds.
 * With `perMember`, also per member (for a page of members; a whole team needs only `team`).
 */
export async function movementTotals(
  deps: PlayerDeps,
  scope: MovementScope,
  options: { bounds?: { from: Date; to: Date }; perMember?: boolean } = {},
): Promise<MovementTotals> {
  const perMember = options.perMember ?? 'memberIds' in scope;
  const byUser = new Map<number, ReportTotals>();
  const team = emptyTotals();
  const of = (userId: number) => byUser.get(userId) ?? emptyTotals();
  if ('memberIds' in scope && scope.memberIds.length === 0) return { of, team };

  const add = (userId: number | null, type: TeamReportType, counted: CountAndAmount, sign: 1 | -1) => {
    const targets = [team];
    if (perMember && userId !== null) {
      let member = byUser.get(userId);
      if (!member) {
        member = emptyTotals();
        byUser.set(userId, member);
      }
      targets.push(member);
    }
    for (const totals of targets) {
      totals[type].count += sign * counted.count;
      totals[type].amount += sign * counted.amount;
    }
  };

  const memberSide = or(
    ...Object.entries(countedKinds).map(([kind, { credit }]) =>
      and(eq(ledgerTransfers.kind, kind), credit ? sql`${ledgerEntries.amount} > 0` : sql`${ledgerEntries.amount} < 0`),
    ),
  );
  const ledgerConditions: SQL[] = [
    eq(ledgerAccounts.kind, 'player'),
    eq(ledgerAccounts.currency, coinCurrency),
    scopeCondition(scope, ledgerAccounts.userId),
    memberSide as SQL,
  ];
  const gameConditions: SQL[] = [scopeCondition(scope, gameRecords.userId)];
  if (options.bounds) {
    ledgerConditions.push(
      gte(ledgerEntries.createdAt, options.bounds.from),
      lt(ledgerEntries.createdAt, options.bounds.to),
    );
    gameConditions.push(gte(gameRecords.playedAt, options.bounds.from), lt(gameRecords.playedAt, options.bounds.to));
  }
  const ledgerUser = perMember ? ledgerAccounts.userId : sql<number | null>`null`;
  const gameUser = perMember ? gameRecords.userId : sql<number | null>`null`;

  const gameRounds = deps.db
    .select({
      userId: gameUser,
      rounds: count(),
      betAmount: sql`coalesce(sum(${gameRecords.betAmount}), 0)`.mapWith(Number),
      wins: sql`count(*) filter (where ${gameRecords.winAmount} > 0)`.mapWith(Number),
      winAmount: sql`coalesce(sum(${gameRecords.winAmount}), 0)`.mapWith(Number),
    })
    .from(gameRecords)
    .where(and(...gameConditions))
    .$dynamic();
  const [moved, played] = await Promise.all([
    deps.db
      .select({
        userId: ledgerUser,
        kind: ledgerTransfers.kind,
        count: count(),
        amount: sql`coalesce(sum(abs(${ledgerEntries.amount})), 0)`.mapWith(Number),
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(and(...ledgerConditions))
      .groupBy(...(perMember ? [ledgerAccounts.userId, ledgerTransfers.kind] : [ledgerTransfers.kind])),
    perMember ? gameRounds.groupBy(gameRecords.userId) : gameRounds,
  ]);
  for (const row of moved) {
    const counted = countedKinds[row.kind];
    if (counted) add(row.userId, counted.type, { count: row.count, amount: row.amount }, counted.undoes ? -1 : 1);
  }
  for (const row of played) {
    add(row.userId, 'bet', { count: row.rounds, amount: row.betAmount }, 1);
    add(row.userId, 'win', { count: row.wins, amount: row.winAmount }, 1);
  }
  // A refund inside the period can undo a movement from before it.
  for (const totals of [team, ...byUser.values()]) {
    for (const type of teamReportTypes) {
      totals[type].count = Math.max(0, totals[type].count);
      totals[type].amount = Math.max(0, totals[type].amount);
    }
  }
  return { of, team };
}
