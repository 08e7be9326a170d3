import * as v from 'valibot';
import { newAccountName, newPassword } from './auth';
import { depositOrder } from './deposit';
import { dateRange, emptyBody, endpoint, isoDateTime, listQuery, pageOf, rowId } from './endpoint';
import {
  amount,
  amountInput,
  basisPoints,
  depositStatuses,
  depositTotals,
  remarkInput,
  signedAmount,
  typedAmount,
  withdrawalStatuses,
  withdrawalTotals,
} from './money';
import { singleLine } from './plain-text';
import { withdrawal } from './withdrawal';

/** An application for agent status; pending review, then approved or rejected (docs/requirements.md §4.6). */
export const agentApplicationStatuses = ['pendingReview', 'approved', 'rejected'] as const;
export type AgentApplicationStatus = (typeof agentApplicationStatuses)[number];

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const userId = rowId('validation.member');
/** A sub-agent whose team the signed-in agent looks into (docs/requirements.md §6.5). */
const subAgentId = rowId('validation.member');
const accountText = v.pipe(v.string(), v.trim(), v.maxLength(50, 'validation.keyword'), singleLine);
const accountSearch = v.optional(accountText);
/** The account search above the agent's list of direct members, as the agent types it. */
export const memberSearchForm = v.object({ account: accountText });

export const isAgentQuery = endpoint({
  path: '/v2/app/agent/is/agent',
  access: 'user',
  summary: 'Whether the signed-in player is an agent',
  body: emptyBody,
  data: v.boolean(),
});

export const agentApplication = v.object({
  id: v.number(),
  status: v.picklist(agentApplicationStatuses),
  remark: v.nullable(v.string()),
  submittedAt: isoDateTime,
  reviewedAt: v.nullable(isoDateTime),
  rejectReason: v.nullable(v.string()),
});
export type AgentApplication = v.InferOutput<typeof agentApplication>;

export const applyForAgent = endpoint({
  path: '/v2/app/agent/apply',
  access: 'user',
  summary: 'Apply to become an agent; one open application at a time',
  body: v.optional(v.object({ remark: v.optional(remarkInput) }), {}),
  data: agentApplication,
});

export const agentApplicationQuery = endpoint({
  path: '/v2/app/agent/apply/status',
  access: 'user',
  summary: 'The player’s latest agent application, or null if they never applied',
  body: emptyBody,
  data: v.nullable(agentApplication),
});

export const agentCodeQuery = endpoint({
  path: '/v2/app/agent/code',
  access: 'agent',
  summary: 'The agent’s recommendation code and the invitation link that pre-fills it at sign-up',
  body: emptyBody,
  data: v.object({ agentCode: v.string(), invitationUrl: v.string() }),
});

/** A sub-agent on the way from the signed-in agent down to the team shown, for the breadcrumb. */
const teamLevel = v.object({ userId: v.number(), account: v.string() });
export type TeamLevel = v.InferOutput<typeof teamLevel>;

const teamStatistics = v.object({
  teamName: v.string(),
  /**
   * The sub-agents from the signed-in agent's direct member down to the agent whose team this is;
   * empty for the agent’s own team (docs/requirements.md §6.5).
   */
  path: v.array(teamLevel),
  /** Sum of the members' balances, in game coins. */
  teamBalance: amount,
  activeUserCount: count,
  registrationCount: count,
  rechargeCount: count,
  betCount: count,
  rechargeAmount: amount,
  betAmount: amount,
  /** The agent's rebate rate. */
  rebateBasisPoints: basisPoints,
  giftAmount: amount,
  transferAmount: amount,
  /** Coins the agent took back from members in the period. */
  takenBackAmount: amount,
});
export type TeamStatistics = v.InferOutput<typeof teamStatistics>;

export const teamStatisticsQuery = endpoint({
  path: '/v2/app/agent/data/statistics',
  access: 'agent',
  summary: 'The agent’s team, or a sub-agent’s team below them, at a glance within a period (default: today)',
  body: v.optional(v.object({ userId: v.optional(subAgentId), period: v.optional(dateRange) }), {}),
  data: teamStatistics,
});

