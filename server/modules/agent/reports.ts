import {
  type agentCodeQuery,
  type TeamLevel,
  type TeamMemberReport,
  type teamMemberReportPage,
  type teamRechargePage,
  type teamReportStatistics,
  teamReportTypes,
  type teamStatisticsQuery,
  type teamWithdrawalPage,
} from '@contract/agent';
import { type DataOf, type DateRange, type ParsedBodyOf, recordDayOf } from '@contract/endpoint';
import { depositStatusGroups, withdrawalStatusGroups } from '@contract/money';
import type { Principal } from '@server/contract-router';
import { agentTerms } from '@server/db/schema/agent';
import { auditLog, users } from '@server/db/schema/auth';
import { gameRecords } from '@server/db/schema/record';
import { withdrawals } from '@server/db/schema/withdrawal';
import { ApiError } from '@server/errors';
import {
  groupTotals,
  orderConditions,
  orderRowsWithPlayers,
  ordersWithPlayers,
  type StatusTotals,
  statusTotals,
} from '@server/shared/order-rows';
import { onePage, pageRows } from '@server/shared/paging';
import { periodBounds } from '@server/shared/period-bounds';
import { coinCurrency, type PlayerDeps, type PlayerRequest } from '@server/shared/player-deps';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  allDeposits,
  depositConditions,
  depositListView,
  depositRowsWithPlayers,
  depositStatusTotals,
} from '../deposit/public';
import { withdrawalView } from '../withdrawal/public';
import { auditCodeIssued, directMember, teamConditions } from './members';
import { movementTotals } from './movements';
import { ensureAgentCode, invitationUrl, isMemberOf } from './team';
import { teamDayTotals } from './team-days';

/** The agent's code and invitation link; an agent made without one (by hand, not by an application) gets one now. */
export async function agentCodeOf(
  deps: PlayerDeps,
  request: PlayerRequest,
  agent: Principal,
): Promise<DataOf<typeof agentCodeQuery>> {
  const [existing] = await deps.db.select({ code: users.referralCode }).from(users).where(eq(users.id, agent.userId));
  const code =
    existing?.code ??
    (await deps.db.transaction(async (tx) => {
      const ensured = await ensureAgentCode(tx, agent.userId);
      if (ensured.issued) await auditCodeIssued(tx, request, agent.userId, ensured.code, deps.clock.now());
      return ensured.code;
    }));
  return { agentCode: code, invitationUrl: invitationUrl(deps.publicUrl, code) };
}

/** Today as a calendar day of record searches (Japan time). */
function today(deps: PlayerDeps): DateRange {
  const day = recordDayOf(deps.clock.now());
  return { from: day, to: day };
}

/** How far up a chain of agents the drill-down looks for the viewer: deeper teams are not shown. */
const maxTeamDepth = 32;

/**
 * Whose team a report shows: the viewer's own, or that of an agent below them, a member of their
 * team or of a sub-agent's team, any levels down (docs/requirements.md §6.5). The chain is walked
 * upwards from the asked agent through the agent codes each member signed up with; anyone not
 * below the viewer gets the same 404 as nobody at all.
 */
export async function teamOwnerOf(
  deps: PlayerDeps,
  viewer: Principal,
  userId: number | undefined,
): Promise<{ agentId: number; path: TeamLevel[] }> {
  if (userId === undefined || userId === viewer.userId) return { agentId: viewer.userId, path: [] };
  const chain = (await deps.db.execute(sql`
    with recursive chain (id, account, agent_code, is_agent, depth) as (
      select ${users.id}, ${users.username}, ${users.agentCode}, ${users.isAgent}, 0 from ${users} where ${users.id} = ${userId}
      union all
      select up.id, up.username, up.agent_code, up.is_agent, chain.depth + 1
      from chain join ${users} up on up.referral_code = chain.agent_code
      where chain.id <> ${viewer.userId} and chain.depth < ${maxTeamDepth}
    )
    select id, account, depth from chain where is_agent order by depth desc`)) as unknown as {
    rows: { id: number | string; account: string; depth: number | string }[];
  };
  const levels = chain.rows.map((row) => ({ id: Number(row.id), account: row.account, depth: Number(row.depth) }));
  const top = levels[0];
  // Agents only all the way down: the asked player must be an agent, and so is every link above.
  if (!top || top.id !== viewer.userId || levels.at(-1)?.depth !== 0 || levels.length !== top.depth + 1)
    throw new ApiError(404, 'agent.teamNotFound');
  return { agentId: userId, path: levels.slice(1).map((level) => ({ userId: level.id, account: level.account })) };
}

/**
 * The team at a glance within a period (default today): the members' balances now, who joined and
 * who was active in the period (signed in, by the audit log that keeps every sign-in, or played),
 * and the period's money and game totals. The viewer's own team, or a sub-agent's.
 */
