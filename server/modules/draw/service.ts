import type {
  adminWithdrawalApprove,
  adminWithdrawalList,
  adminWithdrawalReject,
  WithdrawalReviewItem,
} from '@contract/admin';
import type { Withdrawal, withdrawalList, withdrawalQuery, withdrawToBank } from '@contract/draw';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type { Locale } from '@contract/locales';
import { hasPersonalInformation } from '@contract/profile';
import type { PayoutResponse } from '@server/adapters/pay-protocol';
import { PayoutUnavailable } from '@server/adapters/payout';
import type { Principal } from '@server/contract-router';
import { auditLog, users } from '@server/db/schema/auth';
import { withdrawals } from '@server/db/schema/draw';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { newOrderSn, requestHash } from '@server/shared/order-numbers';
import { onePage } from '@server/shared/paging';
import { periodBounds } from '@server/shared/period-bounds';
import { coinCurrency, type PlayerDeps, type PlayerRequest } from '@server/shared/player-deps';
import { fieldRefusal } from '@server/shared/refusals';
import { and, asc, count, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import { checkPayPassword } from '../auth/pay-password';
import { findUserById } from '../auth/users';
import { bankNameIn } from '../bank/banks';
import { boundCardsOf, holderMismatches, holderMismatchRefusal, maskedNumber } from '../bank/service';
import { userKeywordCondition } from '../kyc/service';
import { hold, houseAccount, playerAccount, postHold, transfer, voidHold } from '../ledger/service';
import { kycStatusOf } from '../user/service';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export function withdrawalView(row: WithdrawalRow, locale: Locale): Withdrawal {
  return {
    method: 'bank',
    orderSn: row.orderSn,
    amount: row.amount,
    fee: row.fee,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    failureReason: row.failureReason,
    bankCard: {
      id: row.bankCardId,
      bankName: bankNameIn(row.bankCode, locale),
      maskedCardNumber: maskedNumber(row.accountNumber),
    },
  };
}

async function withdrawalByKey(
  deps: PlayerDeps,
  userId: number,
  idempotencyKey: string,
): Promise<WithdrawalRow | null> {
  const [row] = await deps.db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/**
 * A player asks for yen to a bound card. The pay password comes first (wrong ones count against
 * the account and end in 429, right ones never count); then a retry of the same Idempotency-Key
 * answers with the first request (another body: 409). Approved KYC and a card in the player's own
 * name are required. The coins are held in the ledger in the transaction that writes the request,
 * so they cannot be spent twice; the player cannot take the request back, only an operator settles
 * it.
 */
export async function requestWithdrawal(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof withdrawToBank>,
  idempotencyKey: string,
): Promise<Withdrawal> {
  const { db, clock } = deps;
  const user = await findUserById(db, principal.userId);
  if (!user) throw new ApiError(401, 'error.unauthorised');
  const { payPasswordHash } = user;
  if (!payPasswordHash) throw new ApiError(422, 'draw.payPasswordNotSet');
  if (!(await checkPayPassword(deps, deps.payPasswordLimit, { id: user.id, payPasswordHash }, body.payPassword))) {
    throw fieldRefusal(request.t, 400, 'payPassword', 'draw.payPasswordWrong');
  }

  const paramsHash = requestHash(['withdraw', body.bankCardId, body.amount]);
  const answer = (row: WithdrawalRow) => {
    if (row.paramsHash !== paramsHash) throw new ApiError(409, 'ledger.idempotencyConflict');
    return withdrawalView(row, request.locale);
  };
  const earlier = await withdrawalByKey(deps, user.id, idempotencyKey);
  if (earlier) return answer(earlier);

  if ((await kycStatusOf(db, user.id)) !== 'approved') throw new ApiError(422, 'draw.kycRequired');
  if (!hasPersonalInformation(user)) throw new ApiError(422, 'pay.completePersonalInformation');
  const cards = await boundCardsOf(db, user.id);
  if (cards.length === 0) throw new ApiError(422, 'pay.bindBankCardFirst');
  const card = cards.find((candidate) => candidate.id === body.bankCardId);
  if (!card) throw new ApiError(404, 'bank.cardNotFound');
  const mismatched = holderMismatches(card, user);
  if (mismatched.length > 0) throw holderMismatchRefusal(request, mismatched);
  const limits = deps.settings.withdrawal;
  const fee = Math.floor((body.amount * limits.feeRateBasisPoints) / 10_000);
  const payoutYen = Math.floor((body.amount - fee) / deps.settings.coinsPerYen);
  if (body.amount < limits.minAmount || body.amount > limits.maxAmount || payoutYen < 1) {
    throw new ApiError(422, 'draw.amountOutOfRange', { min: limits.minAmount, max: limits.maxAmount });
  }

  const created = await db.transaction(async (tx) => {
    const now = clock.now();
    const held = await hold(tx, clock, {
      actor: actorOfUser(user.id),
      reason: 'withdrawal to a bank account requested',
      clientAddress: request.clientAddress,
      requestId: request.requestId,
      from: playerAccount(user.id, coinCurrency),
      to: houseAccount('withdrawalsInFlight', coinCurrency),
      amount: BigInt(body.amount),
      currency: coinCurrency,
      idempotencyKey: `withdraw:${idempotencyKey}`,
      kind: 'withdrawal',
      metadata: { bankCardId: card.id },
    });
    // A replayed hold means a twin request with this key committed first: answer as it did.
    if (held.replayed) return null;
    const [inserted] = await tx
      .insert(withdrawals)
      .values({
        orderSn: newOrderSn('W', now),
        userId: user.id,
        bankCardId: card.id,
        bankCode: card.bankCode,
        branchCode: card.branchCode,
        accountNumber: card.cardNumber,
        accountHolder: card.holderPinyinName,
        amount: body.amount,
        fee,
        payoutYen,
        status: 'withdrawalReview',
        holdTransferId: held.transfer.id,
        idempotencyKey,
        paramsHash,
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new Error('withdrawal insert returned no row');
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(user.id),
      action: 'withdrawal.request',
      subject: `withdrawal:${inserted.orderSn}`,
      reason: `${inserted.amount} coins to ${card.bankCode} ${maskedNumber(card.cardNumber)}, ${payoutYen} yen to pay out`,
    });
    return inserted;
  });
  const row = created ?? (await withdrawalByKey(deps, user.id, idempotencyKey));
  if (!row) throw new Error('withdrawal with this key vanished');
  return answer(row);
}

/** One of the player's bank withdrawals by its number; another player's number is as unknown as a made-up one. */
export async function withdrawalOf(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof withdrawalQuery>,
): Promise<Withdrawal> {
  const [row] = await deps.db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, principal.userId), eq(withdrawals.orderSn, body.orderSn)));
  if (!row) throw new ApiError(404, 'draw.withdrawalNotFound');
  return withdrawalView(row, request.locale);
}

