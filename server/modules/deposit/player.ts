import type {
  cancelPayOrder,
  createPayOrder,
  currentPayOrderQuery,
  DepositOrder,
  openPayOrderQuery,
  payOrderList,
  payOrderQuery,
} from '@contract/deposit';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import { depositStatusGroups } from '@contract/money';
import { hasPersonalInformation } from '@contract/user-profile';
import type { CreatePaymentResponse } from '@server/adapters/pay-protocol';
import { PayProviderUnavailable } from '@server/adapters/pay-provider';
import type { Principal } from '@server/contract-router';
import { depositOrders } from '@server/db/schema/deposit';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { newOrderSn, requestHash } from '@server/shared/order-numbers';
import { groupTotals } from '@server/shared/order-rows';
import { pageRows } from '@server/shared/paging';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { and, desc, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { findUserById } from '../auth/public';
import { boundCardsOf, holderMismatches, holderMismatchRefusal } from '../bank/public';
import { depositRefusal, depositRefusalError } from '../protection/public';
import { coinsFor, openChannels } from './channels';
import {
  allDeposits,
  depositConditions,
  depositListView,
  depositRowsWithPlayers,
  depositStatusTotals,
} from './deposit-list';
import { type DepositOrderRow, depositOrderView, instructionsFor } from './deposit-rows';

async function ensureCheckout(
  deps: PlayerDeps,
  request: PlayerRequest,
  order: DepositOrderRow,
): Promise<DepositOrderRow> {
  if (order.mode !== 'automatic' || order.checkoutUrl) return order;
  const provider = deps.payProvider;
  if (!provider || provider.name !== order.provider) throw new ApiError(422, 'pay.channelUnavailable');
  let payment: CreatePaymentResponse;
  try {
    payment = await provider.createPayment({
      merchantReference: order.orderSn,
      amount: order.yenAmount,
      currency: 'JPY',
      payerName: order.payerName,
      returnUrl: new URL(`/user/finance/deposit?orderSn=${order.orderSn}`, deps.publicUrl).toString(),
      notifyUrl: new URL(`/v2/pay/notify/${provider.name}`, deps.publicUrl).toString(),
    });
  } catch (error) {
    if (!(error instanceof PayProviderUnavailable)) throw error;
    deps.logger.warn(
      { err: error, orderSn: order.orderSn, requestId: request.requestId },
      'payment provider unavailable',
    );
    throw new ApiError(422, 'pay.providerUnavailable');
  }
  const [updated] = await deps.db
    .update(depositOrders)
    .set({ providerPaymentId: payment.paymentId, checkoutUrl: payment.checkoutUrl })
    .where(and(eq(depositOrders.id, order.id), isNull(depositOrders.checkoutUrl)))
    .returning();
  if (updated) return updated;
  const [current] = await deps.db.select().from(depositOrders).where(eq(depositOrders.id, order.id));
  if (!current) throw new Error(`order ${order.orderSn} disappeared`);
  return current;
}

async function orderByKey(deps: PlayerDeps, userId: number, idempotencyKey: string): Promise<DepositOrderRow | null> {
  const [order] = await deps.db
    .select()
    .from(depositOrders)
    .where(and(eq(depositOrders.userId, userId), eq(depositOrders.idempotencyKey, idempotencyKey)));
  return order ?? null;
}

/**
 * Opens a yen deposit order. The Idempotency-Key makes the call safe to repeat: the same key with
 * the same body answers with the first order (finishing its checkout if the provider was down),
 * with another body 409. Nothing is credited here: coins arrive with the provider's signed
 * callback (automatic) or an operator's confirmation (manual).
 */
export async function openDepositOrder(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof createPayOrder>,
  idempotencyKey: string,
): Promise<DataOf<typeof createPayOrder>> {
  const paramsHash = requestHash(['deposit', body.channelId, body.amount, body.bankCardId]);
  const answer = async (order: DepositOrderRow) => {
    if (order.paramsHash !== paramsHash) throw new ApiError(409, 'ledger.idempotencyConflict');
    const ready = await ensureCheckout(deps, request, order);
    return {
      order: depositOrderView(deps, ready, request.locale),
      instructions: instructionsFor(deps, ready),
      expiresAt: ready.expiresAt.toISOString(),
    };
  };
  const earlier = await orderByKey(deps, principal.userId, idempotencyKey);
  if (earlier) return answer(earlier);

  const user = await findUserById(deps.db, principal.userId);
  if (!user) throw new ApiError(401, 'error.unauthorised');
  if (!hasPersonalInformation(user)) throw new ApiError(422, 'pay.completePersonalInformation');
  const cards = await boundCardsOf(deps.db, user.id);
  if (cards.length === 0) throw new ApiError(422, 'pay.bindBankCardFirst');
  const card = cards.find((candidate) => candidate.id === body.bankCardId);
  if (!card) throw new ApiError(404, 'bank.cardNotFound');
  const mismatched = holderMismatches(card, user);
  if (mismatched.length > 0) throw holderMismatchRefusal(request, mismatched);
  const channel = (await openChannels(deps)).find((candidate) => candidate.settings.id === body.channelId);
  if (!channel) throw new ApiError(422, 'pay.channelUnavailable');
  if (body.amount < channel.minAmount || body.amount > channel.maxAmount) {
    throw new ApiError(422, 'pay.amountOutOfRange', { min: channel.minAmount, max: channel.maxAmount });
  }
  const { amount, fee } = coinsFor(deps, body.amount, channel.settings.feeRateBasisPoints);
  if (amount < 1) throw new ApiError(422, 'pay.amountOutOfRange', { min: channel.minAmount, max: channel.maxAmount });

  const now = deps.clock.now();
  const created = await deps.db.transaction(async (tx) => {
    const refusal = await depositRefusal(tx, {
      userId: user.id,
      yen: body.amount,
      now,
      coinsPerYen: deps.settings.coinsPerYen,
      openOrders: true,
      exceptOrderSn: null,
    });
    if (refusal) throw depositRefusalError(refusal);
    const [inserted] = await tx
      .insert(depositOrders)
      .values({
        orderSn: newOrderSn('D', now),
        userId: user.id,
        channelId: channel.settings.id,
        mode: channel.settings.mode,
        provider: channel.settings.mode === 'automatic' ? (deps.payProvider?.name ?? null) : null,
        status: channel.settings.mode === 'automatic' ? 'pendingPayment' : 'inProgress',
        yenAmount: body.amount,
        amount,
        fee,
        bankCardId: card.id,
        payerName: card.holderPinyinName,
        idempotencyKey,
        paramsHash,
        createdAt: now,
        expiresAt: new Date(now.getTime() + deps.settings.depositOrderLifetimeMs),
      })
      .onConflictDoNothing({ target: [depositOrders.userId, depositOrders.idempotencyKey] })
      .returning();
    if (!inserted) return null;
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(user.id),
      action: 'deposit.order',
      subject: `depositOrder:${inserted.orderSn}`,
      reason: `${inserted.mode} deposit of ${inserted.yenAmount} yen on ${inserted.channelId}`,
    });
    return inserted;
  });
  // null: a twin request with the same key committed first; answer as it did.
  const order = created ?? (await orderByKey(deps, user.id, idempotencyKey));
  if (!order) throw new Error('deposit order with this key vanished');
  return answer(order);
}

