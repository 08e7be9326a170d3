import type {
  adminManualDepositConfirm,
  adminManualDepositFail,
  adminManualDepositList,
  ManualDepositItem,
} from '@contract/deposit-desk';
import type { ParsedBodyOf } from '@contract/endpoint';
import type { Principal } from '@server/contract-router';
import { depositOrders } from '@server/db/schema/deposit';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { orderConditions, ordersWithPlayers } from '@server/shared/order-rows';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { userKeywordCondition } from '@server/shared/player-search';
import { and, eq } from 'drizzle-orm';
import { coinsFor } from './channels';
import { creditDeposit, protectionRefusalOf } from './crediting';
import { type DepositOrderRow, depositOrderView } from './deposit-rows';

export async function manualDepositQueue(
  deps: PlayerDeps,
  request: PlayerRequest,
  body: ParsedBodyOf<typeof adminManualDepositList>,
): Promise<{ list: ManualDepositItem[]; total: number }> {
  const conditions = [eq(depositOrders.mode, 'manual'), ...orderConditions(depositOrders, body)];
  if (body.keyword) conditions.push(userKeywordCondition(body.keyword));
  const where = and(...conditions);
  const page = await ordersWithPlayers(deps.db, depositOrders, body, where, 'oldestFirst');
  return {
    total: page.total,
    list: page.list.map(({ order, user }) => ({
      ...depositOrderView(deps, order, request.locale),
      user: { userId: user.id, account: user.username, email: user.email ?? '' },
      payerName: order.payerName,
      yenAmount: order.yenAmount,
      failureReason: order.failureReason,
    })),
  };
}

/** Credits a deposit's coins: one ledger transfer per order, keyed by the order number. */

async function manualOrderForReview(
  tx: PlayerDeps['db'],
  operator: Principal,
  orderSn: string,
): Promise<DepositOrderRow> {
  const [order] = await tx
    .select()
    .from(depositOrders)
    .where(and(eq(depositOrders.orderSn, orderSn), eq(depositOrders.mode, 'manual')));
  if (!order) throw new ApiError(404, 'pay.orderNotFound');
  if (order.userId === operator.userId) throw new ApiError(403, 'admin.ownRecord');
  return order;
}

/**
 * An operator saw the transfer on the bank statement: the yen actually received buys the coins
 * (at the channel's fee), credited once. The order is claimed while in progress, so a second
 * confirmation, or one racing a failure, finds it settled.
 */
export async function confirmManualDeposit(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminManualDepositConfirm>,
): Promise<null> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const order = await manualOrderForReview(tx, operator, body.orderSn);
    const channel = deps.settings.channels.find((candidate) => candidate.id === order.channelId);
    const { amount, fee } = coinsFor(deps, body.receivedAmount, channel?.feeRateBasisPoints ?? 0);
    if (amount < 1) throw new ApiError(422, 'pay.amountOutOfRange', { min: 1, max: body.receivedAmount });
    const [claimed] = await tx
      .update(depositOrders)
      .set({
        status: 'successful',
        paidAt: now,
        receivedYen: body.receivedAmount,
        amount,
        fee,
        reviewedBy: operator.userId,
        reviewRemark: body.remark || null,
      })
      .where(and(eq(depositOrders.id, order.id), eq(depositOrders.status, 'inProgress')))
      .returning();
    if (!claimed) throw new ApiError(409, 'pay.orderSettled');
    const refusal = await protectionRefusalOf(tx, deps, claimed, body.receivedAmount);
    if (refusal)
      throw new ApiError(422, 'protection.deskDepositRefused', { reason: request.t(`protectionReasons.${refusal}`) });
    const credit = await creditDeposit(
      tx,
      deps,
      request,
      claimed,
      amount,
      `manual deposit ${claimed.orderSn} confirmed by user:${operator.userId}`,
    );
    await tx
      .update(depositOrders)
      .set({ creditTransferId: credit.transfer.id })
      .where(eq(depositOrders.id, claimed.id));
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: 'deposit.manualConfirm',
      subject: `depositOrder:${claimed.orderSn}`,
      reason: `received ${body.receivedAmount} yen (ordered ${order.yenAmount}), credited ${amount} coins${body.remark ? `: ${body.remark}` : ''}`,
    });
  });
  return null;
}

export async function failManualDeposit(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminManualDepositFail>,
): Promise<null> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const order = await manualOrderForReview(tx, operator, body.orderSn);
    const [claimed] = await tx
      .update(depositOrders)
      .set({ status: 'failed', failureReason: body.reason, reviewedBy: operator.userId })
      .where(and(eq(depositOrders.id, order.id), eq(depositOrders.status, 'inProgress')))
      .returning();
    if (!claimed) throw new ApiError(409, 'pay.orderSettled');
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: 'deposit.manualFail',
      subject: `depositOrder:${claimed.orderSn}`,
      reason: body.reason,
    });
    await deps.letters.send(tx, {
      userId: claimed.userId,
      kind: 'depositFailed',
      subject: `deposit:${claimed.orderSn}`,
      params: { orderSn: claimed.orderSn, reason: body.reason },
    });
  });
  return null;
}