function withdrawalConditions(filters: {
  period?: { from: string; to: string } | undefined;
  status?: string | undefined;
}): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(withdrawals.status, filters.status as WithdrawalRow['status']));
  if (filters.period) {
    const { from, to } = periodBounds(filters.period);
    conditions.push(gte(withdrawals.createdAt, from), lt(withdrawals.createdAt, to));
  }
  return conditions;
}

/** The player's bank withdrawals, newest first. Crypto withdrawals are kept by the crypto module. */
export async function withdrawalsOf(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof withdrawalList>,
): Promise<DataOf<typeof withdrawalList>> {
  if (body.method === 'crypto') return { list: [], total: 0, totalAmount: 0 };
  const where = and(eq(withdrawals.userId, principal.userId), ...withdrawalConditions(body));
  const page = await onePage(
    body,
    deps.db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.createdAt), desc(withdrawals.id)),
    deps.db
      .select({ total: count(), totalAmount: sql`coalesce(sum(${withdrawals.amount}), 0)`.mapWith(Number) })
      .from(withdrawals)
      .where(where),
  );
  return {
    list: page.list.map((row) => withdrawalView(row, request.locale)),
    total: page.total,
    totalAmount: page.totalAmount,
  };
}

export async function withdrawalQueue(
  deps: PlayerDeps,
  request: PlayerRequest,
  body: ParsedBodyOf<typeof adminWithdrawalList>,
): Promise<{ list: WithdrawalReviewItem[]; total: number }> {
  if (body.method === 'crypto') return { list: [], total: 0 };
  const conditions = withdrawalConditions(body);
  if (body.keyword) conditions.push(userKeywordCondition(body.keyword));
  const where = and(...conditions);
  const page = await onePage(
    body,
    deps.db
      .select({ withdrawal: withdrawals, user: users })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id)),
    deps.db
      .select({ total: count() })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where),
  );
  return {
    total: page.total,
    list: page.list.map(({ withdrawal, user }) => ({
      ...withdrawalView(withdrawal, request.locale),
      user: { userId: user.id, account: user.username, email: user.email ?? '' },
    })),
  };
}

async function withdrawalForReview(deps: PlayerDeps, operator: Principal, orderSn: string): Promise<WithdrawalRow> {
  const [row] = await deps.db.select().from(withdrawals).where(eq(withdrawals.orderSn, orderSn));
  if (!row) throw new ApiError(404, 'draw.withdrawalNotFound');
  if (row.userId === operator.userId) throw new ApiError(403, 'admin.ownRecord');
  return row;
}

