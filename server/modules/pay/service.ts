import type {
  adminManualDepositConfirm,
  adminManualDepositFail,
  adminManualDepositList,
  ManualDepositItem,
} from '@contract/admin';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type { Locale } from '@contract/locales';
import type { createPayOrder, DepositOrder, PaymentInstructions, payOrderList, payOrderQuery } from '@contract/pay';
import { hasPersonalInformation } from '@contract/profile';
import type { CreatePaymentResponse } from '@server/adapters/pay-protocol';
import { PayProviderUnavailable } from '@server/adapters/pay-provider';
import type { Principal } from '@server/contract-router';
import { users } from '@server/db/schema/auth';
import { depositOrders } from '@server/db/schema/pay';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { newOrderSn, requestHash } from '@server/shared/order-numbers';
import { onePage } from '@server/shared/paging';
import { periodBounds } from '@server/shared/period-bounds';
import { coinCurrency, type PlayerDeps, type PlayerRequest } from '@server/shared/player-deps';
import { and, asc, count, desc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { findUserById } from '../auth/users';
import { boundCardsOf, holderMismatches, holderMismatchRefusal } from '../bank/service';
import { userKeywordCondition } from '../kyc/service';
import { houseAccount, playerAccount, transfer } from '../ledger/service';
import { channelNameOf, coinsFor, openChannels } from './channels';

export type DepositOrderRow = typeof depositOrders.$inferSelect;

export function depositOrderView(deps: PlayerDeps, order: DepositOrderRow, locale: Locale): DepositOrder {
  const common = {
    orderSn: order.orderSn,
    channelId: order.channelId,
    channelName: channelNameOf(deps, order.channelId, locale),
    amount: order.amount,
    fee: order.fee,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    currency: 'JPY' as const,
  };
  if (order.mode === 'manual') {
    return { ...common, mode: 'manual', status: order.status as 'inProgress' | 'successful' | 'failed' };
  }
  return {
    ...common,
    mode: 'automatic',
    status: order.status as 'pendingPayment' | 'paymentSuccessful' | 'refundInProcess' | 'refundSuccessful',
  };
}

function instructionsFor(deps: PlayerDeps, order: DepositOrderRow): PaymentInstructions {
  if (order.mode === 'automatic') {
    if (!order.checkoutUrl) throw new Error(`order ${order.orderSn} has no checkout URL`);
    return { kind: 'redirect', url: order.checkoutUrl };
  }
  const account = deps.settings.receivingAccount;
  if (!account) throw new ApiError(422, 'pay.channelUnavailable');
  return { kind: 'bankTransfer', ...account, transferNote: order.orderSn };
}

/** Asks the provider for the order's checkout page once; a retry of the order asks again (keyed by order number). */
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
export async function depositOrderOf(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof payOrderQuery>,
): Promise<DepositOrder> {
  const [order] = await deps.db
    .select()
    .from(depositOrders)
    .where(and(eq(depositOrders.userId, principal.userId), eq(depositOrders.orderSn, body.orderSn)));
  if (!order) throw new ApiError(404, 'pay.orderNotFound');
  return depositOrderView(deps, order, request.locale);
}

function depositConditions(filters: {
  period?: { from: string; to: string } | undefined;
  status?: string | undefined;
}): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(depositOrders.status, filters.status as DepositOrderRow['status']));
  if (filters.period) {
    const { from, to } = periodBounds(filters.period);
    conditions.push(gte(depositOrders.createdAt, from), lt(depositOrders.createdAt, to));
  }
  return conditions;
}

/** The player's yen deposits, newest first. Crypto deposits are kept by the crypto module. */
export async function depositOrdersOf(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof payOrderList>,
): Promise<DataOf<typeof payOrderList>> {
  if (body.mode === 'crypto') return { list: [], total: 0, totalAmount: 0 };
  const conditions = [eq(depositOrders.userId, principal.userId), ...depositConditions(body)];
  if (body.mode) conditions.push(eq(depositOrders.mode, body.mode));
  const where = and(...conditions);
  const page = await onePage(
    body,
    deps.db.select().from(depositOrders).where(where).orderBy(desc(depositOrders.createdAt), desc(depositOrders.id)),
    deps.db
      .select({ total: count(), totalAmount: sql`coalesce(sum(${depositOrders.amount}), 0)`.mapWith(Number) })
      .from(depositOrders)
      .where(where),
  );
  return {
    list: page.list.map((order) => depositOrderView(deps, order, request.locale)),
    total: page.total,
    totalAmount: page.totalAmount,
  };
}

export async function manualDepositQueue(
  deps: PlayerDeps,
  request: PlayerRequest,
  body: ParsedBodyOf<typeof adminManualDepositList>,
): Promise<{ list: ManualDepositItem[]; total: number }> {
  const conditions = [eq(depositOrders.mode, 'manual'), ...depositConditions(body)];
  if (body.keyword) conditions.push(userKeywordCondition(body.keyword));
  const where = and(...conditions);
  const page = await onePage(
    body,
    deps.db
      .select({ order: depositOrders, user: users })
      .from(depositOrders)
      .innerJoin(users, eq(users.id, depositOrders.userId))
      .where(where)
      .orderBy(asc(depositOrders.createdAt), asc(depositOrders.id)),
    deps.db
      .select({ total: count() })
      .from(depositOrders)
      .innerJoin(users, eq(users.id, depositOrders.userId))
      .where(where),
  );
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
export async function creditDeposit(
  tx: PlayerDeps['db'],
  deps: PlayerDeps,
  request: PlayerRequest,
  order: DepositOrderRow,
  amount: number,
  reason: string,
) {
  return transfer(tx, deps.clock, {
    actor: 'system',
    reason,
    clientAddress: request.clientAddress,
    requestId: request.requestId,
    from: houseAccount('depositsClearing', coinCurrency),
    to: playerAccount(order.userId, coinCurrency),
    amount: BigInt(amount),
    currency: coinCurrency,
    idempotencyKey: `deposit:${order.orderSn}`,
    kind: 'deposit',
    metadata: { orderSn: order.orderSn },
  });
}

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
  });
  return null;
}