/** One of the player's yen deposits by its number; another player's number is as unknown as a made-up one. */
async function orderRowOf(deps: PlayerDeps, principal: Principal, orderSn: string): Promise<DepositOrderRow> {
  const [order] = await deps.db
    .select()
    .from(depositOrders)
    .where(and(eq(depositOrders.userId, principal.userId), eq(depositOrders.orderSn, orderSn)));
  if (!order) throw new ApiError(404, 'pay.orderNotFound');
  return order;
}

export async function depositOrderOf(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof payOrderQuery>,
): Promise<DepositOrder> {
  return depositOrderView(deps, await orderRowOf(deps, principal, body.orderSn), request.locale);
}

/**
 * An order with how to pay it, for as long as it can still be paid: waiting for its payment or
 * transfer, and not past its time. A checkout the provider never opened has nothing to show.
 */
export async function openDepositOrderOf(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof openPayOrderQuery>,
): Promise<DataOf<typeof openPayOrderQuery>> {
  const order = await orderRowOf(deps, principal, body.orderSn);
  const waiting = order.status === 'pendingPayment' || order.status === 'inProgress';
  const payable = waiting && order.expiresAt > deps.clock.now() && (order.mode !== 'automatic' || order.checkoutUrl);
  return {
    order: depositOrderView(deps, order, request.locale),
    instructions: payable ? instructionsFor(deps, order) : null,
    expiresAt: order.expiresAt.toISOString(),
  };
}