/**
 * Approval: in one transaction the request is claimed (review → withdrawing, payout requested)
 * and its hold posted, so the coins leave the player for good. The payout is sent afterwards,
 * outside any transaction (see runPayout); if this process dies first, resumePayouts finishes it.
 */
export async function approveWithdrawal(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminWithdrawalApprove>,
): Promise<null> {
  const found = await withdrawalForReview(deps, operator, body.orderSn);
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
      .where(and(eq(withdrawals.id, found.id), eq(withdrawals.status, 'withdrawalReview')))
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
  return null;
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
  });
  return null;
}

/** Payouts run outside any request (also from the payout-resume job). */
const systemRequest = { clientAddress: null, requestId: null };

/**
 * Sends the yen of an approved withdrawal and records the outcome. Safe to call any number of
 * times from any process: the payout service pays a reference once, and each outcome is written
 * only by the call that claims the row out of 'requested'. A failed payout gives the coins back
 * with one transfer keyed by the order number. When the service cannot be reached the row stays
 * 'requested' for resumePayouts.
 */
export async function runPayout(deps: PlayerDeps, orderSn: string): Promise<void> {
  const [row] = await deps.db
    .update(withdrawals)
    .set({ payoutAttempts: sql`${withdrawals.payoutAttempts} + 1` })
    .where(and(eq(withdrawals.orderSn, orderSn), eq(withdrawals.payoutState, 'requested')))
    .returning();
  if (!row) return;
  let outcome: PayoutResponse;
  try {
    outcome = await deps.payout.send({
      reference: row.payoutReference ?? row.orderSn,
      amount: row.payoutYen,
      currency: 'JPY',
      bankCode: row.bankCode,
      branchCode: row.branchCode,
      accountNumber: row.accountNumber,
      accountHolder: row.accountHolder,
    });
  } catch (error) {
    if (!(error instanceof PayoutUnavailable)) throw error;
    deps.logger.warn({ err: error, orderSn, attempts: row.payoutAttempts }, 'payout not sent; it will be retried');
    return;
  }
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const paid = outcome.status === 'paid';
    const failureReason = paid ? null : (outcome.failureReason ?? 'The bank refused the transfer');
    const [claimed] = await tx
      .update(withdrawals)
      .set({
        status: paid ? 'withdrawalSuccessful' : 'withdrawalFailed',
        payoutState: paid ? 'paid' : 'failed',
        failureReason,
        completedAt: now,
      })
      .where(and(eq(withdrawals.id, row.id), eq(withdrawals.payoutState, 'requested')))
      .returning();
    if (!claimed) return;
    if (!paid) {
      const refund = await transfer(tx, deps.clock, {
        ...systemRequest,
        actor: 'system',
        reason: `payout of withdrawal ${claimed.orderSn} failed: ${failureReason}`,
        from: houseAccount('withdrawalsInFlight', coinCurrency),
        to: playerAccount(claimed.userId, coinCurrency),
        amount: BigInt(claimed.amount),
        currency: coinCurrency,
        idempotencyKey: `withdrawal-refund:${claimed.orderSn}`,
        kind: 'withdrawalRefund',
        metadata: { orderSn: claimed.orderSn },
      });
      await tx.update(withdrawals).set({ refundTransferId: refund.transfer.id }).where(eq(withdrawals.id, claimed.id));
    }
    await tx.insert(auditLog).values({
      ...systemRequest,
      at: now,
      actor: 'system',
      action: paid ? 'withdrawal.paid' : 'withdrawal.payoutFailed',
      subject: `withdrawal:${claimed.orderSn}`,
      reason: paid ? `${claimed.payoutYen} yen paid out` : `${failureReason}; ${claimed.amount} coins returned`,
    });
  });
}

/** Payouts left 'requested' longer than this (a crash, an unreachable service) are sent again. */
const payoutRetryAfterMs = 60 * 1000;

/** The payout-resume job, every minute in whichever process takes it (compose.ts). */
export async function resumePayouts(deps: PlayerDeps): Promise<number> {
  const stale = await deps.db
    .select({ orderSn: withdrawals.orderSn })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.payoutState, 'requested'),
        lte(withdrawals.reviewedAt, new Date(deps.clock.now().getTime() - payoutRetryAfterMs)),
      ),
    )
    .orderBy(asc(withdrawals.reviewedAt))
    .limit(50);
  for (const { orderSn } of stale) await runPayout(deps, orderSn);
  return stale.length;
}
