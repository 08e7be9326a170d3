import type { BalanceMovement } from '@contract/record';
import type { Withdrawal } from '@contract/withdrawal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import {
  balanceOfPlayer,
  bindCard,
  completeProfile,
  fundPlayer,
  manyPlayersLimits,
  newOperator,
  newPlayer,
  type TestPlayer,
  verifiedIdentity,
  withKey,
} from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestServer, type TestServer } from './harness';

/*
 * Money records count what the player can spend, as the user centre does (docs/requirements.md
 * §5.12): a withdrawal's held coins are a movement of their own with the withdrawal's number, a
 * rejection releases them, a payout takes nothing more, and the newest balance is user-info's.
 */

let smtp: SmtpTestServer;
let server: TestServer;
let operator: TestPlayer;
const payPassword = '246810';

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: manyPlayersLimits,
  });
  operator = await newOperator(server);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

type ReadyPlayer = TestPlayer & { cardId: number };

async function readyPlayer(coins: number, cardOverrides: Record<string, unknown> = {}): Promise<ReadyPlayer> {
  const player = await newPlayer(server, smtp);
  await completeProfile(server, player);
  const card = await bindCard(server, player, cardOverrides);
  const password = await server.call(
    '/v2/app/auth/password/update/payment',
    { newPayPassword: payPassword, password: 'Maple leaf 2026!' },
    { token: player.token },
  );
  expect(password.body).toMatchObject({ code: 200 });
  await verifiedIdentity(server, player, operator);
  await fundPlayer(server, player, coins);
  return { ...player, cardId: card.id };
}

async function withdraw(player: ReadyPlayer, amount: number): Promise<string> {
  const response = await server.call<Withdrawal>(
    '/v2/app/draw/withdraw',
    { amount, bankCardId: player.cardId, payPassword },
    withKey(player.token),
  );
  expect(response.body).toMatchObject({ code: 200 });
  return response.body.data?.orderSn as string;
}

type Movements = { list: BalanceMovement[]; total: number; credited: number; debited: number };

async function movementsOf(player: TestPlayer, body: Record<string, unknown> = {}): Promise<Movements> {
  const response = await server.call<Movements>('/v2/app/record/balance/query', body, {
    token: player.token,
    lang: 'en-US',
  });
  expect(response.body).toMatchObject({ code: 200 });
  return response.body.data as Movements;
}

/** The newest movement's balance is the user centre's, and every movement names its reference. */
async function expectTruthfulRecords(player: TestPlayer): Promise<BalanceMovement[]> {
  const { list } = await movementsOf(player);
  expect(list[0]?.balanceAfter).toBe(await balanceOfPlayer(server, player));
  for (const movement of list) expect(movement.reference).not.toBe('');
  return list;
}

const summary = (list: BalanceMovement[]) => list.map((row) => [row.kind, row.amount, row.balanceAfter]);

describe('money records and held coins', () => {
  it('shows the hold at request with the withdrawal number, and its release when the desk rejects it', async () => {
    const player = await readyPlayer(30_000);
    const orderSn = await withdraw(player, 10_000);
    // Coins that come in while the withdrawal waits count on top of what is left to spend.
    await fundPlayer(server, player, 5_000);

    const waiting = await expectTruthfulRecords(player);
    expect(summary(waiting)).toEqual([
      ['deposit', 5_000, 25_000],
      ['withdrawalHold', -10_000, 20_000],
      ['deposit', 30_000, 30_000],
    ]);
    expect(waiting[1]).toMatchObject({
      id: expect.stringMatching(/^h\d+$/),
      reference: orderSn,
      status: 'withdrawalReview',
      channel: expect.stringMatching(/\*{4}\d{4}$/),
      fee: 0,
      failureReason: null,
    });
    expect(await balanceOfPlayer(server, player)).toBe(25_000);

    const rejected = await server.call(
      '/v2/admin/withdrawal/reject',
      { orderSn, reason: 'Name does not match' },
      { token: operator.token },
    );
    expect(rejected.body).toMatchObject({ code: 200 });

    const released = await expectTruthfulRecords(player);
    expect(summary(released)).toEqual([
      ['withdrawalHoldReleased', 10_000, 35_000],
      ['deposit', 5_000, 25_000],
      ['withdrawalHold', -10_000, 20_000],
      ['deposit', 30_000, 30_000],
    ]);
    expect(released[0]).toMatchObject({
      id: expect.stringMatching(/^r\d+$/),
      reference: orderSn,
      status: 'withdrawalFailed',
      failureReason: 'Name does not match',
    });
    expect(await balanceOfPlayer(server, player)).toBe(35_000);

    // The withdrawal filter finds the hold and its release; totals count both ways.
    const filtered = await movementsOf(player, { kind: 'withdrawal' });
    expect(filtered).toMatchObject({ total: 2, credited: 10_000, debited: 10_000 });
    expect(filtered.list.map((row) => row.reference)).toEqual([orderSn, orderSn]);
  });

  it('takes the coins once when the withdrawal is paid: the hold becomes the payout', async () => {
    const player = await readyPlayer(30_000);
    const orderSn = await withdraw(player, 10_000);
    const approved = await server.call('/v2/admin/withdrawal/approve', { orderSn }, { token: operator.token });
    expect(approved.body).toMatchObject({ code: 200 });

    const paid = await expectTruthfulRecords(player);
    expect(summary(paid)).toEqual([
      ['withdrawal', -10_000, 20_000],
      ['deposit', 30_000, 30_000],
    ]);
    expect(paid[0]).toMatchObject({ reference: orderSn, status: 'withdrawalSuccessful' });
    expect(await balanceOfPlayer(server, player)).toBe(20_000);
    expect(await movementsOf(player)).toMatchObject({ total: 2, credited: 30_000, debited: 10_000 });
  });

  it('gives the coins back with the withdrawal number when the payout fails after approval', async () => {
    const player = await readyPlayer(30_000, { cardNumber: '1230000' });
    const orderSn = await withdraw(player, 10_000);
    await server.call('/v2/admin/withdrawal/approve', { orderSn }, { token: operator.token });

    const refunded = await expectTruthfulRecords(player);
    expect(summary(refunded)).toEqual([
      ['withdrawalRefund', 10_000, 30_000],
      ['withdrawal', -10_000, 20_000],
      ['deposit', 30_000, 30_000],
    ]);
    expect(refunded[0]).toMatchObject({
      reference: orderSn,
      status: 'withdrawalFailed',
      failureReason: 'The receiving account is closed',
    });
  });

  it('keeps the running balance across pages and periods', async () => {
    const player = await readyPlayer(30_000);
    await withdraw(player, 1_000);
    await withdraw(player, 2_000);
    const all = await movementsOf(player);
    const second = await movementsOf(player, { pageNum: 2, pageSize: 1 });
    expect(second.list).toEqual([all.list[1]]);
    expect(all.list.map((row) => row.balanceAfter)).toEqual([27_000, 29_000, 30_000]);
    const past = await movementsOf(player, { period: { from: '2020-01-01', to: '2020-01-31' } });
    expect(past).toEqual({ list: [], total: 0, credited: 0, debited: 0 });
  });
});
