import { randomInt } from 'node:crypto';
import type { UserSummary } from '@contract/admin';
import type { PaymentInstructions } from '@contract/deposit';
import type { LedgerEntry } from '@contract/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import {
  bindCard,
  completeProfile,
  fundPlayer,
  manyPlayersLimits,
  newOperator,
  newPlayer,
  refusal,
  type TestPlayer,
  verifiedIdentity,
  withKey,
} from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, createTestServer, type TestServer } from './harness';

/*
 * The desk's view of a player's ledger: every line names the withdrawal or deposit order behind it,
 * and a hold still waiting (a withdrawal under review, a deposit being refunded) is listed as
 * pending until it is posted or voided.
 */

let smtp: SmtpTestServer;
let server: TestServer;
let operator: TestPlayer;
const clock = createTestClock(new Date('2026-04-06T01:00:00Z'));
const minute = 60_000;
const payPassword = '246810';

interface LedgerPage {
  list: LedgerEntry[];
  total: number;
  balance: number;
  heldAmount: number;
}

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: manyPlayersLimits,
    clock,
  });
  operator = await newOperator(server);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

async function ledgerOf(player: TestPlayer, body: Record<string, unknown> = {}): Promise<LedgerPage> {
  const answer = await server.call<LedgerPage>(
    '/v2/admin/user/ledger',
    { userId: player.userId, ...body },
    { token: operator.token },
  );
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
  return answer.body.data as LedgerPage;
}

const lines = (page: LedgerPage) =>
  page.list.map((line) => [line.kind, line.amount, line.balanceAfter, line.pending, line.reference]);

async function ok<T>(
  path: string,
  body: Record<string, unknown>,
  options: Parameters<TestServer['call']>[2],
): Promise<T> {
  const answer = await server.call<T>(path, body, options);
  expect(answer.body, `${path}: ${JSON.stringify(answer.body)}`).toMatchObject({ code: 200 });
  return answer.body.data as T;
}

/** A verified player with a pay password and two cards: a good one, and one the sandbox bank refuses to pay into (ending in 0000). */
async function withdrawingPlayer() {
  const player = await newPlayer(server, smtp, 'ledger');
  await completeProfile(server, player);
  const card = await bindCard(server, player);
  const closedCard = await bindCard(server, player, { cardNumber: `${randomInt(100, 1000)}0000` });
  await ok(
    '/v2/app/auth/password/update/payment',
    { newPayPassword: payPassword, password: 'Maple leaf 2026!' },
    { token: player.token },
  );
  await verifiedIdentity(server, player, operator);
  return { ...player, cardId: card.id, closedCardId: closedCard.id };
}

async function withdraw(player: TestPlayer, bankCardId: number, amount: number): Promise<string> {
  const withdrawal = await ok<{ orderSn: string }>(
    '/v2/app/draw/withdraw',
    { bankCardId, amount, payPassword },
    withKey(player.token),
  );
  return withdrawal.orderSn;
}

/** An online deposit paid on the sandbox checkout page; its URL is kept for a later refund. */
async function paidDeposit(player: TestPlayer, bankCardId: number, yen: number) {
  const answer = await ok<{ order: { orderSn: string; amount: number }; instructions: PaymentInstructions }>(
    '/v2/app/pay/order',
    { channelId: 'online-bank', amount: yen, bankCardId },
    withKey(player.token),
  );
  if (answer.instructions.kind !== 'redirect') throw new Error('an online deposit redirects to the checkout');
  const checkoutUrl = answer.instructions.url;
  await checkout(checkoutUrl, 'pay');
  return { orderSn: answer.order.orderSn, coins: answer.order.amount, checkoutUrl };
}

async function checkout(checkoutUrl: string, action: 'pay' | 'refund' | 'refund-complete') {
  const response = await fetch(`${checkoutUrl}/${action}`, { method: 'POST', redirect: 'manual' });
  expect(response.status).toBe(303);
}

