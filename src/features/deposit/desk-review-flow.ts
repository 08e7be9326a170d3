import { adminManualDepositConfirm, adminManualDepositFail } from '@contract/deposit-desk';
import { operatorApi } from '../admin/operator-api';
import { inlineRefusal, remarkOf, type SendDecision } from '../admin/review-flow';

/** What a manual deposit's decision sends (the desk's review flow runs it). */
export function manualDepositDecision(orderSn: string): SendDecision {
  return (decision) => {
    if (decision.outcome === 'reject')
      return operatorApi.call(adminManualDepositFail, { orderSn, reason: decision.reason }, inlineRefusal);
    if (decision.amount === null) throw new Error('a manual deposit is confirmed with the yen received');
    return operatorApi.call(
      adminManualDepositConfirm,
      { orderSn, receivedAmount: decision.amount, ...remarkOf(decision) },
      inlineRefusal,
    );
  };
}
