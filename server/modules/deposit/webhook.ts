import type { PaymentEvent } from '@server/adapters/pay-protocol';
import { callbackHeaders } from '@server/adapters/pay-provider';
import type { AppEnv } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { depositOrders, payWebhookEvents } from '@server/db/schema/deposit';
import { ApiError, type ErrorCode } from '@server/errors';
import { writeAudit } from '@server/shared/audit-rows';
import { coinCurrency, type PlayerDeps, type PlayerRequest } from '@server/shared/player-deps';
import { countAttempt } from '@server/shared/rate-limit';
import { and, eq } from 'drizzle-orm';
import type { Handler } from 'hono';
import { hold, houseAccount, playerAccount, postHold } from '../ledger/public';
import { creditDeposit, protectionRefusalOf } from './crediting';
import type { DepositOrderRow } from './deposit-rows';

/** Path of the provider callbacks; exempt from XSRF (they carry their own signature). */
export const payCallbackPath = '/v2/pay/notify/:provider';
export const payCallbackPrefix = '/v2/pay/notify/';

/** A callback that is not acted on: answered with its code, written to the log and the audit trail. */
class CallbackRefusal extends ApiError {
  constructor(
    code: ErrorCode,
    messageKey: string,
    readonly detail: string,
  ) {
    super(code, messageKey);
  }
}

export type CallbackOutcome = 'credited' | 'protectionRefused' | 'alreadySettled' | 'refundStarted' | 'refunded';

/**
 * One provider callback, in this order: the provider must be known and configured (else refused,
 * fail closed); the signature over the raw body must be right and the timestamp recent; only then
 * is the body read. The event id is stored in the transaction that acts on it, so a replay finds
 * it and is refused; the order is claimed by its status, and the credit is keyed by the order
 * number, so no sequence of callbacks credits an order twice.
 */
export async function receiveCallback(
  deps: PlayerDeps,
  request: PlayerRequest,
  providerName: string,
  rawBody: string,
  headers: { timestamp?: string; signature?: string },
): Promise<CallbackOutcome> {
  const provider = deps.payProvider?.name === providerName ? deps.payProvider : null;
  try {
    if (!provider)
      throw new CallbackRefusal(404, 'pay.callbackUnknownProvider', `unknown provider ${providerName.slice(0, 40)}`);
    const verdict = provider.verifyCallback(rawBody, headers);
    if (!verdict.ok) {
      if (verdict.problem === 'malformed')
        throw new CallbackRefusal(400, 'pay.callbackMalformed', 'signed body is not a payment event');
      // Unsigned noise costs an audit row each, so it is limited per client address.
      await countAttempt(
        deps.db,
        `payCallback:address:${request.clientAddress}`,
        deps.badCallbackLimit,
        deps.clock.now(),
      );
      throw verdict.problem === 'stale'
        ? new CallbackRefusal(401, 'pay.callbackStale', 'timestamp outside the accepted window (replay)')
        : new CallbackRefusal(401, 'pay.callbackBadSignature', 'bad signature');
    }
    return await applyEvent(deps, request, providerName, verdict.event);
  } catch (error) {
    if (error instanceof CallbackRefusal) {
      deps.logger.warn(
        { provider: providerName, refusal: error.messageKey, detail: error.detail, requestId: request.requestId },
        'payment callback refused',
      );
      await writeAudit(deps.db, request, {
        at: deps.clock.now(),
        actor: provider ? `provider:${provider.name}` : 'anonymous',
        action: 'deposit.callbackRefused',
        subject: `payProvider:${providerName.slice(0, 40)}`,
        reason: error.detail,
      });
    }
    throw error;
  }
}

/** One event being acted on, inside the transaction that stores it. */
interface EventStep {
  tx: Database;
  deps: PlayerDeps;
  request: PlayerRequest;
  providerName: string;
  event: PaymentEvent;
  order: DepositOrderRow;
  now: Date;
  refusal: (code: ErrorCode, key: string, detail: string) => CallbackRefusal;
  audit: (action: string, reason: string) => Promise<void>;
}

