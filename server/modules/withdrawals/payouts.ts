import type { PayoutResponse } from '@server/adapters/pay-protocol';
import { PayoutUnavailable } from '@server/adapters/payout';
import { auditLog } from '@server/db/schema/auth';
import { withdrawals } from '@server/db/schema/draw';
import { coinCurrency, type PlayerDeps } from '@server/shared/player-deps';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { houseAccount, playerAccount, transfer } from '../ledger/service';

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
    await deps.letters.send(tx, {
      userId: claimed.userId,
      kind: paid ? 'withdrawalPaid' : 'withdrawalFailed',
      subject: `withdrawal:${claimed.orderSn}`,
      params: paid
        ? { orderSn: claimed.orderSn, amount: claimed.payoutYen }
        : { orderSn: claimed.orderSn, reason: failureReason ?? '' },
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