export const teamReportTypes = [
  'recharge',
  'withdrawal',
  'bet',
  'win',
  'rebate',
  'gift',
  'transferIn',
  'transferOut',
] as const;
export type TeamReportType = (typeof teamReportTypes)[number];

export const teamReportStatistics = endpoint({
  path: '/v2/app/agent/type/report/statistics',
  access: 'agent',
  summary: 'Count and amount per kind of movement for the whole team or one member, within a period',
  body: v.optional(v.object({ userId: v.optional(userId), period: v.optional(dateRange) }), {}),
  data: v.array(v.object({ type: v.picklist(teamReportTypes), count, amount })),
});

// No pay password: these moves stay inside the agent's own team (session, XSRF, agent check and Idempotency-Key guard them).
const memberMoveInput = v.object({
  memberUserId: userId,
  amount: amountInput,
  remark: v.optional(remarkInput),
});
export type MemberMoveInput = v.InferInput<typeof memberMoveInput>;

const memberMove = v.object({
  transferSn: v.string(),
  amount,
  agentBalance: amount,
  memberBalance: amount,
  createdAt: isoDateTime,
});
export type MemberMove = v.InferOutput<typeof memberMove>;

/**
 * The amount of a move between an agent and a member as the agent types it: whole coins, no more
 * than the move's limit as the agent last saw it, the agent's balance for a transfer
 * (`amountOverBalance`) or what the agent may take back for a decrease (`amountOverTakeable`).
 */
export function memberMoveForm(
  limit: number,
  overLimitMessage: 'validation.amountOverBalance' | 'validation.amountOverTakeable',
) {
  return v.object({ amount: v.pipe(typedAmount, v.maxValue(limit, overLimitMessage)) });
}

export const transferToMember = endpoint({
  path: '/v2/app/agent/type/member/transfer',
  access: 'agent',
  summary: 'Move game coins from the agent’s balance to a direct member’s balance',
  idempotent: true,
  body: memberMoveInput,
  data: memberMove,
});

export const decreaseMemberBalance = endpoint({
  path: '/v2/app/agent/type/member/transfer/decrease',
  access: 'agent',
  summary: 'Move game coins from a direct member’s balance back to the agent’s balance',
  idempotent: true,
  body: memberMoveInput,
  data: memberMove,
});

/** A member is frozen by an operator (the desk); a frozen member's balance cannot change. */
export const memberStates = ['active', 'frozen'] as const;
export type MemberState = (typeof memberStates)[number];

const member = v.object({
  userId: v.number(),
  account: v.string(),
  nickname: v.nullable(v.string()),
  isAgent: v.boolean(),
  state: v.picklist(memberStates),
  balance: amount,
  /** The most the agent may take back now: coins they gave that the member has not spent (docs/requirements.md §12.11). */
  takeable: amount,
  rechargeAmount: amount,
  withdrawalAmount: amount,
  registeredAt: isoDateTime,
  lastLoginAt: v.nullable(isoDateTime),
});
export type TeamMember = v.InferOutput<typeof member>;

export const teamMemberPage = endpoint({
  path: '/v2/app/agent/sub/member/page',
  access: 'agent',
  summary: 'The agent’s members, newest first; period filters by registration day',
  body: v.optional(listQuery({ account: accountSearch }), {}),
  data: pageOf(member),
});

const memberReport = v.object({
  userId: v.number(),
  account: v.string(),
  /** An agent's own team can be opened from the report (docs/requirements.md §6.5). */
  isAgent: v.boolean(),
  rechargeAmount: amount,
  withdrawalAmount: amount,
  betAmount: amount,
  winAmount: amount,
  profitLoss: signedAmount,
  rebateAmount: amount,
});
export type TeamMemberReport = v.InferOutput<typeof memberReport>;

