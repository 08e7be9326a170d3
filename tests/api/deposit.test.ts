import type {
  DepositOrder,
  ExchangeRatio,
  PayChannel,
  PaymentInstructions,
  payOrderList,
  ResumedOrder,
} from '@contract/deposit';
import type { ManualDepositItem } from '@contract/deposit-desk';
import type { DataOf } from '@contract/endpoint';
import type { BalanceMovement } from '@contract/record';
import { auditLog } from '@server/db/schema/auth';
import { depositOrders } from '@server/db/schema/deposit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts, registerThroughMail } from '../support/accounts';
import {
  balanceOfPlayer,
  bindCard,
  completeProfile,
  idempotencyKey,
  ledgerSum,
  manyPlayersLimits,
  newOperator,
  newPlayer,
  refusal,
  type TestPlayer,
  withKey,
} from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestServer, type TestServer } from './harness';

let smtp: SmtpTestServer;
let server: TestServer;
let operator: TestPlayer;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: manyPlayersLimits,
    moneySettings: { coinsPerYen: 2 },
  });
  operator = await newOperator(server);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

interface OrderAnswer {
  order: DepositOrder;
  instructions: PaymentInstructions;
  expiresAt: string;
}

async function depositReadyPlayer(): Promise<TestPlayer & { cardId: number }> {
  const player = await newPlayer(server, smtp);
  await completeProfile(server, player);
  const card = await bindCard(server, player);
  return { ...player, cardId: card.id };
}

const order = (player: TestPlayer, body: Record<string, unknown>, key = idempotencyKey(), lang = 'en-US') =>
  server.call<OrderAnswer>('/v2/app/pay/order', body, { ...withKey(player.token, key), lang });

const ordersOf = async (player: TestPlayer, body: Record<string, unknown> = {}) =>
  (
    await server.call<DataOf<typeof payOrderList>>('/v2/app/pay/list', body, {
      token: player.token,
    })
  ).body.data as DataOf<typeof payOrderList>;
const none = { count: 0, amount: 0 };

