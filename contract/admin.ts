// The operators' review desk. Every change made here writes an audit row with the operator and the
// reason in the same transaction as the change itself. This file is the desk's own part: operators
// and their sign-in, what every desk list shares (who a row belongs to, the keyword, the review
// dialog's forms), players and the audit log; each area's desk calls are in contract/<area>-desk.ts.
import * as v from 'valibot';
import { deskRoles, operatorRoleSchema } from './admin-roles';
import { captchaAnswer, captchaId } from './auth';
import { emptyBody, endpoint, isoDateTime, listQuery, noData, pageOf, rowId } from './endpoint';
import { kycStatuses } from './kyc';
import { amount, amountInput, reasonInput, remarkInput } from './money';
import { singleLine } from './plain-text';

export const totpCodePattern = /^\d{6}$/;

/** The sign-in fields' lengths, which the form's inputs do not let an operator exceed. */
export const operatorAccountMaxLength = 254;
export const operatorPasswordMaxLength = 1024;
const operatorAccount = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('validation.accountRequired'),
  v.maxLength(operatorAccountMaxLength),
  singleLine,
);
const operatorPassword = v.pipe(
  v.string(),
  v.nonEmpty('validation.passwordRequired'),
  v.maxLength(operatorPasswordMaxLength),
);
const totpCode = v.pipe(v.string(), v.trim(), v.regex(totpCodePattern, 'validation.totpCode'));

/** The desk's sign-in form as the operator fills it: the sign-in's own rules, with the captcha's answer typed. */
export const operatorSignInForm = v.object({
  account: operatorAccount,
  password: operatorPassword,
  captcha: v.pipe(v.string(), v.trim(), v.nonEmpty('validation.captchaRequired'), captchaAnswer),
  totpCode,
});

export const adminLogin = endpoint({
  path: '/v2/admin/auth/login',
  access: 'public',
  summary:
    'Operator sign-in: account (user name or e-mail), password, captcha and the current code of the authenticator app; opens a short operator session, the only kind the desk accepts',
  body: v.object({
    account: operatorAccount,
    password: operatorPassword,
    uuid: captchaId,
    qrcode: captchaAnswer,
    totpCode,
  }),
  data: v.object({
    token: v.string(),
    expiresAt: isoDateTime,
    userId: v.number(),
    account: v.string(),
    /** What the desk shows this operator: the calls of other roles are refused. */
    roles: v.array(operatorRoleSchema),
  }),
});

export const adminLogout = endpoint({
  path: '/v2/admin/auth/logout',
  access: 'admin',
  roles: deskRoles.everyone,
  summary: 'End this operator session',
  body: emptyBody,
  data: noData,
});

/** The keyword a desk list filters by (an account, e-mail, nickname, order number). */
export const deskKeyword = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'validation.keyword'), singleLine));

/** Who a row belongs to, as the desk shows it. */
export const userRef = v.object({ userId: v.number(), account: v.string(), email: v.string() });
export type UserRef = v.InferOutput<typeof userRef>;

/**
 * The review dialog's forms (a KYC submission, a withdrawal, a manual deposit, an agent application,
 * an account or a game switched off): an approval's optional remark, the yen a manual deposit
 * actually brought (typed as read off the statement, grouping allowed), and a rejection's reason.
 * The remark, amount and reason are the review calls' own rules.
 */
export const reviewApprovalForm = v.object({ remark: remarkInput });
const typedYen = v.pipe(
  v.string(),
  v.transform((text) => text.normalize('NFKC').replace(/[,\s]/g, '')),
  v.regex(/^\d{1,15}$/, 'validation.amount'),
  v.transform(Number),
  amountInput,
);
export const receivedAmountForm = v.object({ amount: typedYen, remark: remarkInput });
export const reviewRejectionForm = v.object({ reason: reasonInput });

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
  roles: deskRoles.accountsRead,
  summary:
    'Find players by account, e-mail, nickname or user id (keyword), or exactly one player by userId; period filters by registration day',
  body: v.optional(
    listQuery({
      keyword: deskKeyword,
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
  roles: deskRoles.players,
  summary: 'Freeze an account: its sessions end (402) and it can no longer sign in or move money',
  body: v.object({ userId: rowId('validation.user'), reason: reasonInput }),
  data: noData,
});

export const adminUserUnfreeze = endpoint({
  path: '/v2/admin/user/unfreeze',
  access: 'admin',
  roles: deskRoles.players,
  summary: 'Lift the freeze on an account',
  body: v.object({ userId: rowId('validation.user'), reason: reasonInput }),
  data: noData,
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
  roles: deskRoles.audit,
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
