import { adminKycApprove, adminKycReject } from '@contract/kyc-desk';
import { operatorApi } from '../admin/operator-api';
import { inlineRefusal, remarkOf, type SendDecision } from '../admin/review-flow';

/** What an identity check's decision sends (the desk's review flow runs it). */
export function kycDecision(submissionId: number): SendDecision {
  return (decision) =>
    decision.outcome === 'approve'
      ? operatorApi.call(adminKycApprove, { submissionId, ...remarkOf(decision) }, inlineRefusal)
      : operatorApi.call(adminKycReject, { submissionId, reason: decision.reason }, inlineRefusal);
}
