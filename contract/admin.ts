// The operators' review desk. Every change made here writes an audit row with the operator and the
// reason in the same transaction as the change itself.
import * as v from 'valibot';
import { agentApplication, agentApplicationStatuses } from './agent';
import { captchaAnswer, captchaId } from './auth';
import { withdrawal, withdrawalMethods } from './draw';
import { emptyBody, endpoint, isoDateTime, listQuery, noData, pageOf, rowId } from './endpoint';
import { kycStatuses, kycSubmission, kycSubmissionStatuses } from './kyc';
import {
  amount,
  amountInput,
  manualStatuses,
  orderSnInput,
  reasonInput,
  remarkInput,
  signedAmount,
  withdrawalStatuses,
} from './money';
import { depositOrder } from './pay';
import { singleLine } from './plain-text';

export const totpCodePattern = /^\d{6}$/;

export const adminLogin = endpoint({
  path: '/v2/admin/auth/login',
  access: 'public',
  summary:
    'Operator sign-in: account (user name or e-mail), password, captcha and the current code of the authenticator app; opens a short operator session, the only kind the desk accepts',
  body: v.object({
    account: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(254), singleLine),
    password: v.pipe(v.string(), v.nonEmpty(), v.maxLength(1024)),
    uuid: captchaId,
    qrcode: captchaAnswer,
    totpCode: v.pipe(v.string(), v.trim(), v.regex(totpCodePattern, 'validation.totpCode')),
  }),
  data: v.object({ token: v.string(), expiresAt: isoDateTime, userId: v.number(), account: v.string() }),
});

export const adminLogout = endpoint({
  path: '/v2/admin/auth/logout',
  access: 'admin',
  summary: 'End this operator session',
  body: emptyBody,
  data: noData,
});

const keyword = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'validation.keyword'), singleLine));

/** Who a row belongs to, as the desk shows it. */
const userRef = v.object({ userId: v.number(), account: v.string(), email: v.string() });
export type UserRef = v.InferOutput<typeof userRef>;

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
  summary: 'KYC submissions by status (default: waiting for review), oldest first',
  body: v.optional(listQuery({ status: v.optional(v.picklist(kycSubmissionStatuses), 'pendingReview'), keyword }), {}),
  data: pageOf(kycReviewItem),
});

export const adminKycApprove = endpoint({
  path: '/v2/admin/kyc/approve',
  access: 'admin',
  summary: 'Approve a submission waiting for review',
  body: v.object({ submissionId: rowId('validation.submission'), remark: v.optional(remarkInput) }),
  data: noData,
});

export const adminKycReject = endpoint({
  path: '/v2/admin/kyc/reject',
  access: 'admin',
  summary: 'Reject a submission waiting for review; the player sees the reason and may submit again',
  body: v.object({ submissionId: rowId('validation.submission'), reason: reasonInput }),
  data: noData,
});

const withdrawalReviewItem = v.intersect([withdrawal, v.object({ user: userRef })]);
export type WithdrawalReviewItem = v.InferOutput<typeof withdrawalReviewItem>;

export const adminWithdrawalList = endpoint({
  path: '/v2/admin/withdrawal/list',
  access: 'admin',
  summary: 'Withdrawals by status (default: waiting for review) and method, oldest first',
  body: v.optional(
    listQuery({
      status: v.optional(v.picklist(withdrawalStatuses), 'withdrawalReview'),
      method: v.optional(v.picklist(withdrawalMethods)),
      keyword,
    }),
    {},
  ),
  data: pageOf(withdrawalReviewItem),
});

export const adminWithdrawalApprove = endpoint({
  path: '/v2/admin/withdrawal/approve',
  access: 'admin',
  summary: 'Approve a withdrawal under review: the held amount is posted and the payout starts',
  body: v.object({ orderSn: orderSnInput, remark: v.optional(remarkInput) }),
  data: noData,
});

export const adminWithdrawalReject = endpoint({
  path: '/v2/admin/withdrawal/reject',
  access: 'admin',
  summary: 'Reject a withdrawal under review: the held amount returns to the player',
  body: v.object({ orderSn: orderSnInput, reason: reasonInput }),
  data: noData,
});

const manualDepositItem = v.intersect([
  depositOrder,
  v.object({
    user: userRef,
    payerName: v.string(),
    /** The yen the player said they would transfer. */
    yenAmount: amount,
    /** Why an operator marked the transfer failed. */
    failureReason: v.nullable(v.string()),
  }),
]);
export type ManualDepositItem = v.InferOutput<typeof manualDepositItem>;

export const adminManualDepositList = endpoint({
  path: '/v2/admin/deposit/manual/list',
  access: 'admin',
  summary: 'Manual-mode deposits by status (default: in progress), oldest first',
  body: v.optional(listQuery({ status: v.optional(v.picklist(manualStatuses), 'inProgress'), keyword }), {}),
  data: pageOf(manualDepositItem),
});

export const adminManualDepositConfirm = endpoint({
  path: '/v2/admin/deposit/manual/confirm',
  access: 'admin',
  summary: 'Confirm a manual deposit seen on the bank statement and credit the amount actually received',
  body: v.object({ orderSn: orderSnInput, receivedAmount: amountInput, remark: v.optional(remarkInput) }),
  data: noData,
});

export const adminManualDepositFail = endpoint({
  path: '/v2/admin/deposit/manual/fail',
  access: 'admin',
  summary: 'Close a manual deposit that was never received; nothing is credited',
  body: v.object({ orderSn: orderSnInput, reason: reasonInput }),
  data: noData,
});

export const accountStatuses = ['active', 'frozen'] as const;
export type AccountStatus = (typeof accountStatuses)[number];

