import { adminWithdrawalApprove, adminWithdrawalReject } from '@contract/withdrawal-desk';
import { operatorApi } from '../admin/operator-api';
import { inlineRefusal, remarkOf, type SendDecision } from '../admin/review-flow';

/** What a withdrawal review's decision sends (the desk's review flow runs it). */
export function withdrawalDecision(orderSn: string): SendDecision {
  return (decision) =>
    decision.outcome === 'approve'
      ? operatorApi.call(adminWithdrawalApprove, { orderSn, ...remarkOf(decision) }, inlineRefusal)
      : operatorApi.call(adminWithdrawalReject, { orderSn, reason: decision.reason }, inlineRefusal);
}
