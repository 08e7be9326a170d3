import type { createTeamMember, TeamMember, teamMemberPage } from '@contract/agent';
import { accountNamePattern } from '@contract/auth';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type { Principal } from '@server/contract-router';
import { agentGivenCoins } from '@server/db/schema/agent';
import { users } from '@server/db/schema/auth';
import { ledgerAccounts } from '@server/db/schema/ledger';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { onePage } from '@server/shared/paging';
import { periodBounds } from '@server/shared/period-bounds';
import { coinCurrency, type PlayerDeps, type PlayerRequest } from '@server/shared/player-deps';
import { fieldRefusal, uniqueViolation } from '@server/shared/refusals';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { hashSecret, isUsernameTaken, passwordRefusal } from '../auth/public';
import { movementTotals } from './movements';
import { accountContains, ensureAgentCode, isMemberOf } from './team';

/**
 * An agent opens an account directly under themselves. The user name and password follow the
 * sign-up rules (the auth module's checks); the account has no e-mail address and signs in with
 * its user name. Creating it links it to the agent, so one audit row records both.
 */
export async function createMember(
  deps: PlayerDeps,
  request: PlayerRequest,
  agent: Principal,
  body: ParsedBodyOf<typeof createTeamMember>,
): Promise<DataOf<typeof createTeamMember>> {
  const { t } = request;
  if (!accountNamePattern.test(body.account)) throw fieldRefusal(t, 400, 'account', 'auth.accountFormat');
  const passwordProblem = passwordRefusal(t, 'password', body.password);
  if (passwordProblem) throw passwordProblem;
  const passwordHash = await hashSecret(body.password);
  try {
    return await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      if (await isUsernameTaken(tx, body.account)) throw fieldRefusal(t, 409, 'account', 'auth.accountTaken');
      const agentCode = await ensureAgentCode(tx, agent.userId);
      if (agentCode.issued) await auditCodeIssued(tx, request, agent.userId, agentCode.code, now);
      const [member] = await tx
        .insert(users)
        .values({
          username: body.account,
          passwordHash,
          nickname: body.nickname ?? null,
          agentCode: agentCode.code,
          registeredAt: now,
          passwordChangedAt: now,
        })
        .returning({ id: users.id, username: users.username, registeredAt: users.registeredAt });
      if (!member) throw new Error('member insert returned no row');
      await writeAudit(tx, request, {
        at: now,
        actor: actorOfUser(agent.userId),
        action: 'agent.memberCreate',
        subject: actorOfUser(member.id),
        reason: `account created by agent ${agent.userId} under agent code ${agentCode.code}`,
      });
      return { userId: member.id, account: member.username, createdAt: member.registeredAt.toISOString() };
    });
  } catch (error) {
    if (uniqueViolation(error) === 'users_username_lower_unique')
      throw fieldRefusal(t, 409, 'account', 'auth.accountTaken');
    throw error;
  }
}

export async function auditCodeIssued(
  tx: PlayerDeps['db'],
  request: PlayerRequest,
  agentId: number,
  code: string,
  now: Date,
) {
  await writeAudit(tx, request, {
    at: now,
    actor: actorOfUser(agentId),
    action: 'agent.codeIssue',
    subject: actorOfUser(agentId),
    reason: `agent code ${code}`,
  });
}

/** The conditions every team list shares: the agent's members, optionally one account's text. */
export function teamConditions(agentId: number, account: string | undefined): SQL[] {
  const conditions = [isMemberOf(agentId)];
  if (account) conditions.push(accountContains(users.username, account));
  return conditions;
}

/**
 * The agent's direct members, newest first, with their state, balance, what the agent may take back
 * (as agent_member_move counts it) and deposits and withdrawals so far.
 */
export async function membersOf(
  deps: PlayerDeps,
  agent: Principal,
  body: ParsedBodyOf<typeof teamMemberPage>,
): Promise<DataOf<typeof teamMemberPage>> {
  const conditions = teamConditions(agent.userId, body.account);
  if (body.period) {
    const { from, to } = periodBounds(body.period);
    conditions.push(gte(users.registeredAt, from), lt(users.registeredAt, to));
  }
  const where = and(...conditions);
  const page = await onePage(
    body,
    deps.db
      .select({
        user: users,
        balance: ledgerAccounts.balance,
        takeable: sql`coalesce(least(agent_given_unspent(${agent.userId}::integer, ${users.id}, ${ledgerAccounts.id}),
          ${ledgerAccounts.balance} - ${ledgerAccounts.held}), 0)`.mapWith(agentGivenCoins.unspent),
      })
      .from(users)
      .leftJoin(ledgerAccounts, and(eq(ledgerAccounts.userId, users.id), eq(ledgerAccounts.currency, coinCurrency)))
      .where(where)
      .orderBy(desc(users.registeredAt), desc(users.id)),
    deps.db.select({ total: count() }).from(users).where(where),
  );
  const moved = await movementTotals(deps, { memberIds: page.list.map(({ user }) => user.id) }, undefined);
  return {
    total: page.total,
    list: page.list.map(
      ({ user, balance, takeable }): TeamMember => ({
        userId: user.id,
        account: user.username,
        nickname: user.nickname,
        isAgent: user.isAgent,
        state: user.frozen ? 'frozen' : 'active',
        balance: Number(balance ?? 0n),
        takeable: Number(takeable),
        rechargeAmount: moved.of(user.id).recharge.amount,
        withdrawalAmount: moved.of(user.id).withdrawal.amount,
        registeredAt: user.registeredAt.toISOString(),
        lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
      }),
    ),
  };
}

/** Prepared once per database: this check runs on every agent move, the busiest agent call. */
const directMemberQueries = new WeakMap<PlayerDeps['db'], ReturnType<typeof prepareDirectMemberQuery>>();

function prepareDirectMemberQuery(db: PlayerDeps['db']) {
  return db
    .select({ id: users.id, frozen: users.frozen })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('memberUserId')), isMemberOf(sql.placeholder('agentId'))))
    .prepare('agent_direct_member');
}

/** A direct member of the agent by id, or 404: a player outside the team gets the same answer as no player at all. */
export async function directMember(
  deps: PlayerDeps,
  agent: Principal,
  memberUserId: number,
): Promise<{ id: number; frozen: boolean }> {
  if (memberUserId === agent.userId) throw new ApiError(404, 'agent.memberNotFound');
  let query = directMemberQueries.get(deps.db);
  if (!query) {
    query = prepareDirectMemberQuery(deps.db);
    directMemberQueries.set(deps.db, query);
  }
  const [member] = await query.execute({ memberUserId, agentId: agent.userId });
  if (!member) throw new ApiError(404, 'agent.memberNotFound');
  return member;
}
