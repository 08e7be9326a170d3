// The operators' review desk. Every change made here writes an audit row with the operator and the
// reason in the same transaction as the change itself.
import * as v from 'valibot';
import { agentApplication, agentApplicationStatuses } from './agent';
import { captchaAnswer, captchaId } from './auth';
import { gameKinds } from './content';
import { depositOrder } from './deposit';
import { dateRange, emptyBody, endpoint, isoDate, isoDateTime, listQuery, noData, pageOf, rowId } from './endpoint';
import { kycStatuses, kycSubmission, kycSubmissionStatuses } from './kyc';
import {
  amount,
  amountInput,
  basisPoints,
  manualStatuses,
  orderSnInput,
  reasonInput,
  remarkInput,
  signedAmount,
  withdrawalStatuses,
} from './money';
import { singleLine } from './plain-text';
import { withdrawal, withdrawalMethods } from './withdrawal';

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

/**
 * The desk's rebate form: the rate typed as a percentage with two decimals, sent as basis points
 * (100 = 1 %), and the reason the audit log keeps; the rebate call's own rules.
 */
export const agentRebateForm = v.object({
  rebatePercent: v.pipe(
    v.number('validation.rebatePercent'),
    v.minValue(0, 'validation.rebatePercent'),
    v.maxValue(100, 'validation.rebatePercent'),
    v.transform((percent) => Math.round(percent * 100)),
    basisPoints,
  ),
  reason: reasonInput,
});

export const adminAgentRebateSet = endpoint({
  path: '/v2/admin/agent/rebate/set',
  access: 'admin',
  summary: 'Set an agent’s rebate rate (basis points: 100 = 1 %), with the reason kept in the audit log',
  body: v.object({ userId: rowId('validation.user'), rebateBasisPoints: basisPoints, reason: reasonInput }),
  data: v.object({ userId: v.number(), rebateBasisPoints: basisPoints }),
});

const deskTeamMember = v.object({
  ...userRef.entries,
  nickname: v.nullable(v.string()),
  status: v.picklist(accountStatuses),
  isAgent: v.boolean(),
  balance: amount,
  registeredAt: isoDateTime,
  lastLoginAt: v.nullable(isoDateTime),
});
export type DeskTeamMember = v.InferOutput<typeof deskTeamMember>;

export const adminAgentTeam = endpoint({
  path: '/v2/admin/agent/team',
  access: 'admin',
  summary: 'An agent’s terms (code, rebate rate) and direct members, newest first; period filters by registration day',
  body: listQuery({ userId: rowId('validation.user'), keyword }),
  data: v.object({
    ...pageOf(deskTeamMember).entries,
    agent: v.object({
      ...userRef.entries,
      agentCode: v.nullable(v.string()),
      rebateBasisPoints: basisPoints,
      since: v.nullable(isoDateTime),
      /** Sum of the members' balances, in game coins, over every page. */
      teamBalance: amount,
    }),
  }),
});

/* The game hall on the desk: rounds with their wallet transactions and proof, daily house profit, games and machines. */

/** Game providers' ids: lower-case letters and digits. */
const providerIdInput = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9]{1,30}$/, 'validation.provider'));

const deskGame = v.object({ id: v.number(), code: v.string(), providerId: v.string(), name: v.string() });

/** One round of a player as the wallet booked it; amounts in game coins. */
const gameRound = v.object({
  /** The round's row id on our side (the desk's detail call takes it). */
  id: v.number(),
  /** The provider's round id. */
  round: v.string(),
  user: userRef,
  game: deskGame,
  machineNumber: v.nullable(v.number()),
  betAmount: amount,
  winAmount: amount,
  /** When the round's first bet was booked, and its last change. */
  playedAt: isoDateTime,
  updatedAt: v.nullable(isoDateTime),
});
export type GameRound = v.InferOutput<typeof gameRound>;

export const adminGameRoundList = endpoint({
  path: '/v2/admin/game/round/list',
  access: 'admin',
  summary:
    'The wallet’s rounds, newest first, by player (keyword or user id), provider, game, machine and the day they were played; with the sums of bets and wins over every matching round',
  body: v.optional(
    listQuery({
      keyword,
      userId: v.optional(rowId('validation.user')),
      providerId: v.optional(providerIdInput),
      gameId: v.optional(rowId('validation.game')),
      machineId: v.optional(rowId('validation.machine')),
      round: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'validation.keyword'), singleLine)),
    }),
    {},
  ),
  data: v.object({ ...pageOf(gameRound).entries, betAmount: amount, winAmount: amount }),
});

