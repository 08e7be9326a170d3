import { randomBytes } from 'node:crypto';
import type { DepositOrder } from '@contract/deposit';
import { type PaymentEvent, signMessage } from '@server/adapters/pay-protocol';
import { auditLog } from '@server/db/schema/auth';
import { depositOrders, payWebhookEvents } from '@server/db/schema/deposit';
import { sandboxEvents, sandboxPayments } from '@server/db/schema/sandbox-pay';
import { houseAccount, playerAccount } from '@server/modules/ledger/accounts';
import { transfer } from '@server/modules/ledger/service';
import { loadServerSecret } from '@server/secrets';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import {
  balanceOfPlayer,
  bindCard,
  completeProfile,
  fundPlayer,
  ledgerSum,
  manyPlayersLimits,
  newPlayer,
  type TestPlayer,
  withKey,
} from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestServer, type TestServer } from './harness';

let smtp: SmtpTestServer;
let server: TestServer;
let secret: string;
let player: TestPlayer & { cardId: number };

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: manyPlayersLimits,
  });
  secret = await loadServerSecret(server.db, 'pay-sandbox');
  const registered = await newPlayer(server, smtp);
  await completeProfile(server, registered);
  player = { ...registered, cardId: (await bindCard(server, registered)).id };
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** A pending automatic order of `yen`, opened through the API (the sandbox has its payment). */
async function pendingOrder(yen = 5_000): Promise<{ orderSn: string; paymentId: string }> {
  const response = await server.call<{ order: DepositOrder }>(
    '/v2/app/pay/order',
    { channelId: 'online-bank', amount: yen, bankCardId: player.cardId },
    withKey(player.token),
  );
  const orderSn = response.body.data?.order.orderSn as string;
  const [payment] = await server.db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.merchantReference, orderSn));
  return { orderSn, paymentId: payment?.id as string };
}

function paymentEvent(
  order: { orderSn: string; paymentId: string },
  overrides: Partial<PaymentEvent> = {},
): PaymentEvent {
  return {
    id: `evt_${randomBytes(12).toString('hex')}`,
    type: 'payment.succeeded',
    paymentId: order.paymentId,
    merchantReference: order.orderSn,
    amount: 5_000,
    currency: 'JPY',
    occurredAt: new Date().toISOString(),
    ...overrides,
  };
}