async function applyEvent(
  deps: PlayerDeps,
  request: PlayerRequest,
  providerName: string,
  event: PaymentEvent,
): Promise<CallbackOutcome> {
  const refusal = (code: ErrorCode, key: string, detail: string) =>
    new CallbackRefusal(code, key, `${detail} (event ${event.id}, order ${event.merchantReference})`);
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [stored] = await tx
      .insert(payWebhookEvents)
      .values({ provider: providerName, eventId: event.id, orderSn: event.merchantReference, receivedAt: now })
      .onConflictDoNothing({ target: [payWebhookEvents.provider, payWebhookEvents.eventId] })
      .returning({ id: payWebhookEvents.id });
    if (!stored) throw refusal(409, 'pay.callbackReplayed', 'event already processed');
    const [order] = await tx
      .select()
      .from(depositOrders)
      .where(and(eq(depositOrders.orderSn, event.merchantReference), eq(depositOrders.provider, providerName)));
    if (!order) throw refusal(404, 'pay.callbackUnknownOrder', 'no such order for this provider');
    if (event.currency !== 'JPY' || event.amount !== order.yenAmount) {
      throw refusal(
        422,
        'pay.callbackWrongAmount',
        `paid ${event.amount} ${event.currency}, order is ${order.yenAmount} JPY`,
      );
    }
    const audit = (action: string, reason: string) =>
      writeAudit(tx, request, {
        at: now,
        actor: `provider:${providerName}`,
        action,
        subject: `depositOrder:${order.orderSn}`,
        reason,
      });
    const step: EventStep = { tx, deps, request, providerName, event, order, now, refusal, audit };
    switch (event.type) {
      case 'payment.succeeded':
        return paymentSucceeded(step);
      case 'refund.processing':
        return refundStarted(step);
      case 'refund.succeeded':
        return refundSucceeded(step);
    }
  });
}

/** The player paid: the order is credited once. */
async function paymentSucceeded(step: EventStep): Promise<CallbackOutcome> {
  const { tx, deps, request, providerName, event, order, now, audit } = step;
  const claimed = await claimOrder(tx, order, 'pendingPayment', {
    status: 'paymentSuccessful',
    paidAt: now,
    providerPaymentId: event.paymentId,
  });
  if (!claimed) return 'alreadySettled';
  const refusal = await protectionRefusalOf(tx, deps, claimed, claimed.yenAmount);
  if (refusal) {
    // Paid but not credited: the yen go back to the player, never into play; the order waits for its refund.
    await tx
      .update(depositOrders)
      .set({ protectionFlag: refusal, status: 'refundInProcess' })
      .where(eq(depositOrders.id, claimed.id));
    await deps.letters.send(tx, {
      userId: claimed.userId,
      kind: 'depositRefusedByProtection',
      subject: `deposit:${claimed.orderSn}`,
      params: { orderSn: claimed.orderSn, amount: claimed.yenAmount },
    });
    await audit('deposit.protectionRefused', `paid ${event.amount} yen, not credited: ${refusal} (event ${event.id})`);
    return 'protectionRefused';
  }
  const credit = await creditDeposit(
    tx,
    deps,
    request,
    claimed,
    claimed.amount,
    `deposit ${claimed.orderSn} paid at ${providerName}`,
  );
  await tx.update(depositOrders).set({ creditTransferId: credit.transfer.id }).where(eq(depositOrders.id, claimed.id));
  await audit('deposit.paid', `paid ${event.amount} yen, credited ${claimed.amount} coins (event ${event.id})`);
  return 'credited';
}

