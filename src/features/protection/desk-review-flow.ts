import { adminFamilyApprove, adminFamilyReject } from '@contract/protection-desk';
import { operatorApi } from '../admin/operator-api';
import { inlineRefusal, remarkOf, type SendDecision } from '../admin/review-flow';

/** What a family declaration's decision sends (the desk's review flow runs it). */
export function familyDeclarationDecision(declarationId: number): SendDecision {
  return (decision) =>
    decision.outcome === 'approve'
      ? operatorApi.call(adminFamilyApprove, { declarationId, ...remarkOf(decision) }, inlineRefusal)
      : operatorApi.call(adminFamilyReject, { declarationId, reason: decision.reason }, inlineRefusal);
}
