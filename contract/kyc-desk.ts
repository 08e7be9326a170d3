// The desk's identity checks: the submissions waiting for review, approved or rejected with a reason.
import * as v from 'valibot';
import { deskKeyword, userRef } from './admin';
import { deskRoles } from './admin-roles';
import { endpoint, listQuery, noData, pageOf, rowId } from './endpoint';
import { kycSubmission, kycSubmissionStatuses } from './kyc';
import { reasonInput, remarkInput } from './money';

const kycReviewItem = v.object({
  ...kycSubmission.entries,
  user: userRef,
  /** The full document number: operators compare it with the photos. */
  idNumber: v.nullable(v.string()),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  pinyinName: v.nullable(v.string()),
});
export type KycReviewItem = v.InferOutput<typeof kycReviewItem>;

export const adminKycList = endpoint({
  path: '/v2/admin/kyc/list',
  access: 'admin',
  roles: deskRoles.playersRead,
  summary: 'KYC submissions by status (default: waiting for review), oldest first',
  body: v.optional(
    listQuery({ status: v.optional(v.picklist(kycSubmissionStatuses), 'pendingReview'), keyword: deskKeyword }),
    {},
  ),
  data: pageOf(kycReviewItem),
});

export const adminKycApprove = endpoint({
  path: '/v2/admin/kyc/approve',
  access: 'admin',
  roles: deskRoles.players,
  summary: 'Approve a submission waiting for review',
  body: v.object({ submissionId: rowId('validation.submission'), remark: v.optional(remarkInput) }),
  data: noData,
});

export const adminKycReject = endpoint({
  path: '/v2/admin/kyc/reject',
  access: 'admin',
  roles: deskRoles.players,
  summary: 'Reject a submission waiting for review; the player sees the reason and may submit again',
  body: v.object({ submissionId: rowId('validation.submission'), reason: reasonInput }),
  data: noData,
});