const userSummary = v.object({
  ...userRef.entries,
  nickname: v.nullable(v.string()),
  status: v.picklist(accountStatuses),
  isAgent: v.boolean(),
  kycStatus: v.picklist(kycStatuses),
  balance: amount,
  registeredAt: isoDateTime,
  lastLoginAt: v.nullable(isoDateTime),
});
export type UserSummary = v.InferOutput<typeof userSummary>;

export const adminUserSearch = endpoint({
  path: '/v2/admin/user/search',
  access: 'admin',
  summary:
    'Find players by account, e-mail, nickname or user id (keyword), or exactly one player by userId; period filters by registration day',
  body: v.optional(
    listQuery({
      keyword,
      /** Only the player with this id (and the other filters); a keyword of digits also matches accounts and e-mails. */
      userId: v.optional(rowId('validation.user')),
      status: v.optional(v.picklist(accountStatuses)),
    }),
    {},
  ),
  data: pageOf(userSummary),
});

export const adminUserFreeze = endpoint({
  path: '/v2/admin/user/freeze',
  access: 'admin',
  summary: 'Freeze an account: its sessions end (402) and it can no longer sign in or move money',
  body: v.object({ userId: rowId('validation.user'), reason: reasonInput }),
  data: noData,
});

export const adminUserUnfreeze = endpoint({
  path: '/v2/admin/user/unfreeze',
  access: 'admin',
  summary: 'Lift the freeze on an account',
  body: v.object({ userId: rowId('validation.user'), reason: reasonInput }),
  data: noData,
});

export const ledgerEntryKinds = [
  'deposit',
  'withdrawalHold',
  'withdrawalPost',
  'withdrawalVoid',
  'agentTransferIn',
  'agentTransferOut',
  'gameBet',
  'gameWin',
  'gameRollback',
  'promotion',
  'rebate',
  'migration',
  'adjustment',
] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

/**
 * One line of a player's ledger: a posted entry, or a hold still waiting on the account (a
 * withdrawal under review, a deposit being refunded), which has no entry until it is posted.
 */
const ledgerEntry = v.object({
  /** The entry's id; null for a waiting hold. */
  id: v.nullable(v.number()),
  transferId: v.string(),
  kind: v.picklist(ledgerEntryKinds),
  /** Positive credits the player, negative debits them, in game coins; a waiting hold shows what it takes. */
  amount: signedAmount,
  /** The balance after the entry; a waiting hold leaves the balance as it was (it lowers what can be spent). */
  balanceAfter: amount,
  /** A hold not yet posted or voided. */
  pending: v.boolean(),
  /** The order number of the withdrawal or deposit behind the line, when there is one. */
  reference: v.nullable(v.string()),
  createdAt: isoDateTime,
});
export type LedgerEntry = v.InferOutput<typeof ledgerEntry>;

export const adminUserLedger = endpoint({
  path: '/v2/admin/user/ledger',
  access: 'admin',
  summary:
    'A player’s ledger entries and waiting holds, newest first, with the balance after each and the order behind it',
  body: listQuery({ userId: rowId('validation.user'), kind: v.optional(v.picklist(ledgerEntryKinds)) }),
  data: v.object({ ...pageOf(ledgerEntry).entries, balance: amount, heldAmount: amount }),
});

const auditEntry = v.object({
  id: v.number(),
  /** Null when the system acted (expiry, payout callback). */
  actor: v.nullable(v.object({ userId: v.number(), account: v.string() })),
  action: v.string(),
  subjectType: v.string(),
  subjectId: v.string(),
  reason: v.nullable(v.string()),
  /** The values before and after the change, as recorded. */
  detail: v.record(v.string(), v.unknown()),
  requestId: v.nullable(v.string()),
  createdAt: isoDateTime,
});
export type AuditEntry = v.InferOutput<typeof auditEntry>;

export const adminAuditList = endpoint({
  path: '/v2/admin/audit/list',
  access: 'admin',
  summary: 'The audit log, newest first, by actor, subject or action',
  body: v.optional(
    listQuery({
      actorUserId: v.optional(rowId('validation.user')),
      subjectType: v.optional(v.pipe(v.string(), v.maxLength(50, 'validation.keyword'))),
      subjectId: v.optional(v.pipe(v.string(), v.maxLength(64, 'validation.keyword'))),
      action: v.optional(v.pipe(v.string(), v.maxLength(100, 'validation.keyword'))),
    }),
    {},
  ),
  data: pageOf(auditEntry),
});

const agentApplicationReviewItem = v.object({ ...agentApplication.entries, user: userRef });
export type AgentApplicationReviewItem = v.InferOutput<typeof agentApplicationReviewItem>;

/** Application ids are PostgreSQL integers; a larger number is refused as invalid input, not looked up. */
const applicationId = rowId('validation.application');

export const adminAgentApplicationList = endpoint({
  path: '/v2/admin/agent/application/list',
  access: 'admin',
  summary: 'Agent applications by status (default: waiting for review), oldest first',
  body: v.optional(
    listQuery({ status: v.optional(v.picklist(agentApplicationStatuses), 'pendingReview'), keyword }),
    {},
  ),
  data: pageOf(agentApplicationReviewItem),
});

export const adminAgentApplicationApprove = endpoint({
  path: '/v2/admin/agent/application/approve',
  access: 'admin',
  summary: 'Approve an agent application: the player becomes an agent and gets an agent code',
  body: v.object({ applicationId, remark: v.optional(remarkInput) }),
  data: noData,
});

export const adminAgentApplicationReject = endpoint({
  path: '/v2/admin/agent/application/reject',
  access: 'admin',
  summary: 'Reject an agent application; the player sees the reason',
  body: v.object({ applicationId, reason: reasonInput }),
  data: noData,
});