describe('/v2/admin/user/ledger', () => {
  it('names the withdrawal or deposit of each line and lists a withdrawal under review as a pending hold', async () => {
    const player = await withdrawingPlayer();
    await fundPlayer(server, player, 1_000);
    clock.advance(minute);
    const deposit = await paidDeposit(player, player.cardId, 5_000);
    expect(deposit.coins).toBe(5_000);
    clock.advance(minute);
    const underReview = await withdraw(player, player.cardId, 3_000);
    clock.advance(minute);
    const rejected = await withdraw(player, player.cardId, 1_000);
    await ok('/v2/admin/withdrawal/reject', { orderSn: rejected, reason: 'Wrong card' }, { token: operator.token });
    clock.advance(minute);
    const bounced = await withdraw(player, player.closedCardId, 2_000);
    await ok('/v2/admin/withdrawal/approve', { orderSn: bounced }, { token: operator.token });
    clock.advance(minute);

    const ledger = await ledgerOf(player);
    expect(ledger).toMatchObject({ total: 5, balance: 6_000, heldAmount: 3_000 });
    // The rejected request moved nothing and is not a line; the bounced payout was posted and returned.
    expect(lines(ledger)).toEqual([
      ['withdrawalVoid', 2_000, 6_000, false, bounced],
      ['withdrawalPost', -2_000, 4_000, false, bounced],
      ['withdrawalHold', -3_000, 6_000, true, underReview],
      ['deposit', 5_000, 6_000, false, deposit.orderSn],
      ['deposit', 1_000, 1_000, false, null],
    ]);
    const hold = ledger.list[2] as LedgerEntry;
    expect(hold.id).toBeNull();
    expect(ledger.list.filter((line) => line !== hold).every((line) => typeof line.id === 'number')).toBe(true);
    expect(new Set(ledger.list.map((line) => line.transferId)).size).toBe(5);

    // Paging runs over entries and holds together.
    const second = await ledgerOf(player, { pageNum: 2, pageSize: 2 });
    expect(second.total).toBe(5);
    expect(second.list.map((line) => line.kind)).toEqual(['withdrawalHold', 'deposit']);
    expect((await ledgerOf(player, { pageNum: 3, pageSize: 2 })).list.map((line) => line.reference)).toEqual([null]);

    const holds = await ledgerOf(player, { kind: 'withdrawalHold' });
    expect({ total: holds.total, lines: lines(holds) }).toEqual({
      total: 1,
      lines: [['withdrawalHold', -3_000, 6_000, true, underReview]],
    });
    const posted = await ledgerOf(player, { kind: 'withdrawalPost' });
    expect(lines(posted)).toEqual([['withdrawalPost', -2_000, 4_000, false, bounced]]);
    const returned = await ledgerOf(player, { kind: 'withdrawalVoid' });
    expect(returned.list.map((line) => line.reference)).toEqual([bounced]);
    expect((await ledgerOf(player, { kind: 'deposit' })).total).toBe(2);
    const tomorrow = { from: '2026-04-07', to: '2026-04-07' };
    expect(await ledgerOf(player, { period: tomorrow })).toMatchObject({ total: 0, list: [] });
    const today = await ledgerOf(player, { period: { from: '2026-04-06', to: '2026-04-06' }, kind: 'withdrawalHold' });
    expect(today.total).toBe(1);

    // Approval posts the hold: the pending line becomes the withdrawal's posting, newest first.
    await ok('/v2/admin/withdrawal/approve', { orderSn: underReview }, { token: operator.token });
    const after = await ledgerOf(player);
    expect(after).toMatchObject({ total: 5, balance: 3_000, heldAmount: 0 });
    expect(lines(after)[0]).toEqual(['withdrawalPost', -3_000, 3_000, false, underReview]);
    expect(after.list.some((line) => line.pending)).toBe(false);
    expect((await ledgerOf(player, { kind: 'withdrawalHold' })).total).toBe(0);
  });

  it('shows a deposit being refunded as a pending hold with its order number, and the refund once it is taken', async () => {
    const player = await withdrawingPlayer();
    const deposit = await paidDeposit(player, player.cardId, 4_000);
    clock.advance(minute);
    await checkout(deposit.checkoutUrl, 'refund');
    const refunding = await ledgerOf(player);
    expect(refunding).toMatchObject({ total: 2, balance: 4_000, heldAmount: 4_000 });
    expect(lines(refunding)).toEqual([
      ['deposit', -4_000, 4_000, true, deposit.orderSn],
      ['deposit', 4_000, 4_000, false, deposit.orderSn],
    ]);

    clock.advance(minute);
    await checkout(deposit.checkoutUrl, 'refund-complete');
    const refunded = await ledgerOf(player);
    expect(refunded).toMatchObject({ total: 2, balance: 0, heldAmount: 0 });
    expect(lines(refunded)).toEqual([
      ['deposit', -4_000, 0, false, deposit.orderSn],
      ['deposit', 4_000, 4_000, false, deposit.orderSn],
    ]);
  });

  it('lists nothing for a player who never had coins', async () => {
    const player = await newPlayer(server, smtp, 'empty');
    expect(await ledgerOf(player)).toEqual({ list: [], total: 0, balance: 0, heldAmount: 0 });
    expect(await ledgerOf(player, { kind: 'withdrawalHold' })).toEqual({
      list: [],
      total: 0,
      balance: 0,
      heldAmount: 0,
    });
  });
});

describe('/v2/admin/user/search by user id', () => {
  it('answers exactly the player with that id, where a keyword of the same digits also matches accounts', async () => {
    const player = await newPlayer(server, smtp, 'exact');
    const lookalike = await newPlayer(server, smtp, `n${player.userId}x`);
    const byKeyword = await ok<{ list: UserSummary[] }>(
      '/v2/admin/user/search',
      { keyword: String(player.userId) },
      { token: operator.token },
    );
    expect(byKeyword.list.map((user) => user.userId)).toEqual(
      expect.arrayContaining([player.userId, lookalike.userId]),
    );

    const byId = await ok<{ list: UserSummary[]; total: number }>(
      '/v2/admin/user/search',
      { userId: player.userId },
      { token: operator.token },
    );
    expect(byId).toMatchObject({
      total: 1,
      list: [{ userId: player.userId, account: player.account, email: player.email, status: 'active' }],
    });
    const frozenOnly = await ok<{ total: number }>(
      '/v2/admin/user/search',
      { userId: player.userId, status: 'frozen' },
      { token: operator.token },
    );
    expect(frozenOnly.total).toBe(0);
    expect(await ok('/v2/admin/user/search', { userId: 2_000_000_000 }, { token: operator.token })).toEqual({
      list: [],
      total: 0,
    });

    for (const userId of [0, 1.5, 2 ** 31, '7']) {
      const refused = await server.call<never>('/v2/admin/user/search', { userId }, { token: operator.token });
      refusal(refused, 400, 'Some fields are not valid');
      expect(Object.keys(refused.body.fields ?? {})).toEqual(['userId']);
    }
    refusal(
      await server.call('/v2/admin/user/search', { userId: player.userId }, { token: player.token }),
      403,
      'You are not allowed to do this',
    );
  });
});
