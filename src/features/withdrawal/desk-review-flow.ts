import { adminWithdrawalApprove, adminWithdrawalReject } from '@contract/withdrawal-desk';
import type { PayoutApproval } from '@contract/withdrawal-risk';
import { ApiCallError } from '@/lib/api-client';
import { operatorApi } from '../admin/operator-api';
import { inlineRefusal, remarkOf, type SendDecision } from '../admin/review-flow';

/**
 * What a withdrawal review's decision sends (the desk's review flow runs it); an approval given as
 * the first of two says so, so the server refuses it if another's first approval came meanwhile.
 * That refusal calls `overtaken`: the queue is read again, and the row offers the second approval.
 */
export function withdrawalDecision(orderSn: string, firstApproval = false, overtaken = () => {}): SendDecision {
  return (decision) =>
    decision.outcome === 'approve'
      ? operatorApi
          .call(
            adminWithdrawalApprove,
            { orderSn, ...remarkOf(decision), ...(firstApproval ? { firstApproval } : {}) },
            inlineRefusal,
          )
          .catch((error: unknown) => {
            if (firstApproval && error instanceof ApiCallError && error.code === 409) overtaken();
            throw error;
          })
      : operatorApi.call(adminWithdrawalReject, { orderSn, reason: decision.reason }, inlineRefusal);
}

/**
 * Where a payout stands for the operator looking at it: one approval pays (`single`); at or over the
 * four-eyes threshold the first approval records itself (`first`) and a different operator's pays
 * (`second`); the operator who gave the first waits for someone else (`awaitingOther`).
 */
export type ApprovalStep = 'single' | 'first' | 'second' | 'awaitingOther';

export function approvalStepOf(approval: PayoutApproval, operatorUserId: number | undefined): ApprovalStep {
  if (approval.required === 1) return 'single';
  if (approval.first === null) return 'first';
  return approval.first.userId === operatorUserId ? 'awaitingOther' : 'second';
}