/** The payer's clicks on the sandbox checkout page: a form post, answered with a redirect. */
async function clickOnCheckout(checkoutUrl: string, action: 'pay' | 'cancel' | 'refund' | 'refund-complete') {
  const response = await fetch(`${checkoutUrl}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return response.headers.get('location') as string;
}

describe('/v2/app/pay/query', () => {
  it('offers the automatic channel (limits narrowed by the JPY fiat resource) and the manual one, with localised names', async () => {
    const player = await newPlayer(server, smtp);
    const response = await server.call<PayChannel[]>('/v2/app/pay/query', {}, { token: player.token, lang: 'ja-JP' });
    expect(response.body.data).toEqual([
      {
        id: 'online-bank',
        name: 'オンライン決済',
        mode: 'automatic',
        currency: 'JPY',
        minAmount: 1_000,
        maxAmount: 500_000,
        presetAmounts: [1_000, 3_000, 5_000, 10_000, 30_000, 50_000],
        feeRateBasisPoints: 0,
      },
      {
        id: 'bank-transfer',
        name: '銀行振込',
        mode: 'manual',
        currency: 'JPY',
        minAmount: 1_000,
        maxAmount: 1_000_000,
        presetAmounts: [10_000, 30_000, 50_000, 100_000],
        feeRateBasisPoints: 0,
      },
    ]);
    // The sandbox's fiat resource, fetched by the server from its configured URL.
    const fiat = await fetch(`${server.url}/sandbox-pay/fiat/JPY`);
    expect(await fiat.json()).toEqual({ currency: 'JPY', available: true, minAmount: 100, maxAmount: 1_000_000 });
  });

  it('leaves out the automatic channel when the fiat resource cannot be read', async () => {
    const isolated = await createTestServer({
      smtpUrl: smtp.url,
      payments: { fiatResourceUrl: 'http://127.0.0.1:9/unreachable' },
    });
    try {
      const player = await newPlayerOn(isolated);
      const response = await isolated.call<PayChannel[]>('/v2/app/pay/query', {}, { token: player });
      expect(response.body.data?.map((channel) => channel.id)).toEqual(['bank-transfer']);
    } finally {
      await isolated.close();
    }
  });
});

/** A signed-in player on another test server (its own database), registered over the same SMTP server. */
async function newPlayerOn(other: TestServer): Promise<string> {
  const account = `iso${Date.now().toString(36)}`;
  return registerThroughMail(other, smtp, { account, email: `${account}@example.test`, password: 'Maple leaf 2026!' });
}

describe('/v2/app/pay/order refusals', () => {
  it('asks for personal information first, with its own message', async () => {
    const player = await newPlayer(server, smtp);
    refusal(
      await order(player, { channelId: 'online-bank', amount: 5_000, bankCardId: 1 }, undefined, 'en-US'),
      422,
      'Please complete your personal information for currency exchange.',
    );
  });

  it('asks for a bound bank card', async () => {
    const player = await newPlayer(server, smtp);
    await completeProfile(server, player);
    refusal(
      await order(player, { channelId: 'online-bank', amount: 5_000, bankCardId: 1 }, undefined, 'ja-JP'),
      422,
      '先に銀行カードを登録してください。',
    );
  });

  it('does not let a player pay with another player’s card', async () => {
    const owner = await depositReadyPlayer();
    const other = await depositReadyPlayer();
    refusal(
      await order(other, { channelId: 'online-bank', amount: 5_000, bankCardId: owner.cardId }),
      404,
      'The bank card was not found.',
    );
  });

  it('keeps the amount within the channel’s limits and refuses unknown channels', async () => {
    const player = await depositReadyPlayer();
    refusal(
      await order(player, { channelId: 'online-bank', amount: 999, bankCardId: player.cardId }),
      422,
      'The amount must be between 1,000 and 500,000.',
    );
    refusal(
      await order(player, { channelId: 'nowhere', amount: 5_000, bankCardId: player.cardId }),
      422,
      'This deposit channel is not available right now.',
    );
    const fraction = await order(player, { channelId: 'online-bank', amount: 1000.5, bankCardId: player.cardId });
    expect(fraction.status).toBe(400);
    expect(fraction.body.fields).toEqual({ amount: 'amount is not valid' });
    expect((await ordersOf(player)).total).toBe(0);
  });

  it('needs an Idempotency-Key header', async () => {
    const player = await depositReadyPlayer();
    refusal(
      await server.call(
        '/v2/app/pay/order',
        { channelId: 'online-bank', amount: 5_000, bankCardId: player.cardId },
        { token: player.token },
      ),
      400,
      'This request needs an Idempotency-Key header',
    );
  });
});

describe('an automatic deposit through the sandbox checkout', () => {
  it('goes pendingPayment → paymentSuccessful: the checkout page calls our webhook and the coins arrive once', async () => {
    const player = await depositReadyPlayer();
    const before = await ledgerSum(server);
    const answer = await order(player, { channelId: 'online-bank', amount: 5_000, bankCardId: player.cardId });
    expect(answer.body).toMatchObject({
      code: 200,
      data: {
        order: {
          mode: 'automatic',
          status: 'pendingPayment',
          currency: 'JPY',
          amount: 10_000,
          fee: 0,
          channelId: 'online-bank',
          paidAt: null,
        },
        instructions: { kind: 'redirect' },
      },
    });
    const { order: created, instructions } = answer.body.data as OrderAnswer;
    if (instructions.kind !== 'redirect') throw new Error('expected a redirect');
    expect(instructions.url).toMatch(new RegExp(`^${server.url}/sandbox-pay/checkout/sbp_[A-Za-z0-9_-]+$`));
    expect(created.orderSn).toMatch(/^D\d{8}[A-Z0-9]{10}$/);

    const page = await fetch(instructions.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('¥5,000');
    expect(html).toContain(created.orderSn);
    expect(html).not.toMatch(/<script/i);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await balanceOfPlayer(server, player)).toBe(0);

    const back = await clickOnCheckout(instructions.url, 'pay');
    expect(back).toBe(`${server.url}/user/finance/deposit?orderSn=${created.orderSn}`);
    expect(await balanceOfPlayer(server, player)).toBe(10_000);
    const listed = await ordersOf(player);
    expect(listed).toMatchObject({
      total: 1,
      totals: { completed: { count: 1, amount: 10_000 }, pending: none, refunded: none, failed: none },
      list: [{ orderSn: created.orderSn, status: 'paymentSuccessful' }],
    });
    expect(listed.list[0]?.paidAt).not.toBeNull();

    // Paying again on the same page (a double click) moves nothing.
    await clickOnCheckout(instructions.url, 'pay');
    expect(await balanceOfPlayer(server, player)).toBe(10_000);
    expect(await ledgerSum(server)).toBe(before);

    // An action the checkout does not have, an object's own property names included, is not found.
    for (const action of ['bogus', 'constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const refused = await fetch(`${instructions.url}/${action}`, { method: 'POST', redirect: 'manual' });
      expect(refused.status, action).toBe(404);
    }
    expect(await balanceOfPlayer(server, player)).toBe(10_000);

    const movements = await server.call<{ list: BalanceMovement[]; credited: number }>(
      '/v2/app/record/balance/query',
      {},
      { token: player.token },
    );
    expect(movements.body.data).toMatchObject({
      credited: 10_000,
      list: [{ kind: 'deposit', amount: 10_000, balanceAfter: 10_000, reference: created.orderSn }],
    });
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `depositOrder:${created.orderSn}`));
    expect(audits.map((row) => [row.action, row.actor])).toEqual([
      ['deposit.order', `user:${player.userId}`],
      ['deposit.paid', 'provider:sandbox'],
    ]);
  });

  it('leaves the order waiting when the payer cancels', async () => {
    const player = await depositReadyPlayer();
    const answer = await order(player, { channelId: 'online-bank', amount: 3_000, bankCardId: player.cardId });
    const instructions = answer.body.data?.instructions as { url: string };
    await clickOnCheckout(instructions.url, 'cancel');
    expect((await ordersOf(player)).list[0]?.status).toBe('pendingPayment');
    expect(await balanceOfPlayer(server, player)).toBe(0);
    expect(await (await fetch(instructions.url)).text()).toContain('Canceled');
  });

  it('follows a refund: refundInProcess holds the coins, refundSuccessful takes them', async () => {
    const player = await depositReadyPlayer();
    const answer = await order(player, { channelId: 'online-bank', amount: 2_000, bankCardId: player.cardId });
    const { url } = answer.body.data!.instructions as { url: string };
    await clickOnCheckout(url, 'pay');
    expect(await balanceOfPlayer(server, player)).toBe(4_000);
    await clickOnCheckout(url, 'refund');
    expect((await ordersOf(player)).list[0]?.status).toBe('refundInProcess');
    expect(await balanceOfPlayer(server, player)).toBe(0);
    await clickOnCheckout(url, 'refund-complete');
    expect((await ordersOf(player)).list[0]?.status).toBe('refundSuccessful');
    expect(await balanceOfPlayer(server, player)).toBe(0);
    const movements = await server.call<{ list: BalanceMovement[] }>(
      '/v2/app/record/balance/query',
      {},
      { token: player.token },
    );
    expect(movements.body.data?.list.map((line) => [line.kind, line.amount, line.balanceAfter])).toEqual([
      ['depositRefund', -4_000, 0],
      ['deposit', 4_000, 4_000],
    ]);
  });

  it('answers a retry with the same key with the same order, and another body under that key with 409', async () => {
    const player = await depositReadyPlayer();
    const key = idempotencyKey();
    const body = { channelId: 'online-bank', amount: 7_000, bankCardId: player.cardId };
    const answers = await Promise.all([order(player, body, key), order(player, body, key), order(player, body, key)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.data?.order.orderSn)).size).toBe(1);
    expect(new Set(answers.map((answer) => (answer.body.data!.instructions as { url: string }).url)).size).toBe(1);
    refusal(
      await order(player, { ...body, amount: 8_000 }, key),
      409,
      'This request was already used for a different operation; please start again',
    );
    expect((await ordersOf(player)).total).toBe(1);
  });
});

describe('a manual deposit', () => {
  it('goes inProgress → successful: bank-transfer instructions, then an operator credits what arrived', async () => {
    const player = await depositReadyPlayer();
    const answer = await order(player, { channelId: 'bank-transfer', amount: 10_000, bankCardId: player.cardId });
    expect(answer.body.data).toMatchObject({
      order: { mode: 'manual', status: 'inProgress', amount: 20_000 },
      // The yen to send is the amount ordered, before the fee the coins are credited under.
      instructions: { kind: 'bankTransfer', yenAmount: 10_000, accountNumber: '1234567', branchCode: '001' },
    });
    const orderSn = answer.body.data?.order.orderSn as string;
    expect(answer.body.data?.instructions).toMatchObject({ transferNote: orderSn });

    const queue = await server.call<{ list: ManualDepositItem[] }>(
      '/v2/admin/deposit/manual/list',
      { keyword: player.account },
      { token: operator.token },
    );
    expect(queue.body.data?.list).toMatchObject([
      {
        orderSn,
        status: 'inProgress',
        payerName: 'ヤマダ タロウ',
        yenAmount: 10_000,
        failureReason: null,
        user: { userId: player.userId },
      },
    ]);

    const confirmed = await server.call(
      '/v2/admin/deposit/manual/confirm',
      { orderSn, receivedAmount: 9_000, remark: 'short by 1000' },
      { token: operator.token },
    );
    expect(confirmed.body).toMatchObject({ code: 200 });
    expect(await balanceOfPlayer(server, player)).toBe(18_000);
    expect((await ordersOf(player, { mode: 'manual' })).list[0]).toMatchObject({
      status: 'successful',
      amount: 18_000,
    });
    refusal(
      await server.call(
        '/v2/admin/deposit/manual/confirm',
        { orderSn, receivedAmount: 9_000 },
        { token: operator.token },
      ),
      409,
      'This order has already been settled.',
    );
    refusal(
      await server.call(
        '/v2/admin/deposit/manual/fail',
        { orderSn, reason: 'never arrived' },
        { token: operator.token },
      ),
      409,
      'This order has already been settled.',
    );
    expect(await balanceOfPlayer(server, player)).toBe(18_000);
    const [row] = await server.db.select().from(depositOrders).where(eq(depositOrders.orderSn, orderSn));
    expect(row).toMatchObject({ receivedYen: 9_000, reviewedBy: operator.userId, reviewRemark: 'short by 1000' });
  });

  it('goes inProgress → failed with nothing credited, and the player reads the operator’s reason', async () => {
    const player = await depositReadyPlayer();
    const answer = await order(player, { channelId: 'bank-transfer', amount: 10_000, bankCardId: player.cardId });
    const orderSn = answer.body.data?.order.orderSn as string;
    // While the transfer is awaited, the order's instructions can be read again; once failed, not.
    const open = () => server.call<ResumedOrder>('/v2/app/pay/order/open', { orderSn }, { token: player.token });
    expect((await open()).body.data).toMatchObject({
      order: { orderSn, status: 'inProgress' },
      instructions: { kind: 'bankTransfer', transferNote: orderSn },
      expiresAt: answer.body.data?.expiresAt,
    });
    const failed = await server.call(
      '/v2/admin/deposit/manual/fail',
      { orderSn, reason: 'Nothing received in three days' },
      { token: operator.token },
    );
    expect(failed.body).toMatchObject({ code: 200 });
    expect((await ordersOf(player)).list[0]).toMatchObject({
      status: 'failed',
      failureReason: 'Nothing received in three days',
    });
    expect(await balanceOfPlayer(server, player)).toBe(0);
    expect((await open()).body.data).toMatchObject({ order: { status: 'failed' }, instructions: null });
    const stranger = await depositReadyPlayer();
    expect((await server.call('/v2/app/pay/order/open', { orderSn }, { token: stranger.token })).status).toBe(404);
    const queue = await server.call<{ list: ManualDepositItem[] }>(
      '/v2/admin/deposit/manual/list',
      { keyword: player.account, status: 'failed' },
      { token: operator.token },
    );
    expect(queue.body.data?.list).toMatchObject([
      { orderSn, yenAmount: 10_000, failureReason: 'Nothing received in three days' },
    ]);
  });

  it('is confirmed once under concurrent confirmations', async () => {
    const player = await depositReadyPlayer();
    const answer = await order(player, { channelId: 'bank-transfer', amount: 1_000, bankCardId: player.cardId });
    const orderSn = answer.body.data?.order.orderSn as string;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        server.call('/v2/admin/deposit/manual/confirm', { orderSn, receivedAmount: 1_000 }, { token: operator.token }),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await balanceOfPlayer(server, player)).toBe(2_000);
  });

  it('is reviewed by operators only, and not for automatic orders; an operator session orders none', async () => {
    const player = await depositReadyPlayer();
    const answer = await order(player, { channelId: 'bank-transfer', amount: 1_000, bankCardId: player.cardId });
    const orderSn = answer.body.data?.order.orderSn as string;
    refusal(
      await server.call(
        '/v2/admin/deposit/manual/confirm',
        { orderSn, receivedAmount: 1_000 },
        { token: player.token },
      ),
      403,
      'You are not allowed to do this',
    );

    const automatic = await order(player, { channelId: 'online-bank', amount: 1_000, bankCardId: player.cardId });
    refusal(
      await server.call(
        '/v2/admin/deposit/manual/confirm',
        { orderSn: automatic.body.data?.order.orderSn, receivedAmount: 1_000 },
        { token: operator.token },
      ),
      404,
      'The order was not found.',
    );
    // Operators are not players: their session orders no deposit of its own to confirm.
    refusal(
      await order(operator, { channelId: 'bank-transfer', amount: 1_000, bankCardId: player.cardId }),
      403,
      'You are not allowed to do this',
    );
  });
});

describe('/v2/app/pay/exchange/ratios', () => {
  it('states the configured ratio of each deposit currency, to visitors too', async () => {
    const answer = await server.call<ExchangeRatio[]>('/v2/app/pay/exchange/ratios', {});
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([{ currency: 'JPY', coinsPerUnit: 2 }]);
  });
});

describe('/v2/app/pay/list', () => {
  it('filters by mode, status and period, pages, totals, and shows a player only their own orders', async () => {
    const player = await depositReadyPlayer();
    const other = await depositReadyPlayer();
    for (const amount of [1_000, 2_000, 3_000])
      await order(player, { channelId: 'bank-transfer', amount, bankCardId: player.cardId });
    const paid = await order(player, { channelId: 'online-bank', amount: 4_000, bankCardId: player.cardId });
    await clickOnCheckout((paid.body.data!.instructions as { url: string }).url, 'pay');

    const all = await ordersOf(player, { pageSize: 2 });
    expect(all.total).toBe(4);
    // The three bank transfers wait for an operator: pending money, totalled apart from the paid order.
    expect(all.totals).toEqual({
      completed: { count: 1, amount: 8_000 },
      pending: { count: 3, amount: 12_000 },
      refunded: none,
      failed: none,
    });
    expect(all.list.map((item) => item.amount)).toEqual([8_000, 6_000]);
    const secondPage = await ordersOf(player, { pageSize: 2, pageNum: 2 });
    expect(secondPage.list.map((item) => item.amount)).toEqual([4_000, 2_000]);
    expect((await ordersOf(player, { mode: 'manual' })).total).toBe(3);
    expect((await ordersOf(player, { status: 'paymentSuccessful' })).list.map((item) => item.amount)).toEqual([8_000]);
    expect((await ordersOf(player, { mode: 'crypto' })).total).toBe(0);

    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Tokyo' });
    expect((await ordersOf(player, { period: { from: today, to: today } })).total).toBe(4);
    expect((await ordersOf(player, { period: { from: '2020-01-01', to: '2020-01-31' } })).total).toBe(0);
    const tooLong = await server.call(
      '/v2/app/pay/list',
      { period: { from: '2026-01-01', to: '2026-06-30' } },
      { token: player.token },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields).toEqual({ 'period.to': 'end date is not valid' });

    expect(await ordersOf(other)).toEqual({
      list: [],
      total: 0,
      totals: { completed: none, pending: none, refunded: none, failed: none },
    });
  });
});

describe('/v2/app/pay/order/get', () => {
  it('answers one of the player’s orders by its number, as it stands now', async () => {
    const player = await depositReadyPlayer();
    const created = (
      await order(player, { channelId: 'online-bank', amount: 3_000, bankCardId: player.cardId }, undefined, 'ja-JP')
    ).body.data as OrderAnswer;
    const get = () =>
      server.call<DepositOrder>(
        '/v2/app/pay/order/get',
        { orderSn: created.order.orderSn },
        { token: player.token, lang: 'ja-JP' },
      );
    expect((await get()).body).toMatchObject({ code: 200, data: created.order });

    await clickOnCheckout((created.instructions as { url: string }).url, 'pay');
    const paid = await get();
    expect(paid.body.data).toMatchObject({
      orderSn: created.order.orderSn,
      channelName: 'オンライン決済',
      status: 'paymentSuccessful',
      amount: 6_000,
    });
    expect(paid.body.data?.paidAt).not.toBeNull();
  });

  it('answers 404 for another player’s order and for an unknown number, in the caller’s language', async () => {
    const player = await depositReadyPlayer();
    const other = await depositReadyPlayer();
    const theirs = (await order(other, { channelId: 'bank-transfer', amount: 2_000, bankCardId: other.cardId })).body
      .data as OrderAnswer;
    const get = (orderSn: string, lang: string) =>
      server.call('/v2/app/pay/order/get', { orderSn }, { token: player.token, lang });
    refusal(await get(theirs.order.orderSn, 'en-US'), 404, 'The order was not found.');
    refusal(await get(theirs.order.orderSn, 'ja-JP'), 404, '注文が見つかりません。');
    refusal(await get('D20990101NOTHERE00', 'vi-VN'), 404, 'Không tìm thấy đơn.');
    const malformed = await get('../1', 'en-US');
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields).toEqual({ orderSn: 'order number is not valid' });
    refusal(await server.call('/v2/app/pay/order/get', { orderSn: theirs.order.orderSn }), 401, 'Please sign in first');
    refusal(
      await server.call('/v2/app/pay/order/get', { orderSn: theirs.order.orderSn }, { token: operator.token }),
      403,
      'You are not allowed to do this',
    );
  });
});

describe('/v2/app/pay/order/current and /v2/app/pay/order/cancel', () => {
  type Current = { order: DepositOrder; instructions: { kind: string; transferNote?: string } } | null;
  const current = async (player: TestPlayer) =>
    (await server.call<Current>('/v2/app/pay/order/current', {}, { token: player.token })).body.data;
  const cancel = (player: TestPlayer, orderSn: string) =>
    server.call<DepositOrder>('/v2/app/pay/order/cancel', { orderSn }, { token: player.token });

  it('finds the newest order still payable after the page was left, and stops offering one the player cancels', async () => {
    const player = await depositReadyPlayer();
    expect(await current(player)).toBeNull();
    const first = (await order(player, { channelId: 'bank-transfer', amount: 3_000, bankCardId: player.cardId })).body
      .data?.order.orderSn as string;
    const second = (await order(player, { channelId: 'bank-transfer', amount: 4_000, bankCardId: player.cardId })).body
      .data?.order.orderSn as string;
    expect(await current(player)).toMatchObject({
      order: { orderSn: second, status: 'inProgress' },
      instructions: { kind: 'bankTransfer', transferNote: second, yenAmount: 4_000 },
    });

    const answers = await Promise.all([cancel(player, second), cancel(player, second)]);
    expect(answers.map((answer) => [answer.status, answer.body.data?.orderSn])).toEqual([
      [200, second],
      [200, second],
    ]);
    expect((await current(player))?.order.orderSn).toBe(first);
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `depositOrder:${second}`));
    expect(audits.map((row) => row.action)).toEqual(['deposit.order', 'deposit.cancel']);
    const reopened = await server.call<{ instructions: unknown }>(
      '/v2/app/pay/order/open',
      { orderSn: second },
      { token: player.token },
    );
    expect(reopened.body.data?.instructions).toBeNull();

    expect((await cancel(player, first)).status).toBe(200);
    expect(await current(player)).toBeNull();
    // Nothing was credited nor taken.
    expect(await balanceOfPlayer(server, player)).toBe(0);
  });

  it("answers 404 for another player's order, and an order past its time is not offered", async () => {
    const player = await depositReadyPlayer();
    const other = await depositReadyPlayer();
    const orderSn = (await order(player, { channelId: 'bank-transfer', amount: 3_000, bankCardId: player.cardId })).body
      .data?.order.orderSn as string;
    refusal(await cancel(other, orderSn), 404, 'The order was not found.');
    expect(await current(other)).toBeNull();
    expect((await current(player))?.order.orderSn).toBe(orderSn);
    await server.db
      .update(depositOrders)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(depositOrders.orderSn, orderSn));
    expect(await current(player)).toBeNull();
  });
});
