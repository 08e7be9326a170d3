// The desk's withdrawal reviews: a withdrawal under review is approved (paid out) or rejected (returned).
import * as v from 'valibot';
import { deskKeyword, userRef } from './admin';
import { deskRoles } from './admin-roles';
import { endpoint, listQuery, noData, pageOf } from './endpoint';
import { orderSnInput, reasonInput, remarkInput, withdrawalStatuses } from './money';
import { withdrawal, withdrawalMethods } from './withdrawal';
import { payoutApproval, payoutFlagRules } from './withdrawal-risk';

/** A withdrawal as the desk lists it: the player, the rules that flag it while it waits, and its approvals. */
const withdrawalReviewItem = v.intersect([
  withdrawal,
  v.object({ user: userRef, flags: v.array(v.picklist(payoutFlagRules)), approval: payoutApproval }),
]);
export type WithdrawalReviewItem = v.InferOutput<typeof withdrawalReviewItem>;

export const adminWithdrawalList = endpoint({
  path: '/v2/admin/withdrawal/list',
  access: 'admin',
  roles: deskRoles.moneyRead,
  summary: 'Withdrawals by status (default: waiting for review) and method, oldest first',
  body: v.optional(
    listQuery({
      status: v.optional(v.picklist(withdrawalStatuses), 'withdrawalReview'),
      method: v.optional(v.picklist(withdrawalMethods)),
      keyword: deskKeyword,
    }),
    {},
  ),
  data: pageOf(withdrawalReviewItem),
});

export const adminWithdrawalApprove = endpoint({
  path: '/v2/admin/withdrawal/approve',
  access: 'admin',
  roles: deskRoles.money,
  summary:
    'Approve a withdrawal under review: the held amount is posted and the payout starts; at or over the four-eyes threshold the first approval is recorded and a second operator completes it',
  body: v.object({
    orderSn: orderSnInput,
    remark: v.optional(remarkInput),
    /**
     * The operator means the first of two approvals (their dialog said so): refused with 409 when
     * another operator's first approval landed meanwhile, so nobody starts a payout unawares.
     */
    firstApproval: v.optional(v.boolean()),
  }),
  data: v.object({ outcome: v.picklist(['payoutStarted', 'firstApprovalRecorded']) }),
});

export const adminWithdrawalReject = endpoint({
  path: '/v2/admin/withdrawal/reject',
  access: 'admin',
  roles: deskRoles.money,
  summary: 'Reject a withdrawal under review: the held amount returns to the player',
  body: v.object({ orderSn: orderSnInput, reason: reasonInput }),
  data: noData,
});
