import { adminAgentApplicationApprove, adminAgentApplicationReject } from '@contract/agent-desk';
import { operatorApi } from '../admin/operator-api';
import { inlineRefusal, remarkOf, type SendDecision } from '../admin/review-flow';

/** What an agent application's decision sends (the desk's review flow runs it). */
export function agentApplicationDecision(applicationId: number): SendDecision {
  return (decision) =>
    decision.outcome === 'approve'
      ? operatorApi.call(adminAgentApplicationApprove, { applicationId, ...remarkOf(decision) }, inlineRefusal)
      : operatorApi.call(adminAgentApplicationReject, { applicationId, reason: decision.reason }, inlineRefusal);
}