export async function teamStatistics(
  deps: PlayerDeps,
  viewer: Principal,
  body: ParsedBodyOf<typeof teamStatisticsQuery>,
): Promise<DataOf<typeof teamStatisticsQuery>> {
  const { agentId, path } = await teamOwnerOf(deps, viewer, body.userId);
  const period = body.period ?? today(deps);
  const { from, to } = periodBounds(period);
  const fromText = sql`${from.toISOString()}::timestamptz`;
  const toText = sql`${to.toISOString()}::timestamptz`;
  const activeInPeriod = sql`(
    exists (select 1 from ${auditLog} where ${auditLog.subject} = 'user:' || ${users.id} and ${auditLog.action} = 'signIn.success'
      and ${auditLog.at} >= ${fromText} and ${auditLog.at} < ${toText})
    or exists (select 1 from ${gameRecords} where ${gameRecords.userId} = ${users.id} and ${gameRecords.playedAt} >= ${fromText} and ${gameRecords.playedAt} < ${toText}))`;
  const [[self], [team], moved] = await Promise.all([
    deps.db
      .select({ username: users.username, nickname: users.nickname, rebateBasisPoints: agentTerms.rebateBasisPoints })
      .from(users)
      .leftJoin(agentTerms, eq(agentTerms.userId, users.id))
      .where(eq(users.id, agentId)),
    deps.db
      .select({
        // One look-up of the member's coin account each: a join would read every account of the site.
        // Spelled out: a one-table select names its columns unqualified, which the subquery would take as its own.
        balance: sql`coalesce(sum((select account.balance from ledger_accounts account
          where account.user_id = users.id and account.currency = ${coinCurrency})), 0)`.mapWith(Number),
        registered:
          sql`count(*) filter (where ${users.registeredAt} >= ${fromText} and ${users.registeredAt} < ${toText})`.mapWith(
            Number,
          ),
        active: sql`count(*) filter (where ${activeInPeriod})`.mapWith(Number),
      })
      .from(users)
      .where(isMemberOf(agentId)),
    movementTotals(deps, { agentId }, period),
  ]);
  if (!self) throw new Error(`agent ${agentId} of a live session or a checked chain is missing`);
  return {
    teamName: self.nickname ?? self.username,
    path,
    teamBalance: team?.balance ?? 0,
    activeUserCount: team?.active ?? 0,
    registrationCount: team?.registered ?? 0,
    rechargeCount: moved.team.recharge.count,
    betCount: moved.team.bet.count,
    rechargeAmount: moved.team.recharge.amount,
    betAmount: moved.team.bet.amount,
    rebateBasisPoints: self.rebateBasisPoints ?? 0,
    giftAmount: moved.team.gift.amount,
    transferAmount: moved.team.transferIn.amount,
    takenBackAmount: moved.team.transferOut.amount,
  };
}

/** Count and amount per report type for the whole team, or one direct member, within a period (default: all time). */
export async function teamReport(
  deps: PlayerDeps,
  agent: Principal,
  body: ParsedBodyOf<typeof teamReportStatistics>,
): Promise<DataOf<typeof teamReportStatistics>> {
  if (body.userId !== undefined) await directMember(deps, agent, body.userId);
  const moved = await movementTotals(
    deps,
    body.userId !== undefined ? { memberIds: [body.userId] } : { agentId: agent.userId },
    body.period,
  );
  return teamReportTypes.map((type) => ({ type, ...moved.team[type] }));
}

/** Per-member totals within a period (default: all time), members newest first; the viewer's team or a sub-agent's. */
export async function memberReports(
  deps: PlayerDeps,
  viewer: Principal,
  body: ParsedBodyOf<typeof teamMemberReportPage>,
): Promise<DataOf<typeof teamMemberReportPage>> {
  const { agentId } = await teamOwnerOf(deps, viewer, body.userId);
  const where = and(...teamConditions(agentId, body.account));
  const page = await onePage(
    body,
    deps.db
      .select({ id: users.id, account: users.username, isAgent: users.isAgent })
      .from(users)
      .where(where)
      .orderBy(desc(users.registeredAt), desc(users.id)),
    deps.db.select({ total: count() }).from(users).where(where),
  );
  const moved = await movementTotals(deps, { memberIds: page.list.map((member) => member.id) }, body.period);
  return {
    total: page.total,
    list: page.list.map((member): TeamMemberReport => {
      const own = moved.of(member.id);
      return {
        userId: member.id,
        account: member.account,
        isAgent: member.isAgent,
        rechargeAmount: own.recharge.amount,
        withdrawalAmount: own.withdrawal.amount,
        betAmount: own.bet.amount,
        winAmount: own.win.amount,
        profitLoss: own.win.amount - own.bet.amount,
        rebateAmount: own.rebate.amount,
      };
    }),
  };
}