/** POSTs a callback as the provider would: no XSRF cookie, a signature over timestamp and raw body. */
async function sendCallback(
  body: string,
  options: { secret?: string; timestamp?: number; signature?: string; provider?: string; lang?: string } = {},
) {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const response = await fetch(`${server.url}/v2/pay/notify/${options.provider ?? 'sandbox'}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': options.lang ?? 'en-US',
      'x-pay-timestamp': String(timestamp),
      'x-pay-signature': options.signature ?? signMessage(options.secret ?? secret, timestamp, body),
    },
    body,
  });
  return {
    status: response.status,
    body: (await response.json()) as { code: number; msg: string; data?: { outcome: string } },
  };
}

async function orderStatus(orderSn: string) {
  const [row] = await server.db
    .select({ status: depositOrders.status })
    .from(depositOrders)
    .where(eq(depositOrders.orderSn, orderSn));
  return row?.status;
}

async function refusalsAbout(reasonFragment: string) {
  const rows = await server.db.select().from(auditLog).where(eq(auditLog.action, 'deposit.callbackRefused'));
  return rows.filter((row) => row.reason?.includes(reasonFragment));
}

describe('the payment callback', () => {
  it('credits a correctly signed payment once, without an XSRF cookie', async () => {
    const order = await pendingOrder();
    const before = await balanceOfPlayer(server, player);
    const answer = await sendCallback(JSON.stringify(paymentEvent(order)));
    expect(answer).toEqual({ status: 200, body: { code: 200, msg: 'success', data: { outcome: 'credited' } } });
    expect(await balanceOfPlayer(server, player)).toBe(before + 5_000);
    expect(await orderStatus(order.orderSn)).toBe('paymentSuccessful');
  });

  it('refuses a bad signature, a tampered body and another key, logs each, and credits nothing', async () => {
    const order = await pendingOrder();
    const before = await balanceOfPlayer(server, player);
    const body = JSON.stringify(paymentEvent(order));
    const wrongKey = await sendCallback(body, { secret: 'not-the-merchant-secret' });
    expect(wrongKey).toMatchObject({ status: 401, body: { code: 401, msg: 'The signature is not valid.' } });
    const timestamp = Math.floor(Date.now() / 1000);
    const tampered = await sendCallback(body.replace('"amount":5000', '"amount":50000'), {
      timestamp,
      signature: signMessage(secret, timestamp, body),
    });
    expect(tampered.status).toBe(401);
    const missing = await sendCallback(body, { signature: '' });
    expect(missing.status).toBe(401);
    const japanese = await sendCallback(body, { secret: 'x', lang: 'ja-JP' });
    expect(japanese.body.msg).toBe('署名が正しくありません。');
    expect(await balanceOfPlayer(server, player)).toBe(before);
    expect(await orderStatus(order.orderSn)).toBe('pendingPayment');
    expect((await refusalsAbout('bad signature')).length).toBeGreaterThanOrEqual(4);
  });

  it('refuses a replay: an old timestamp, and an event id already processed', async () => {
    const order = await pendingOrder();
    const before = await balanceOfPlayer(server, player);
    const body = JSON.stringify(paymentEvent(order));
    const oldTimestamp = Math.floor(Date.now() / 1000) - 10 * 60;
    const stale = await sendCallback(body, { timestamp: oldTimestamp });
    expect(stale).toMatchObject({ status: 401, body: { msg: 'The notification is too old or from the future.' } });
    expect(await orderStatus(order.orderSn)).toBe('pendingPayment');

    const timestamp = Math.floor(Date.now() / 1000);
    expect((await sendCallback(body, { timestamp })).status).toBe(200);
    // The very same request again, and the same event freshly signed: both are replays.
    const sameRequest = await sendCallback(body, { timestamp });
    expect(sameRequest).toMatchObject({ status: 409, body: { msg: 'This notification has already been processed.' } });
    expect((await sendCallback(body)).status).toBe(409);
    expect(await balanceOfPlayer(server, player)).toBe(before + 5_000);
    expect(await refusalsAbout('event already processed')).toHaveLength(2);
    expect(await refusalsAbout('replay')).toHaveLength(1);
  });

  it('refuses a wrong amount or currency and an unknown order, and the order stays payable', async () => {
    const order = await pendingOrder();
    const before = await balanceOfPlayer(server, player);
    const wrongAmount = await sendCallback(JSON.stringify(paymentEvent(order, { amount: 50 })));
    expect(wrongAmount).toMatchObject({ status: 422, body: { msg: 'The notified amount does not match the order.' } });
    const wrongCurrency = await sendCallback(JSON.stringify(paymentEvent(order, { currency: 'USD' })));
    expect(wrongCurrency.status).toBe(422);
    const unknown = await sendCallback(
      JSON.stringify(paymentEvent(order, { merchantReference: 'D20990101NOSUCHORDR' })),
    );
    expect(unknown).toMatchObject({ status: 404, body: { msg: 'No order matches this notification.' } });
    expect(await balanceOfPlayer(server, player)).toBe(before);
    expect(await orderStatus(order.orderSn)).toBe('pendingPayment');
    expect((await refusalsAbout(`order ${order.orderSn}`)).map((row) => row.reason)).toEqual([
      expect.stringContaining('paid 50 JPY, order is 5000 JPY'),
      expect.stringContaining('paid 5000 USD, order is 5000 JPY'),
    ]);
    expect(await refusalsAbout('no such order for this provider')).toHaveLength(1);
    // A refused event was not stored: the genuine one is still accepted.
    expect((await sendCallback(JSON.stringify(paymentEvent(order)))).status).toBe(200);
    expect(await balanceOfPlayer(server, player)).toBe(before + 5_000);
  });

  it('refuses a signed body that is not a payment event, and an unknown provider (fail closed)', async () => {
    const malformed = await sendCallback(JSON.stringify({ hello: 'world' }));
    expect(malformed).toMatchObject({ status: 400, body: { msg: 'The notification body is not valid.' } });
    const unknownProvider = await sendCallback(JSON.stringify({}), { provider: 'stranger' });
    expect(unknownProvider).toMatchObject({ status: 404, body: { msg: 'Unknown payment provider.' } });
    expect(await refusalsAbout('unknown provider stranger')).toHaveLength(1);
  });

  it('refuses every callback when no provider is configured', async () => {
    const closed = await createTestServer({ payments: { sandbox: false } });
    try {
      const response = await fetch(`${closed.url}/v2/pay/notify/sandbox`, { method: 'POST', body: '{}' });
      expect(response.status).toBe(404);
      expect((await fetch(`${closed.url}/sandbox-pay/fiat/JPY`)).status).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('credits once under ten identical concurrent callbacks, and under ten different events for one order', async () => {
    const sumBefore = await ledgerSum(server);
    const first = await pendingOrder();
    const before = await balanceOfPlayer(server, player);
    const body = JSON.stringify(paymentEvent(first));
    const identical = await Promise.all(Array.from({ length: 10 }, () => sendCallback(body)));
    expect(identical.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(409)]);

    const second = await pendingOrder();
    const distinct = await Promise.all(
      Array.from({ length: 10 }, () => sendCallback(JSON.stringify(paymentEvent(second)))),
    );
    expect(distinct.every((answer) => answer.status === 200)).toBe(true);
    expect(distinct.map((answer) => answer.body.data?.outcome).sort()).toEqual(
      ['alreadySettled', ...Array(8).fill('alreadySettled'), 'credited'].sort(),
    );

    expect(await balanceOfPlayer(server, player)).toBe(before + 10_000);
    expect(await ledgerSum(server)).toBe(sumBefore);
    const stored = await server.db.select().from(payWebhookEvents).where(eq(payWebhookEvents.orderSn, second.orderSn));
    expect(stored).toHaveLength(10);
  });

  it('answers the sandbox’s resending of an acknowledged event without crediting again', async () => {
    const order = await pendingOrder(3_000);
    const before = await balanceOfPlayer(server, player);
    const page = `${server.url}/sandbox-pay/checkout/${order.paymentId}`;
    await fetch(`${page}/pay`, { method: 'POST', redirect: 'manual' });
    expect(await balanceOfPlayer(server, player)).toBe(before + 3_000);
    // Our acknowledgement was lost on the way back: the provider still holds the event as unsent.
    await server.db
      .update(sandboxEvents)
      .set({ deliveredAt: null })
      .where(eq(sandboxEvents.paymentId, order.paymentId));
    expect(await (await fetch(page)).text()).toContain('Send the notification again');
    // The resending job leaves an event alone while its first delivery may still be on its way…
    expect(await server.deps.sandboxPay?.deliverPending()).toBe(0);
    // …and sends it once that delivery's timeout has passed.
    await server.db
      .update(sandboxEvents)
      .set({ createdAt: new Date(Date.now() - 11_000) })
      .where(eq(sandboxEvents.paymentId, order.paymentId));
    expect(await server.deps.sandboxPay?.deliverPending()).toBe(1);
    const [event] = await server.db
      .select()
      .from(sandboxEvents)
      .where(and(eq(sandboxEvents.paymentId, order.paymentId)));
    expect(event?.deliveredAt).not.toBeNull();
    expect(event?.attempts).toBe(2);
    expect(await balanceOfPlayer(server, player)).toBe(before + 3_000);
  });

  it('refuses a refund the player’s balance no longer covers, until it does', async () => {
    const order = await pendingOrder(2_000);
    expect((await sendCallback(JSON.stringify(paymentEvent(order, { amount: 2_000 })))).status).toBe(200);
    // The player plays the coins away before the provider reports the refund.
    const spent = await balanceOfPlayer(server, player);
    await transfer(server.db, server.deps.clock, {
      actor: 'system',
      reason: 'bets',
      from: playerAccount(player.userId, 'COIN'),
      to: houseAccount('gameHouse', 'COIN'),
      amount: BigInt(spent),
      currency: 'COIN',
      idempotencyKey: `bets-${order.orderSn}`,
      kind: 'gameBet',
    });
    const refund = JSON.stringify(paymentEvent(order, { type: 'refund.processing', amount: 2_000 }));
    const refused = await sendCallback(refund);
    expect(refused).toMatchObject({
      status: 422,
      body: { msg: 'The refund cannot be processed: the player’s balance does not cover it.' },
    });
    expect(await orderStatus(order.orderSn)).toBe('paymentSuccessful');
    expect(await refusalsAbout('balance below the 2000 coins to refund')).toHaveLength(1);
    // The provider sends the same event again once the player has coins: now it is held.
    await fundPlayer(server, player, 2_000);
    expect((await sendCallback(refund)).body.data?.outcome).toBe('refundStarted');
    expect(await orderStatus(order.orderSn)).toBe('refundInProcess');
    expect(await balanceOfPlayer(server, player)).toBe(0);
  });

  it('stops answering unsigned noise from one address after a limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) statuses.push((await sendCallback('{}', { signature: 'v1=00' })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });
});