/** The provider started a refund of a paid order: the coins it bought are held. */
async function refundStarted(step: EventStep): Promise<CallbackOutcome> {
  const { tx, deps, request, providerName, event, order, refusal, audit } = step;
  if (order.status === 'pendingPayment') throw refusal(409, 'pay.callbackOutOfOrder', 'refund of an unpaid order');
  const claimed = await claimOrder(tx, order, 'paymentSuccessful', { status: 'refundInProcess' });
  if (!claimed) return 'alreadySettled';
  // The coins bought with the refunded yen are held until the provider confirms the refund.
  const held = await hold(tx, deps.clock, {
    actor: 'system',
    reason: `refund of deposit ${claimed.orderSn} started at ${providerName}`,
    clientAddress: request.clientAddress,
    requestId: request.requestId,
    from: playerAccount(claimed.userId, coinCurrency),
    to: houseAccount('depositsClearing', coinCurrency),
    amount: BigInt(claimed.amount),
    currency: coinCurrency,
    idempotencyKey: `deposit-refund:${claimed.orderSn}`,
    kind: 'depositRefund',
    metadata: { orderSn: claimed.orderSn },
  }).catch((error: unknown) => {
    // The player has spent the coins: an operator settles this with them; the provider retries meanwhile.
    if (error instanceof ApiError && error.messageKey === 'ledger.insufficientBalance') {
      throw refusal(422, 'pay.callbackRefundUncovered', `balance below the ${claimed.amount} coins to refund`);
    }
    throw error;
  });
  await tx.update(depositOrders).set({ refundHoldId: held.transfer.id }).where(eq(depositOrders.id, claimed.id));
  await audit(
    'deposit.refundStarted',
    `refund of ${event.amount} yen started, ${claimed.amount} coins held (event ${event.id})`,
  );
  return 'refundStarted';
}

/** The provider completed a refund it started: the held coins leave for good. */
async function refundSucceeded(step: EventStep): Promise<CallbackOutcome> {
  const { tx, deps, request, providerName, event, order, refusal, audit } = step;
  if (order.status === 'refundSuccessful') return 'alreadySettled';
  if (order.status !== 'refundInProcess' || (order.refundHoldId === null && !order.protectionFlag)) {
    throw refusal(409, 'pay.callbackOutOfOrder', 'refund completed before it started');
  }
  const claimed = await claimOrder(tx, order, 'refundInProcess', { status: 'refundSuccessful' });
  if (!claimed) return 'alreadySettled';
  if (order.refundHoldId === null) {
    // Player protection refused the payment, which then waited for this refund: no coins were credited.
    await audit(
      'deposit.refunded',
      `refund of ${event.amount} yen completed, nothing was credited (event ${event.id})`,
    );
    return 'refunded';
  }
  await postHold(tx, deps.clock, {
    holdId: order.refundHoldId,
    actor: 'system',
    reason: `refund of deposit ${order.orderSn} completed at ${providerName}`,
    clientAddress: request.clientAddress,
    requestId: request.requestId,
  });
  await audit('deposit.refunded', `refund of ${event.amount} yen completed (event ${event.id})`);
  return 'refunded';
}

/** Moves the order on only from the expected status; null when another callback got there first. */
async function claimOrder(
  tx: Database,
  order: DepositOrderRow,
  from: DepositOrderRow['status'],
  changes: Partial<typeof depositOrders.$inferInsert>,
): Promise<DepositOrderRow | null> {
  const [claimed] = await tx
    .update(depositOrders)
    .set(changes)
    .where(and(eq(depositOrders.id, order.id), eq(depositOrders.status, from)))
    .returning();
  return claimed ?? null;
}

/** The HTTP side of the callback: raw body and signature headers in, envelope out. */
export function payCallbackHandler(deps: PlayerDeps): Handler<AppEnv> {
  return async (c) => {
    const outcome = await receiveCallback(
      deps,
      { t: c.get('t'), locale: c.get('locale'), clientAddress: c.get('clientAddress'), requestId: c.get('requestId') },
      c.req.param('provider') ?? '',
      await c.req.text(),
      { timestamp: c.req.header(callbackHeaders.timestamp), signature: c.req.header(callbackHeaders.signature) },
    );
    return c.json({ code: 200, msg: c.get('t')('ok'), data: { outcome } });
  };
}
