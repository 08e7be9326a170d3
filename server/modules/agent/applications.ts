import type { AgentApplication, applyForAgent } from '@contract/agent';
import type { ParsedBodyOf } from '@contract/endpoint';
import type { Principal } from '@server/contract-router';
import { agentApplications } from '@server/db/schema/agent';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { uniqueViolation } from '@server/shared/refusals';
import { and, desc, eq } from 'drizzle-orm';

export type AgentApplicationRow = typeof agentApplications.$inferSelect;

export function applicationView(row: AgentApplicationRow): AgentApplication {
  return {
    id: row.id,
    status: row.status,
    remark: row.remark,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
  };
}

/**
 * A player asks to become an agent. An agent cannot apply, and a player has one application
 * waiting at a time (the database's partial unique index decides between two at once); after a
 * rejection they may apply again.
 */
export async function applyForAgentStatus(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof applyForAgent>,
): Promise<AgentApplication> {
  if (principal.isAgent) throw new ApiError(409, 'agent.alreadyAgent');
  try {
    return await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const [waiting] = await tx
        .select({ id: agentApplications.id })
        .from(agentApplications)
        .where(and(eq(agentApplications.userId, principal.userId), eq(agentApplications.status, 'pendingReview')));
      if (waiting) throw new ApiError(409, 'agent.applicationPending');
      const [row] = await tx
        .insert(agentApplications)
        .values({ userId: principal.userId, status: 'pendingReview', remark: body.remark || null, submittedAt: now })
        .returning();
      if (!row) throw new Error('agent application insert returned no row');
      await writeAudit(tx, request, {
        at: now,
        actor: actorOfUser(principal.userId),
        action: 'agentApplication.submit',
        subject: `agentApplication:${row.id}`,
        reason: row.remark ?? 'applied',
      });
      return applicationView(row);
    });
  } catch (error) {
    if (uniqueViolation(error) === 'agent_applications_one_open_unique')
      throw new ApiError(409, 'agent.applicationPending');
    throw error;
  }
}

export async function latestApplication(deps: PlayerDeps, principal: Principal): Promise<AgentApplication | null> {
  const [row] = await deps.db
    .select()
    .from(agentApplications)
    .where(eq(agentApplications.userId, principal.userId))
    .orderBy(desc(agentApplications.id))
    .limit(1);
  return row ? applicationView(row) : null;
}
