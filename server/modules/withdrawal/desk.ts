import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type {
  adminWithdrawalApprove,
  adminWithdrawalList,
  adminWithdrawalReject,
  WithdrawalReviewItem,
} from '@contract/withdrawal-desk';
import type { Principal } from '@server/contract-router';
import { withdrawals } from '@server/db/schema/withdrawal';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { orderConditions, ordersWithPlayers } from '@server/shared/order-rows';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { userKeywordCondition } from '@server/shared/player-search';
import { and, eq, isNull } from 'drizzle-orm';
import { postHold, voidHold } from '../ledger/public';
import { runPayout } from './payouts';
import { approvalsRequired, assessWithdrawal, payoutRuleSettings } from './risk';
import { type WithdrawalRow, withdrawalView } from './withdrawal-rows';

export async function withdrawalQueue(
  deps: PlayerDeps,
  request: PlayerRequest,
  body: ParsedBodyOf<typeof adminWithdrawalList>,
): Promise<{ list: WithdrawalReviewItem[]; total: number }> {
  const conditions = orderConditions(withdrawals, body);
  if (body.method) conditions.push(eq(withdrawals.method, body.method));
  if (body.keyword) conditions.push(userKeywordCondition(body.keyword));
  const where = and(...conditions);
  const page = await ordersWithPlayers(deps.db, withdrawals, body, where, 'oldestFirst');
  const rules = await payoutRuleSettings(deps.db);
  const list: WithdrawalReviewItem[] = [];
  // Judged one by one: a page is short, and each judgement reads several small indexed ranges.
  for (const { order: withdrawal, user } of page.list) {
    const waiting = withdrawal.status === 'withdrawalReview';
    const risk = waiting ? await assessWithdrawal(deps.db, withdrawal, rules) : null;
    list.push({
      ...withdrawalView(withdrawal, request.locale),
      user: { userId: user.id, account: user.username, email: user.email ?? '' },
      flags: risk?.flags.map((flag) => flag.rule) ?? [],
      approval: risk?.approval ?? { required: approvalsRequired(rules, withdrawal.amount), first: null },
    });
  }
  return { total: page.total, list };
}

async function withdrawalForReview(deps: PlayerDeps, operator: Principal, orderSn: string): Promise<WithdrawalRow> {
  const [row] = await deps.db.select().from(withdrawals).where(eq(withdrawals.orderSn, orderSn));
  if (!row) throw new ApiError(404, 'draw.withdrawalNotFound');
  if (row.userId === operator.userId) throw new ApiError(403, 'admin.ownRecord');
  return row;
}

type ApprovalOutcome = DataOf<typeof adminWithdrawalApprove>;

/**
 * Four eyes: the first of two approvals is recorded on the request, which stays in review. The
 * update only lands while no approval is recorded, so of two first approvals at once one lands and
 * the other is refused; an approval meant as the first that finds one already given is refused too
 * (`firstApproval`), so a payout only starts when its operator knew they gave the second.
 */
async function recordFirstApproval(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  found: WithdrawalRow,
  remark: string | undefined,
): Promise<ApprovalOutcome> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [recorded] = await tx
      .update(withdrawals)
      .set({ firstApprovedBy: operator.userId, firstApprovedAt: now })
      .where(
        and(
          eq(withdrawals.id, found.id),
          eq(withdrawals.status, 'withdrawalReview'),
          isNull(withdrawals.firstApprovedBy),
        ),
      )
      .returning({ id: withdrawals.id });
    if (!recorded) throw new ApiError(409, 'draw.firstApprovalTaken');
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: 'withdrawal.firstApprove',
      subject: `withdrawal:${found.orderSn}`,
      reason: remark || 'approved',
    });
  });
  return { outcome: 'firstApprovalRecorded' };
}

/**
 * Approval: in one transaction the request is claimed (review → withdrawing, payout requested)
 * and its hold posted, so the coins leave the player for good. The payout is sent afterwards,
 * outside any transaction (see runPayout); if this process dies first, resumePayouts finishes it.
 * At or over the four-eyes threshold the first approval only records itself, and the claim by a
 * second operator is conditional on that same first approval still standing.
 */
export async function approveWithdrawal(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminWithdrawalApprove>,
): Promise<ApprovalOutcome> {
  const found = await withdrawalForReview(deps, operator, body.orderSn);
  const twoApprovals = approvalsRequired(await payoutRuleSettings(deps.db), found.amount) === 2;
  if (twoApprovals && found.status === 'withdrawalReview') {
    if (found.firstApprovedBy === null) return recordFirstApproval(deps, request, operator, found, body.remark);
    if (found.firstApprovedBy === operator.userId) throw new ApiError(403, 'draw.secondApproverNeeded');
    if (body.firstApproval) throw new ApiError(409, 'draw.firstApprovalTaken');
  }
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [claimed] = await tx
      .update(withdrawals)
      .set({
        status: 'withdrawing',
        payoutState: 'requested',
        payoutReference: found.orderSn,
        reviewedAt: now,
        reviewedBy: operator.userId,
        reviewRemark: body.remark || null,
      })
      .where(
        and(
          eq(withdrawals.id, found.id),
          eq(withdrawals.status, 'withdrawalReview'),
          twoApprovals && found.firstApprovedBy !== null
            ? eq(withdrawals.firstApprovedBy, found.firstApprovedBy)
            : undefined,
        ),
      )
      .returning();
    if (!claimed) throw new ApiError(409, 'draw.alreadyReviewed');
    await postHold(tx, deps.clock, {
      holdId: claimed.holdTransferId,
      actor: actorOfUser(operator.userId),
      reason: `withdrawal ${claimed.orderSn} approved`,
      clientAddress: request.clientAddress,
      requestId: request.requestId,
    });
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: 'withdrawal.approve',
      subject: `withdrawal:${claimed.orderSn}`,
      reason: body.remark || 'approved',
    });
  });
  await runPayout(deps, found.orderSn);
  return { outcome: 'payoutStarted' };
}

/** Rejection: the request is claimed out of review and its hold voided; the player sees the reason. */

export async function rejectWithdrawal(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminWithdrawalReject>,
): Promise<null> {
  const found = await withdrawalForReview(deps, operator, body.orderSn);
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [claimed] = await tx
      .update(withdrawals)
      .set({
        status: 'withdrawalFailed',
        failureReason: body.reason,
        reviewedAt: now,
        reviewedBy: operator.userId,
        completedAt: now,
      })
      .where(and(eq(withdrawals.id, found.id), eq(withdrawals.status, 'withdrawalReview')))
      .returning();
    if (!claimed) throw new ApiError(409, 'draw.alreadyReviewed');
    await voidHold(tx, deps.clock, {
      holdId: claimed.holdTransferId,
      actor: actorOfUser(operator.userId),
      reason: `withdrawal ${claimed.orderSn} rejected: ${body.reason}`,
      clientAddress: request.clientAddress,
      requestId: request.requestId,
    });
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: 'withdrawal.reject',
      subject: `withdrawal:${claimed.orderSn}`,
      reason: body.reason,
    });
    await deps.letters.send(tx, {
      userId: claimed.userId,
      kind: 'withdrawalFailed',
      subject: `withdrawal:${claimed.orderSn}`,
      params: { orderSn: claimed.orderSn, reason: body.reason },
    });
  });
  return null;
}

/** Payouts run outside any request (also from the payout-resume job). */