const walletTransactionKinds = ['bet', 'win', 'rollback', 'tombstone'] as const;

const gameRoundTransaction = v.object({
  id: v.number(),
  kind: v.picklist(walletTransactionKinds),
  /** In game coins; a rollback's is what it gave back. */
  amount: amount,
  transactionUuid: v.string(),
  /** Null on rows booked before the request was kept. */
  requestUuid: v.nullable(v.string()),
  /** The transaction a win settles or a rollback undoes. */
  referenceTransactionUuid: v.nullable(v.string()),
  /** The ledger transfer that moved the coins; null when nothing moved (a free bet, a win of 0). */
  ledgerTransferId: v.nullable(v.string()),
  rolledBackAt: v.nullable(isoDateTime),
  /** The request's `meta` as the provider sent it. */
  meta: v.nullable(v.record(v.string(), v.unknown())),
  createdAt: isoDateTime,
});
export type GameRoundTransaction = v.InferOutput<typeof gameRoundTransaction>;

export const adminGameRoundDetail = endpoint({
  path: '/v2/admin/game/round/detail',
  access: 'admin',
  summary:
    'One round with its wallet transactions (bets, wins, rollbacks) in order, the provider’s proof data and, for the studio, its verify page',
  body: v.object({ id: rowId('validation.round') }),
  data: v.object({
    round: gameRound,
    transactions: v.array(gameRoundTransaction),
    /** The provably-fair data the provider sent with the round's first bet (`meta`), when it sent any. */
    proof: v.nullable(v.record(v.string(), v.unknown())),
    /** Where anyone can recompute the round from its seeds (the product's studio only). */
    verifyUrl: v.nullable(v.string()),
  }),
});

const gameProfitDay = v.object({
  /** The calendar day in Japan time the rounds began on. */
  day: isoDate,
  game: deskGame,
  rounds: v.pipe(v.number(), v.integer()),
  players: v.pipe(v.number(), v.integer()),
  betAmount: amount,
  winAmount: amount,
  /** The house's profit: bets − wins (negative is a loss). */
  profit: signedAmount,
});
export type GameProfitDay = v.InferOutput<typeof gameProfitDay>;

export const adminGameProfitDaily = endpoint({
  path: '/v2/admin/game/profit/daily',
  access: 'admin',
  summary:
    'The house’s profit and loss per game per day over a period (bets − wins of the rounds begun that day), with the rounds and players, and the totals',
  body: v.object({
    period: dateRange,
    providerId: v.optional(providerIdInput),
    gameId: v.optional(rowId('validation.game')),
  }),
  data: v.object({
    list: v.array(gameProfitDay),
    totals: v.object({
      rounds: v.pipe(v.number(), v.integer()),
      /** Different players over the whole period. */
      players: v.pipe(v.number(), v.integer()),
      betAmount: amount,
      winAmount: amount,
      profit: signedAmount,
    }),
  }),
});

const deskMachine = v.object({
  id: v.number(),
  number: v.number(),
  enabled: v.boolean(),
  /** The player seated there now, if any. */
  seatedUserId: v.nullable(v.number()),
});

const deskGameEntry = v.object({
  ...deskGame.entries,
  kind: v.picklist(gameKinds),
  providerName: v.string(),
  /** A disabled provider is refused by the wallet whatever its games' switches say. */
  providerEnabled: v.boolean(),
  rtpBasisPoints: v.nullable(v.number()),
  enabled: v.boolean(),
  machines: v.array(deskMachine),
});
export type DeskGameEntry = v.InferOutput<typeof deskGameEntry>;

export const adminGameList = endpoint({
  path: '/v2/admin/game/list',
  access: 'admin',
  summary: 'Every provider’s games with their machines, each enabled or disabled, and who sits where',
  body: emptyBody,
  data: v.array(deskGameEntry),
});

export const adminGameSetEnabled = endpoint({
  path: '/v2/admin/game/enabled',
  access: 'admin',
  summary:
    'Enable or disable a game: a disabled game leaves the hall, refuses launches and bets (wins and rollbacks still settle), and its seats are freed; the choice outlasts restarts',
  body: v.object({ gameId: rowId('validation.game'), enabled: v.boolean(), reason: reasonInput }),
  data: noData,
});

export const adminGameMachineSetEnabled = endpoint({
  path: '/v2/admin/game/machine/enabled',
  access: 'admin',
  summary:
    'Enable or disable one machine: a disabled machine leaves the hall and refuses launches; its seat is freed and its game sessions take no more bets',
  body: v.object({ machineId: rowId('validation.machine'), enabled: v.boolean(), reason: reasonInput }),
  data: noData,
});
