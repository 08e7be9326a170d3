// The desk's agents: applications to review, an agent's rebate rate and their team.
import * as v from 'valibot';
import { accountStatuses, deskKeyword, userRef } from './admin';
import { deskRoles } from './admin-roles';
import { agentApplication, agentApplicationStatuses } from './agent';
import { endpoint, isoDateTime, listQuery, noData, pageOf, rowId } from './endpoint';
import { amount, basisPoints, reasonInput, remarkInput } from './money';

const agentApplicationReviewItem = v.object({ ...agentApplication.entries, user: userRef });
export type AgentApplicationReviewItem = v.InferOutput<typeof agentApplicationReviewItem>;

/** Application ids are PostgreSQL integers; a larger number is refused as invalid input, not looked up. */
const applicationId = rowId('validation.application');

export const adminAgentApplicationList = endpoint({
  path: '/v2/admin/agent/application/list',
  access: 'admin',
  roles: deskRoles.playersRead,
  summary: 'Agent applications by status (default: waiting for review), oldest first',
  body: v.optional(
    listQuery({ status: v.optional(v.picklist(agentApplicationStatuses), 'pendingReview'), keyword: deskKeyword }),
    {},
  ),
  data: pageOf(agentApplicationReviewItem),
});

export const adminAgentApplicationApprove = endpoint({
  path: '/v2/admin/agent/application/approve',
  access: 'admin',
  roles: deskRoles.players,
  summary: 'Approve an agent application: the player becomes an agent and gets an agent code',
  body: v.object({ applicationId, remark: v.optional(remarkInput) }),
  data: noData,
});

export const adminAgentApplicationReject = endpoint({
  path: '/v2/admin/agent/application/reject',
  access: 'admin',
  roles: deskRoles.players,
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
  roles: deskRoles.money,
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
  roles: deskRoles.accountsRead,
  summary: 'An agent’s terms (code, rebate rate) and direct members, newest first; period filters by registration day',
  body: listQuery({ userId: rowId('validation.user'), keyword: deskKeyword }),
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