export const teamMemberReportPage = endpoint({
  path: '/v2/app/agent/sub/member/report/page',
  access: 'agent',
  summary:
    'Per-member totals (recharge, withdrawal, bet, win, profit/loss, rebate) within a period, of the agent’s team or a sub-agent’s',
  body: v.optional(listQuery({ account: accountSearch, userId: v.optional(subAgentId) }), {}),
  data: pageOf(memberReport),
});

/**
 * One day's commission: the direct members who bet, their valid bets (bets less the bets rolled
 * back), the rate then in force, and what was paid into the agent's coins by the day's settlement.
 */
const commissionDay = v.object({
  day: v.pipe(v.string(), v.isoDate()),
  members: count,
  validBets: amount,
  rateBasisPoints: basisPoints,
  amount,
  settledAt: isoDateTime,
});
export type CommissionDay = v.InferOutput<typeof commissionDay>;

export const agentCommissionList = endpoint({
  path: '/v2/app/agent/commission/page',
  access: 'agent',
  summary:
    'The agent’s commission statements, newest day first: each day’s members who bet, valid bets, rate and amount paid',
  body: v.optional(listQuery({}), {}),
  data: v.intersect([pageOf(commissionDay), v.object({ paid: amount })]),
});

const memberRef = { userId: v.number(), account: v.string() };

const teamDeposit = v.intersect([depositOrder, v.object(memberRef)]);
export type TeamDeposit = v.InferOutput<typeof teamDeposit>;

export const teamRechargePage = endpoint({
  path: '/v2/app/agent/sub/member/recharge/page',
  access: 'agent',
  summary: 'Deposits of the agent’s members, yen orders and crypto deposits in one list, newest first',
  body: v.optional(listQuery({ account: accountSearch, status: v.optional(v.picklist(depositStatuses)) }), {}),
  data: v.object({
    ...pageOf(teamDeposit).entries,
    /** Over every order the filters match, all pages, by status group. */
    totals: depositTotals,
  }),
});

const teamWithdrawal = v.intersect([withdrawal, v.object(memberRef)]);
export type TeamWithdrawal = v.InferOutput<typeof teamWithdrawal>;

export const teamWithdrawalPage = endpoint({
  path: '/v2/app/agent/sub/member/draw/page',
  access: 'agent',
  summary: 'Withdrawals of the agent’s members, newest first',
  body: v.optional(listQuery({ account: accountSearch, status: v.optional(v.picklist(withdrawalStatuses)) }), {}),
  data: v.object({
    ...pageOf(teamWithdrawal).entries,
    /** Over every withdrawal the filters match, all pages, by status group. */
    totals: withdrawalTotals,
  }),
});

const requiredText = v.pipe(v.string(), v.nonEmpty('validation.required'));

/**
 * The create-subordinate form as the agent fills it, checked in the browser before the call: the
 * sign-up rules (docs/requirements.md §5.2), letters and digits first, then the length the server
 * allows, and the password typed twice.
 */
export const teamMemberForm = v.pipe(
  v.object({
    account: newAccountName,
    password: newPassword,
    confirmPassword: requiredText,
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (values) => values.password === values.confirmPassword,
      'validation.passwordsMismatch',
    ),
    ['confirmPassword'],
  ),
);

/**
 * The schema bounds sizes only: the user-name format and the password policy are the sign-up rules,
 * checked by the server after the schema so the refusal names the rule (as registration does).
 */
export const createTeamMember = endpoint({
  path: '/v2/app/agent/sub/member/create',
  access: 'agent',
  summary: 'Create an account directly under the agent, with its initial password',
  body: v.object({
    account: v.pipe(
      v.string('validation.account'),
      v.trim(),
      v.nonEmpty('validation.account'),
      v.maxLength(20, 'validation.account'),
    ),
    /** The new member's password, required for every subordinate the agent creates. */
    password: v.pipe(
      v.string('validation.password'),
      v.nonEmpty('validation.password'),
      v.maxLength(128, 'validation.password'),
    ),
    nickname: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.nonEmpty('validation.nickname'),
        v.maxLength(20, 'validation.nickname'),
        singleLine,
      ),
    ),
  }),
  data: v.object({ userId: v.number(), account: v.string(), createdAt: isoDateTime }),
});