/** What makes an order payable: waiting for its payment or transfer, within its time, its checkout (if any) open. */
const payableConditions = (now: Date) => [
  inArray(depositOrders.status, ['pendingPayment', 'inProgress']),
  gt(depositOrders.expiresAt, now),
  or(eq(depositOrders.mode, 'manual'), isNotNull(depositOrders.checkoutUrl)),
];

/** The newest order the player can still pay, with its instructions: the deposit page offers it again. */
export async function currentDepositOrderOf(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
): Promise<DataOf<typeof currentPayOrderQuery>> {
  const [order] = await deps.db
    .select()
    .from(depositOrders)
    .where(and(eq(depositOrders.userId, principal.userId), ...payableConditions(deps.clock.now())))
    .orderBy(desc(depositOrders.createdAt), desc(depositOrders.id))
    .limit(1);
  if (!order) return null;
  return {
    order: depositOrderView(deps, order, request.locale),
    instructions: instructionsFor(deps, order),
    expiresAt: order.expiresAt.toISOString(),
  };
}

/**
 * The player no longer wants to pay an open order: its time is ended now, so it is neither offered
 * nor payable (its instructions are gone). Its status stays what it was: a payment or transfer
 * that arrives anyway is still credited by the provider's callback or the desk, so no money is
 * lost. The claim is `UPDATE … WHERE` still payable; a repeat answers with the order as it is.
 */
export async function cancelDepositOrder(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof cancelPayOrder>,
): Promise<DepositOrder> {
  const found = await orderRowOf(deps, principal, body.orderSn);
  const now = deps.clock.now();
  const cancelled = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(depositOrders)
      .set({ expiresAt: now })
      .where(and(eq(depositOrders.id, found.id), ...payableConditions(now)))
      .returning();
    if (!claimed) return null;
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(principal.userId),
      action: 'deposit.cancel',
      subject: `depositOrder:${claimed.orderSn}`,
      reason: 'the player stopped the open order',
    });
    return claimed;
  });
  return depositOrderView(deps, cancelled ?? (await orderRowOf(deps, principal, body.orderSn)), request.locale);
}

/** The player's deposits, yen and crypto in one list, newest first, with the totals of every row the filters match. */
export async function depositOrdersOf(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof payOrderList>,
): Promise<DataOf<typeof payOrderList>> {
  const deposits = allDeposits(deps.db);
  const where = and(eq(deposits.userId, principal.userId), ...depositConditions(deposits, body));
  const [list, totals] = await Promise.all([
    pageRows(body, depositRowsWithPlayers(deps.db, deposits, where)),
    depositStatusTotals(deps.db, deposits, where),
  ]);
  return {
    list: list.map((row) => depositListView(deps, row.deposits, request.locale)),
    total: totals.reduce((sum, row) => sum + row.count, 0),
    totals: groupTotals(totals, depositStatusGroups),
  };
}
