import type { adminAgentRebateSet, adminAgentTeam, DeskTeamMember } from '@contract/agent-desk';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type { Principal } from '@server/contract-router';
import { agentTerms } from '@server/db/schema/agent';
import { users } from '@server/db/schema/auth';
import { ledgerAccounts } from '@server/db/schema/ledger';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { onePage } from '@server/shared/paging';
import { periodBounds } from '@server/shared/period-bounds';
import { coinCurrency, type PlayerDeps, type PlayerRequest } from '@server/shared/player-deps';
import { playerKeywordCondition } from '@server/shared/player-search';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { findUserById } from '../auth/public';
import { isMemberOf } from './team';

async function findAgent(deps: PlayerDeps, userId: number) {
  const agent = await findUserById(deps.db, userId);
  if (!agent) throw new ApiError(404, 'admin.userNotFound');
  if (!agent.isAgent) throw new ApiError(409, 'admin.notAgent');
  return agent;
}

/**
 * Sets an agent's rebate rate (docs/requirements.md §12.5). An agent made without an application
 * (by hand) has no terms row yet; it gets one now. The audit row keeps the rate before and after.
 */
export async function setAgentRebate(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminAgentRebateSet>,
): Promise<DataOf<typeof adminAgentRebateSet>> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const agent = await findUserById(tx, body.userId);
    if (!agent) throw new ApiError(404, 'admin.userNotFound');
    if (!agent.isAgent) throw new ApiError(409, 'admin.notAgent');
    // Locks the terms row, so two operators setting the rate at once each record what they replaced.
    const [before] = await tx
      .select({ rebateBasisPoints: agentTerms.rebateBasisPoints })
      .from(agentTerms)
      .where(eq(agentTerms.userId, agent.id))
      .for('update');
    await tx
      .insert(agentTerms)
      .values({ userId: agent.id, rebateBasisPoints: body.rebateBasisPoints, since: now })
      .onConflictDoUpdate({ target: agentTerms.userId, set: { rebateBasisPoints: body.rebateBasisPoints } });
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: 'agent.rebateSet',
      subject: actorOfUser(agent.id),
      reason: `${body.reason} (rebate ${before?.rebateBasisPoints ?? 0} → ${body.rebateBasisPoints} basis points)`,
    });
    return { userId: agent.id, rebateBasisPoints: body.rebateBasisPoints };
  });
}

/** An agent's terms and direct members, for the desk: balance, registration and account state of each. */
export async function agentTeamForDesk(
  deps: PlayerDeps,
  body: ParsedBodyOf<typeof adminAgentTeam>,
): Promise<DataOf<typeof adminAgentTeam>> {
  const agent = await findAgent(deps, body.userId);
  const team = isMemberOf(agent.id);
  const conditions: SQL[] = [team];
  if (body.keyword) conditions.push(playerKeywordCondition(body.keyword));
  if (body.period) {
    const { from, to } = periodBounds(body.period);
    conditions.push(gte(users.registeredAt, from), lt(users.registeredAt, to));
  }
  const where = and(...conditions);
  const coinAccount = and(eq(ledgerAccounts.userId, users.id), eq(ledgerAccounts.currency, coinCurrency));
  const [page, [terms], [teamBalance]] = await Promise.all([
    onePage(
      body,
      deps.db
        .select({ user: users, balance: ledgerAccounts.balance })
        .from(users)
        .leftJoin(ledgerAccounts, coinAccount)
        .where(where)
        .orderBy(desc(users.registeredAt), desc(users.id)),
      deps.db.select({ total: count() }).from(users).where(where),
    ),
    deps.db.select().from(agentTerms).where(eq(agentTerms.userId, agent.id)),
    deps.db
      .select({ sum: sql`coalesce(sum(${ledgerAccounts.balance}), 0)`.mapWith(Number) })
      .from(users)
      .innerJoin(ledgerAccounts, coinAccount)
      .where(team),
  ]);
  return {
    total: page.total,
    list: page.list.map(
      ({ user, balance }): DeskTeamMember => ({
        userId: user.id,
        account: user.username,
        email: user.email ?? '',
        nickname: user.nickname,
        status: user.frozen ? 'frozen' : 'active',
        isAgent: user.isAgent,
        balance: Number(balance ?? 0n),
        registeredAt: user.registeredAt.toISOString(),
        lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
      }),
    ),
    agent: {
      userId: agent.id,
      account: agent.username,
      email: agent.email ?? '',
      agentCode: agent.referralCode,
      rebateBasisPoints: terms?.rebateBasisPoints ?? 0,
      since: terms?.since.toISOString() ?? null,
      teamBalance: teamBalance?.sum ?? 0,
    },
  };
}
