// The desk's part of player protection: a player's limits and blocks with their history, a time-out
// or exclusion an operator imposes (never lifting a self-exclusion), and the family declarations'
// review queue.
import * as v from 'valibot';
import { deskKeyword, userRef } from './admin';
import { deskRoles } from './admin-roles';
import { endpoint, isoDateTime, listQuery, noData, pageOf, rowId } from './endpoint';
import { reasonInput, remarkInput } from './money';
import {
  familyRelationships,
  protectionRefusals,
  protectionState,
  selfExclusionDurations,
  timeOutDurations,
} from './protection';

/** One change in a player's protection, as the audit trail keeps it. */
const protectionHistoryItem = v.object({
  at: isoDateTime,
  /** `user:<id>` (the player or an operator), `family:<declaration id>` or `system`. */
  actor: v.string(),
  action: v.string(),
  reason: v.nullable(v.string()),
});

export const adminPlayerProtection = endpoint({
  path: '/v2/admin/protection/player',
  access: 'admin',
  roles: deskRoles.playersRead,
  summary:
    'A player’s limits, reality check and block as they stand, the history of every change, and flagged deposits',
  body: v.object({ userId: rowId('validation.user') }),
  data: v.object({
    state: protectionState,
    history: v.array(protectionHistoryItem),
    /** Deposits that arrived while the player was blocked or over a limit, for the desk to follow up. */
    flaggedDeposits: v.array(
      v.object({ reference: v.string(), amount: v.number(), flag: v.picklist(protectionRefusals), at: isoDateTime }),
    ),
  }),
});

/** An operator's block: a time-out or a self-exclusion on the player's behalf, with the reason. */
export const adminImposeBlock = endpoint({
  path: '/v2/admin/protection/block',
  access: 'admin',
  roles: deskRoles.players,
  summary:
    'Impose a time-out or an exclusion on a player, with a reason; it only lengthens what is on, never shortens or lifts it',
  body: v.variant('kind', [
    v.object({
      userId: rowId('validation.user'),
      kind: v.literal('timeOut'),
      duration: v.picklist(timeOutDurations, 'validation.timeOutDuration'),
      reason: reasonInput,
    }),
    v.object({
      userId: rowId('validation.user'),
      kind: v.literal('selfExclusion'),
      duration: v.picklist(selfExclusionDurations, 'validation.selfExclusionDuration'),
      reason: reasonInput,
    }),
  ]),
  data: noData,
});

export const familyDeclarationStatuses = ['pendingReview', 'approved', 'rejected'] as const;
export type FamilyDeclarationStatus = (typeof familyDeclarationStatuses)[number];

const familyDeclarationItem = v.object({
  id: v.number(),
  status: v.picklist(familyDeclarationStatuses),
  /** The account the declaration names, when it exists. */
  user: v.nullable(userRef),
  playerAccount: v.string(),
  requesterName: v.string(),
  relationship: v.picklist(familyRelationships),
  email: v.string(),
  phone: v.string(),
  depositMonthly: v.nullable(v.number()),
  lossMonthly: v.nullable(v.number()),
  reason: v.string(),
  submittedAt: isoDateTime,
  reviewedAt: v.nullable(isoDateTime),
  reviewNote: v.nullable(v.string()),
});
export type FamilyDeclarationItem = v.InferOutput<typeof familyDeclarationItem>;

export const adminFamilyDeclarations = endpoint({
  path: '/v2/admin/protection/family/list',
  access: 'admin',
  roles: deskRoles.playersRead,
  summary: 'Family declarations by status (default: waiting for review), oldest first',
  body: v.optional(
    listQuery({ status: v.optional(v.picklist(familyDeclarationStatuses), 'pendingReview'), keyword: deskKeyword }),
    {},
  ),
  data: pageOf(familyDeclarationItem),
});

export const adminFamilyApprove = endpoint({
  path: '/v2/admin/protection/family/approve',
  access: 'admin',
  roles: deskRoles.players,
  summary:
    'Approve a family declaration: its limits apply to the player as their own would (lower at once, higher after 24 hours) and the player gets a letter',
  body: v.object({ declarationId: rowId('validation.declaration'), remark: v.optional(remarkInput) }),
  data: noData,
});

export const adminFamilyReject = endpoint({
  path: '/v2/admin/protection/family/reject',
  access: 'admin',
  roles: deskRoles.players,
  summary: 'Reject a family declaration with a reason (the declarant is not told through the product)',
  body: v.object({ declarationId: rowId('validation.declaration'), reason: reasonInput }),
  data: noData,
});

/** The desk's form to impose a block: the call's body without the player, who is the page's. */
export const imposeBlockForm = v.variant('kind', [
  v.object({
    kind: v.literal('timeOut'),
    duration: v.picklist(timeOutDurations, 'validation.timeOutDuration'),
    reason: reasonInput,
  }),
  v.object({
    kind: v.literal('selfExclusion'),
    duration: v.picklist(selfExclusionDurations, 'validation.selfExclusionDuration'),
    reason: reasonInput,
  }),
]);
export type ImposeBlockForm = v.InferOutput<typeof imposeBlockForm>;
