import type {
  AgentApplicationReviewItem,
  adminAgentApplicationApprove,
  adminAgentApplicationList,
  adminAgentApplicationReject,
} from '@contract/agent-desk';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type { Principal } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { agentApplications, agentTerms } from '@server/db/schema/agent';
import { users } from '@server/db/schema/auth';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { onePage } from '@server/shared/paging';
import { periodBounds } from '@server/shared/period-bounds';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { userKeywordCondition } from '@server/shared/player-search';
import { and, asc, count, eq, gte, lt, type SQL } from 'drizzle-orm';
import { type AgentApplicationRow, applicationView } from './applications';
import { ensureAgentCode } from './team';

/** The desk's queue of agent applications: by status (default waiting), oldest first. */
export async function agentApplicationQueue(
  deps: PlayerDeps,
  body: ParsedBodyOf<typeof adminAgentApplicationList>,
): Promise<DataOf<typeof adminAgentApplicationList>> {
  const conditions: SQL[] = [eq(agentApplications.status, body.status)];
  if (body.keyword) conditions.push(userKeywordCondition(body.keyword));
  if (body.period) {
    const { from, to } = periodBounds(body.period);
    conditions.push(gte(agentApplications.submittedAt, from), lt(agentApplications.submittedAt, to));
  }
  const where = and(...conditions);
  const page = await onePage(
    body,
    deps.db
      .select({ application: agentApplications, user: users })
      .from(agentApplications)
      .innerJoin(users, eq(users.id, agentApplications.userId))
      .where(where)
      .orderBy(asc(agentApplications.submittedAt), asc(agentApplications.id)),
    deps.db
      .select({ total: count() })
      .from(agentApplications)
      .innerJoin(users, eq(users.id, agentApplications.userId))
      .where(where),
  );
  return {
    total: page.total,
    list: page.list.map(
      ({ application, user }): AgentApplicationReviewItem => ({
        ...applicationView(application),
        user: { userId: user.id, account: user.username, email: user.email ?? '' },
      }),
    ),
  };
}

/**
 * Claims a waiting application for one decision: of two operators deciding at once, only one
 * finds it still waiting. Operators do not decide their own applications.
 */
async function claimApplication(
  tx: Database,
  operator: Principal,
  applicationId: number,
  decision: Partial<AgentApplicationRow> & Pick<AgentApplicationRow, 'status' | 'reviewedAt'>,
): Promise<AgentApplicationRow> {
  const [found] = await tx.select().from(agentApplications).where(eq(agentApplications.id, applicationId));
  if (!found) throw new ApiError(404, 'agent.applicationNotFound');
  if (found.userId === operator.userId) throw new ApiError(403, 'admin.ownRecord');
  const [claimed] = await tx
    .update(agentApplications)
    .set({ ...decision, reviewedBy: operator.userId })
    .where(and(eq(agentApplications.id, applicationId), eq(agentApplications.status, 'pendingReview')))
    .returning();
  if (!claimed) throw new ApiError(409, 'agent.applicationReviewed');
  return claimed;
}

/** Approval makes the player an agent with a referral code (kept if they had one), in one transaction. */
export async function approveAgentApplication(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminAgentApplicationApprove>,
): Promise<null> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const remark = body.remark || null;
    const application = await claimApplication(tx, operator, body.applicationId, {
      status: 'approved',
      reviewedAt: now,
      reviewRemark: remark,
    });
    await tx.update(users).set({ isAgent: true }).where(eq(users.id, application.userId));
    const { code } = await ensureAgentCode(tx, application.userId);
    await tx
      .insert(agentTerms)
      .values({ userId: application.userId, applicationId: application.id, since: now })
      .onConflictDoNothing({ target: agentTerms.userId });
    const actor = actorOfUser(operator.userId);
    await writeAudit(tx, request, {
      at: now,
      actor,
      action: 'agentApplication.approve',
      subject: `agentApplication:${application.id}`,
      reason: remark ?? 'approved',
    });
    await writeAudit(tx, request, {
      at: now,
      actor,
      action: 'agent.grant',
      subject: actorOfUser(application.userId),
      reason: `agent by application ${application.id}, agent code ${code}`,
    });
    await deps.letters.send(tx, {
      userId: application.userId,
      kind: 'agentApproved',
      subject: `agentApplication:${application.id}`,
      params: {},
    });
  });
  return null;
}

export async function rejectAgentApplication(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminAgentApplicationReject>,
): Promise<null> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const application = await claimApplication(tx, operator, body.applicationId, {
      status: 'rejected',
      reviewedAt: now,
      rejectReason: body.reason,
    });
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: 'agentApplication.reject',
      subject: `agentApplication:${application.id}`,
      reason: body.reason,
    });
    await deps.letters.send(tx, {
      userId: application.userId,
      kind: 'agentRejected',
      subject: `agentApplication:${application.id}`,
      params: { reason: body.reason },
    });
  });
  return null;
}