/** How the team day totals name the money orders' items (`<prefix>:<status>`). */
const depositItemPrefix = 'depositOrder:';
const withdrawalItemPrefix = 'withdrawal:';

/** The count and amount per status the team's day totals hold for one kind of order, of one status if asked. */
function dayStatusTotals(
  days: Awaited<ReturnType<typeof teamDayTotals>>,
  prefix: string,
  status: string | undefined,
): StatusTotals[] {
  return [...days]
    .filter(([item]) => item.startsWith(prefix) && (!status || item === prefix + status))
    .map(([item, counted]) => ({ status: item.slice(prefix.length), ...counted }));
}

/**
 * One page of the team's withdrawals, newest first, with the count and amount per status over all
 * pages. Filtered by account text, they are counted from the withdrawals; otherwise from the team's
 * day totals, which count the same withdrawals by status and day.
 */
async function teamWithdrawalRows(deps: PlayerDeps, agentId: number, body: ParsedBodyOf<typeof teamWithdrawalPage>) {
  const where = and(...teamConditions(agentId, body.account), ...orderConditions(withdrawals, body));
  if (body.account) {
    const [page, statuses] = await Promise.all([
      ordersWithPlayers(deps.db, withdrawals, body, where, 'newestFirst'),
      statusTotals(deps.db, withdrawals, where),
    ]);
    return { ...page, statuses };
  }
  const [list, days] = await Promise.all([
    pageRows(body, orderRowsWithPlayers(deps.db, withdrawals, where, 'newestFirst')),
    teamDayTotals(deps, agentId, body.period),
  ]);
  const statuses = dayStatusTotals(days, withdrawalItemPrefix, body.status);
  return { list, statuses, total: statuses.reduce((sum, row) => sum + row.count, 0) };
}

/**
 * The members' deposits, yen orders and crypto deposits in one list, newest first, as each member
 * sees them in their own records, with the totals over every page. Filtered by account text, every
 * total is counted from the deposits; otherwise the yen orders' from the team's day totals and the
 * crypto deposits' from the deposits, so a big team's yen orders are not read again.
 */
export async function teamDeposits(
  deps: PlayerDeps,
  request: PlayerRequest,
  agent: Principal,
  body: ParsedBodyOf<typeof teamRechargePage>,
): Promise<DataOf<typeof teamRechargePage>> {
  const deposits = allDeposits(deps.db);
  const team = teamConditions(agent.userId, body.account);
  const where = and(...team, ...depositConditions(deposits, body));
  const [list, statuses] = await Promise.all([
    pageRows(body, depositRowsWithPlayers(deps.db, deposits, where)),
    body.account ? depositStatusTotals(deps.db, deposits, where) : teamDepositTotals(deps, agent.userId, body),
  ]);
  return {
    total: statuses.reduce((sum, row) => sum + row.count, 0),
    totals: groupTotals(statuses, depositStatusGroups),
    list: list.map((row) => ({
      ...depositListView(deps, row.deposits, request.locale),
      userId: row.deposits.userId,
      account: row.users.username,
    })),
  };
}

/** The whole team's deposits by status: the yen orders' from the team's day totals, the crypto deposits' counted. */
async function teamDepositTotals(
  deps: PlayerDeps,
  agentId: number,
  body: ParsedBodyOf<typeof teamRechargePage>,
): Promise<StatusTotals[]> {
  const deposits = allDeposits(deps.db);
  const cryptoOnly = and(isMemberOf(agentId), ...depositConditions(deposits, { ...body, source: 'crypto' }));
  const [days, cryptoStatuses] = await Promise.all([
    teamDayTotals(deps, agentId, body.period),
    depositStatusTotals(deps.db, deposits, cryptoOnly),
  ]);
  return [...dayStatusTotals(days, depositItemPrefix, body.status), ...cryptoStatuses];
}

/** The members' bank withdrawals, newest first, as each member sees them in their own records. */
export async function teamWithdrawals(
  deps: PlayerDeps,
  request: PlayerRequest,
  agent: Principal,
  body: ParsedBodyOf<typeof teamWithdrawalPage>,
): Promise<DataOf<typeof teamWithdrawalPage>> {
  const page = await teamWithdrawalRows(deps, agent.userId, body);
  return {
    total: page.total,
    totals: groupTotals(page.statuses, withdrawalStatusGroups),
    list: page.list.map(({ order: withdrawal, user }) => ({
      ...withdrawalView(withdrawal, request.locale),
      userId: withdrawal.userId,
      account: user.username,
    })),
  };
}
