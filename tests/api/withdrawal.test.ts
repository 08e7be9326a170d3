import type { DataOf } from '@contract/endpoint';
import type { BalanceMovement } from '@contract/record';
import type { Withdrawal, withdrawalList } from '@contract/withdrawal';
import type { WithdrawalReviewItem } from '@contract/withdrawal-desk';
import { PayoutUnavailable } from '@server/adapters/payout';
import { auditLog, rateLimits } from '@server/db/schema/auth';
import { sandboxPayouts } from '@server/db/schema/sandbox-pay';
import { withdrawals } from '@server/db/schema/withdrawal';
import { balanceOf, findAccount, houseAccount } from '@server/modules/ledger/accounts';
import { approveWithdrawal } from '@server/modules/withdrawal/desk';
import { resumePayouts, runPayout } from '@server/modules/withdrawal/payouts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import {
  balanceOfPlayer,
  bindCard,
  completeProfile,
  fundPlayer,
  idempotencyKey,
  ledgerSum,
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

let smtp: SmtpTestServer;
let server: TestServer;
let operator: TestPlayer;
const clock = createTestClock();
const payPassword = '246810';

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: { ...manyPlayersLimits, payPasswordPerAccount: { limit: 3, windowMs: 15 * 60 * 1000 } },
    clock,
  });
  operator = await newOperator(server);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

type ReadyPlayer = TestPlayer & { cardId: number };

async function setPayPassword(player: TestPlayer) {
  const response = await server.call(
    '/v2/app/auth/password/update/payment',
    { newPayPassword: payPassword, password: 'Maple leaf 2026!' },
    { token: player.token },
  );
  expect(response.body).toMatchObject({ code: 200 });
}

/** Profile, card, pay password, approved KYC and coins: everything a withdrawal needs. */
async function readyPlayer(coins = 50_000, cardOverrides: Record<string, unknown> = {}): Promise<ReadyPlayer> {
  const player = await newPlayer(server, smtp);
  await completeProfile(server, player);
  const card = await bindCard(server, player, cardOverrides);
  await setPayPassword(player);
  await verifiedIdentity(server, player, operator);
  if (coins > 0) await fundPlayer(server, player, coins);
  return { ...player, cardId: card.id };
}

const withdraw = (
  player: ReadyPlayer,
  body: Partial<{ amount: number; bankCardId: number; payPassword: string }> = {},
  key = idempotencyKey(),
  lang = 'en-US',
) =>
  server.call<Withdrawal>(
    '/v2/app/draw/withdraw',
    { amount: 10_000, bankCardId: player.cardId, payPassword, ...body },
    { ...withKey(player.token, key), lang },
  );

const withdrawalsOf = async (player: TestPlayer, body: Record<string, unknown> = {}) =>
  (
    await server.call<DataOf<typeof withdrawalList>>('/v2/app/draw/list', body, {
      token: player.token,
    })
  ).body.data as DataOf<typeof withdrawalList>;
const none = { count: 0, amount: 0 };

describe('/v2/app/draw/withdraw', () => {
  it('holds the amount at request (withdrawalReview) and shows it on the list', async () => {
    const player = await readyPlayer(50_000);
    const response = await withdraw(player, { amount: 12_000 });
    expect(response.body).toMatchObject({
      code: 200,
      data: {
        method: 'bank',
        amount: 12_000,
        fee: 0,
        status: 'withdrawalReview',
        completedAt: null,
        failureReason: null,
        bankCard: { id: player.cardId },
      },
    });
    expect(response.body.data?.orderSn).toMatch(/^W\d{8}[A-Z0-9]{10}$/);
    expect(response.body.data).toMatchObject({ bankCard: { maskedCardNumber: expect.stringMatching(/^\*{4}\d{4}$/) } });
    expect(await balanceOfPlayer(server, player)).toBe(38_000);
    expect(await balanceOf(server.db, player.userId, 'COIN')).toEqual({
      balance: 50_000n,
      held: 12_000n,
      available: 38_000n,
    });
    expect(await withdrawalsOf(player)).toMatchObject({
      total: 1,
      totals: { completed: none, pending: { count: 1, amount: 12_000 }, failed: none },
      list: [{ orderSn: response.body.data?.orderSn, status: 'withdrawalReview' }],
    });
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `withdrawal:${response.body.data?.orderSn}`));
    expect(audits.map((row) => row.action)).toEqual(['withdrawal.request']);
  });

  it('moves money once for a retried key, and answers 409 to the key with another amount', async () => {
    const player = await readyPlayer(50_000);
    const key = idempotencyKey();
    const answers = await Promise.all([
      withdraw(player, {}, key),
      withdraw(player, {}, key),
      withdraw(player, {}, key),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.data?.orderSn)).size).toBe(1);
    refusal(
      await withdraw(player, { amount: 11_000 }, key),
      409,
      'This request was already used for a different operation; please start again',
    );
    expect(await balanceOfPlayer(server, player)).toBe(40_000);
    expect((await withdrawalsOf(player)).total).toBe(1);
  });

  it('refuses more than the spendable balance, counting what is already held', async () => {
    const player = await readyPlayer(15_000);
    expect((await withdraw(player, { amount: 10_000 })).status).toBe(200);
    refusal(await withdraw(player, { amount: 10_000 }, undefined, 'ja-JP'), 422, '残高が不足しています');
    expect((await withdrawalsOf(player)).total).toBe(1);
    expect(await balanceOfPlayer(server, player)).toBe(5_000);
  });

  it('under concurrent requests with different keys, holds no more than the balance', async () => {
    const player = await readyPlayer(20_000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => withdraw(player, { amount: 10_000 })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 422, 422, 422]);
    expect(await balanceOfPlayer(server, player)).toBe(0);
    expect(await balanceOf(server.db, player.userId, 'COIN')).toEqual({
      balance: 20_000n,
      held: 20_000n,
      available: 0n,
    });
  });

  it('requires approved KYC', async () => {
    const player = await newPlayer(server, smtp);
    await completeProfile(server, player);
    const card = await bindCard(server, player);
    await setPayPassword(player);
    await fundPlayer(server, player, 20_000);
    refusal(await withdraw({ ...player, cardId: card.id }, {}, undefined, 'zh-TW'), 422, '提款前需完成實名認證。');
  });

  it('requires a bound card in the player’s own name, and a card of this player', async () => {
    const player = await readyPlayer(20_000);
    await server.call('/v2/app/user/bank/unbind', { id: player.cardId }, { token: player.token });
    refusal(await withdraw(player), 422, 'Please bind the bank card first.');
    const other = await readyPlayer(0);
    const mine = await bindCard(server, player);
    refusal(await withdraw(player, { bankCardId: other.cardId }), 404, 'The bank card was not found.');
    expect((await withdraw(player, { bankCardId: mine.id })).status).toBe(200);
  });

  it('keeps to the withdrawal limits it shows before entry, refusing on the amount field', async () => {
    const player = await readyPlayer(5_000_000);
    const limits = await server.call('/v2/app/draw/limits', {}, { token: player.token });
    expect(limits.status).toBe(200);
    expect(limits.body.data).toEqual({ minAmount: 1_000, maxAmount: 1_000_000, feeRateBasisPoints: 0, coinsPerYen: 1 });
    const sentence = 'The withdrawal amount must be between 1,000 and 1,000,000.';
    for (const amount of [999, 1_000_001]) {
      const answer = await withdraw(player, { amount });
      refusal(answer, 422, sentence);
      expect(answer.body.fields).toEqual({ amount: sentence });
    }
    expect((await withdrawalsOf(player)).total).toBe(0);
  });

  it('needs a pay password, counts wrong ones and stops them with 429', async () => {
    const unset = await newPlayer(server, smtp);
    refusal(
      await server.call('/v2/app/draw/withdraw', { amount: 1_000, bankCardId: 1, payPassword }, withKey(unset.token)),
      422,
      'Please set a pay password before withdrawing.',
    );

    const player = await readyPlayer(20_000);
    const wrong = await withdraw(player, { payPassword: '135790' });
    refusal(wrong, 400, 'The pay password is incorrect. Tries left: 2.');
    expect(wrong.body.fields).toEqual({ payPassword: 'The pay password is incorrect. Tries left: 2.' });
    refusal(await withdraw(player, { payPassword: '135791' }, undefined, 'ja-JP'), 400, /あと1回まで試せます/);
    // A right password clears the count.
    expect((await withdraw(player, { amount: 1_000 })).status).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await withdraw(player, { payPassword: '000000' })).status).toBe(400);
    // The last wrong one the window takes says none are left; the next guess, right or wrong, waits.
    refusal(
      await withdraw(player, { payPassword: '000000' }),
      400,
      'The pay password is incorrect. No tries are left: please try again later.',
    );
    const limited = await withdraw(player, { amount: 1_000 });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await balanceOfPlayer(server, player)).toBe(19_000);
    clock.advance(16 * 60 * 1000);
    expect((await withdraw(player, { amount: 1_000 })).status).toBe(200);
    // The desk's session ended while idle that long: the next tests review with a fresh one.
    operator = await newOperator(server);
  });

  it('never refuses a right pay password because of other right ones, and still stops wrong ones at the limit', async () => {
    const player = await readyPlayer(60_000);
    // Fifty at once, far past this file's limit of three: right ones do not count.
    const right = await Promise.all(Array.from({ length: 50 }, () => withdraw(player, { amount: 1_000 })));
    expect(right.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    // With two wrong ones counted, the one guess left is not taken by right ones in flight either.
    for (let i = 0; i < 2; i += 1) expect((await withdraw(player, { payPassword: '000000' })).status).toBe(400);
    const afterWrong = await Promise.all(Array.from({ length: 10 }, () => withdraw(player, { amount: 1_000 })));
    expect(afterWrong.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    // Wrong guesses at once get no more than three checked; then the right one waits too.
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => withdraw(player, { payPassword: `00000${i % 10}` })),
    );
    expect(guesses.map((answer) => answer.status).sort()).toEqual([...Array(3).fill(400), ...Array(9).fill(429)]);
    expect((await withdraw(player, { amount: 1_000 })).status).toBe(429);
    expect(await balanceOfPlayer(server, player)).toBe(0);
    expect((await withdrawalsOf(player)).total).toBe(60);
  });

  it('lets go of the places held by checks of a process that died, a minute after the last guess began', async () => {
    const player = await readyPlayer(10_000);
    await server.db.insert(rateLimits).values({
      key: `payPassword:user:${player.userId}:checking`,
      hits: 3,
      windowStartedAt: new Date(clock.now().getTime() - 61_000),
    });
    expect((await withdraw(player, { amount: 1_000 })).status).toBe(200);
  });

  it('needs the Idempotency-Key header and is closed to visitors', async () => {
    const player = await readyPlayer(0);
    refusal(
      await server.call(
        '/v2/app/draw/withdraw',
        { amount: 1_000, bankCardId: player.cardId, payPassword },
        { token: player.token },
      ),
      400,
      'This request needs an Idempotency-Key header',
    );
    refusal(
      await server.call(
        '/v2/app/draw/withdraw',
        { amount: 1_000, bankCardId: 1, payPassword },
        { headers: { 'idempotency-key': idempotencyKey() } },
      ),
      401,
      'Please sign in first',
    );
  });
});

describe('the withdrawal review', () => {
  it('rejection voids the hold: withdrawalFailed with the reason, the coins are back', async () => {
    const player = await readyPlayer(30_000);
    const requested = await withdraw(player, { amount: 10_000 });
    const orderSn = requested.body.data?.orderSn as string;
    const rejected = await server.call(
      '/v2/admin/withdrawal/reject',
      { orderSn, reason: 'Card holder unclear' },
      { token: operator.token },
    );
    expect(rejected.body).toMatchObject({ code: 200 });
    expect((await withdrawalsOf(player)).list[0]).toMatchObject({
      status: 'withdrawalFailed',
      failureReason: 'Card holder unclear',
    });
    expect((await withdrawalsOf(player)).list[0]?.completedAt).not.toBeNull();
    expect(await balanceOfPlayer(server, player)).toBe(30_000);
    refusal(
      await server.call('/v2/admin/withdrawal/approve', { orderSn }, { token: operator.token }),
      409,
      'This withdrawal has already been reviewed.',
    );
    expect(await balanceOfPlayer(server, player)).toBe(30_000);
  });

  it('approval posts the hold and pays out through the payout service: withdrawing → withdrawalSuccessful', async () => {
    const player = await readyPlayer(30_000);
    const inFlightBefore = (await findAccount(server.db, houseAccount('withdrawalsInFlight', 'COIN')))?.balance ?? 0n;
    const sumBefore = await ledgerSum(server);
    const requested = await withdraw(player, { amount: 10_000 });
    const orderSn = requested.body.data?.orderSn as string;
    const approved = await server.call(
      '/v2/admin/withdrawal/approve',
      { orderSn, remark: 'ok' },
      { token: operator.token },
    );
    expect(approved.body).toMatchObject({ code: 200 });
    expect((await withdrawalsOf(player)).list[0]).toMatchObject({
      status: 'withdrawalSuccessful',
      failureReason: null,
    });
    expect(await balanceOf(server.db, player.userId, 'COIN')).toEqual({
      balance: 20_000n,
      held: 0n,
      available: 20_000n,
    });
    const inFlightAfter = (await findAccount(server.db, houseAccount('withdrawalsInFlight', 'COIN')))?.balance ?? 0n;
    expect(inFlightAfter - inFlightBefore).toBe(10_000n);
    expect(await ledgerSum(server)).toBe(sumBefore);
    const payouts = await server.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.reference, orderSn));
    expect(payouts).toMatchObject([
      { amount: 10_000, status: 'paid', accountHolder: 'ヤマダ タロウ', bankCode: '0005' },
    ]);
    const movements = await server.call<{ list: BalanceMovement[] }>(
      '/v2/app/record/balance/query',
      { kind: 'withdrawal' },
      { token: player.token },
    );
    expect(movements.body.data?.list).toMatchObject([{ kind: 'withdrawal', amount: -10_000, balanceAfter: 20_000 }]);
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `withdrawal:${orderSn}`))
      .orderBy(auditLog.id);
    expect(audits.map((row) => [row.action, row.actor])).toEqual([
      ['withdrawal.request', `user:${player.userId}`],
      ['withdrawal.approve', `user:${operator.userId}`],
      ['withdrawal.paid', 'system'],
    ]);
    refusal(
      await server.call('/v2/admin/withdrawal/reject', { orderSn, reason: 'late' }, { token: operator.token }),
      409,
      'This withdrawal has already been reviewed.',
    );
  });

  it('a failed payout gives the coins back exactly once: withdrawalFailed with the bank’s reason', async () => {
    const player = await readyPlayer(30_000, { cardNumber: '1230000' });
    const requested = await withdraw(player, { amount: 10_000 });
    const orderSn = requested.body.data?.orderSn as string;
    await server.call('/v2/admin/withdrawal/approve', { orderSn }, { token: operator.token });
    expect((await withdrawalsOf(player)).list[0]).toMatchObject({
      status: 'withdrawalFailed',
      failureReason: 'The receiving account is closed',
    });
    expect(await balanceOfPlayer(server, player)).toBe(30_000);
    await runPayout(server.deps.player, orderSn);
    await runPayout(server.deps.player, orderSn);
    expect(await balanceOfPlayer(server, player)).toBe(30_000);
    const movements = await server.call<{ list: BalanceMovement[] }>(
      '/v2/app/record/balance/query',
      {},
      { token: player.token },
    );
    expect(movements.body.data?.list.slice(0, 2).map((line) => [line.kind, line.amount])).toEqual([
      ['withdrawalRefund', 10_000],
      ['withdrawal', -10_000],
    ]);
  });

  it('survives an unreachable payout service: stays withdrawing (payout requested) and is finished by the retry', async () => {
    const player = await readyPlayer(30_000);
    const requested = await withdraw(player, { amount: 10_000 });
    const orderSn = requested.body.data?.orderSn as string;
    const unreachable = {
      ...server.deps.player,
      payout: { send: () => Promise.reject(new PayoutUnavailable('connection refused')) },
    };
    await approveWithdrawal(
      unreachable,
      { t: ((key: string) => key) as never, locale: 'en-US', clientAddress: '127.0.0.1', requestId: 'test' },
      { userId: operator.userId, sessionId: 0, isAgent: false, isOperator: true, operatorRoles: ['administrator'] },
      { orderSn },
    );
    expect((await withdrawalsOf(player)).list[0]).toMatchObject({ status: 'withdrawing' });
    const [row] = await server.db.select().from(withdrawals).where(eq(withdrawals.orderSn, orderSn));
    expect(row).toMatchObject({ payoutState: 'requested', payoutAttempts: 1 });
    expect(await balanceOfPlayer(server, player)).toBe(20_000);

    // Not yet due for a retry; a minute later the worker sends it.
    expect(await resumePayouts(server.deps.player)).toBe(0);
    clock.advance(2 * 60 * 1000);
    expect(await resumePayouts(server.deps.player)).toBeGreaterThanOrEqual(1);
    expect((await withdrawalsOf(player)).list[0]).toMatchObject({ status: 'withdrawalSuccessful' });
    expect(await server.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.reference, orderSn))).toHaveLength(1);
  });

  it('approves once under concurrent approvals and rejections', async () => {
    const player = await readyPlayer(30_000);
    const requested = await withdraw(player, { amount: 10_000 });
    const orderSn = requested.body.data?.orderSn as string;
    const results = await Promise.all([
      server.call('/v2/admin/withdrawal/approve', { orderSn }, { token: operator.token }),
      server.call('/v2/admin/withdrawal/reject', { orderSn, reason: 'x' }, { token: operator.token }),
      server.call('/v2/admin/withdrawal/approve', { orderSn }, { token: operator.token }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409]);
    const balance = await balanceOfPlayer(server, player);
    const status = (await withdrawalsOf(player)).list[0]?.status;
    expect([
      ['withdrawalSuccessful', 20_000],
      ['withdrawalFailed', 30_000],
    ]).toContainEqual([status, balance]);
    expect(await server.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.reference, orderSn))).toHaveLength(
      status === 'withdrawalSuccessful' ? 1 : 0,
    );
  });

  it('lists the queue oldest first with the player, and is closed to players; an operator session requests none', async () => {
    const player = await readyPlayer(30_000);
    const requested = await withdraw(player, { amount: 10_000 });
    const orderSn = requested.body.data?.orderSn as string;
    const queue = await server.call<{ list: WithdrawalReviewItem[]; total: number }>(
      '/v2/admin/withdrawal/list',
      { keyword: player.account },
      { token: operator.token },
    );
    expect(queue.body.data).toMatchObject({
      total: 1,
      list: [{ orderSn, status: 'withdrawalReview', user: { userId: player.userId, account: player.account } }],
    });
    refusal(
      await server.call('/v2/admin/withdrawal/list', {}, { token: player.token }),
      403,
      'You are not allowed to do this',
    );
    refusal(
      await server.call('/v2/admin/withdrawal/approve', { orderSn }, { token: player.token }),
      403,
      'You are not allowed to do this',
    );
    refusal(
      await server.call('/v2/admin/withdrawal/approve', { orderSn: 'W20990101NOTHERE00' }, { token: operator.token }),
      404,
      'The withdrawal was not found.',
    );

    // Operators are not players: their session is refused the player's call.
    refusal(
      await withdraw({ ...operator, cardId: player.cardId }, { amount: 2_000 }),
      403,
      'You are not allowed to do this',
    );
  });
});

describe('/v2/app/draw/list', () => {
  it('filters by status and period, pages, totals, and shows a player only their own', async () => {
    const player = await readyPlayer(100_000);
    const other = await readyPlayer(0);
    const first = await withdraw(player, { amount: 1_000 });
    await withdraw(player, { amount: 2_000 });
    await withdraw(player, { amount: 3_000 });
    await server.call(
      '/v2/admin/withdrawal/reject',
      { orderSn: first.body.data?.orderSn, reason: 'no' },
      { token: operator.token },
    );
    // A rejected request and those under review are not money withdrawn: each group is totalled apart.
    expect(await withdrawalsOf(player)).toMatchObject({
      total: 3,
      totals: { completed: none, pending: { count: 2, amount: 5_000 }, failed: { count: 1, amount: 1_000 } },
    });
    expect((await withdrawalsOf(player, { pageSize: 2 })).list.map((item) => item.amount)).toEqual([3_000, 2_000]);
    expect((await withdrawalsOf(player, { status: 'withdrawalFailed' })).list.map((item) => item.amount)).toEqual([
      1_000,
    ]);
    expect((await withdrawalsOf(player, { method: 'crypto' })).total).toBe(0);
    const today = clock.now().toLocaleDateString('sv-SE', { timeZone: 'Asia/Tokyo' });
    expect((await withdrawalsOf(player, { period: { from: today, to: today } })).total).toBe(3);
    expect((await withdrawalsOf(player, { period: { from: '2020-01-01', to: '2020-01-02' } })).total).toBe(0);
    expect(await withdrawalsOf(other)).toEqual({
      list: [],
      total: 0,
      totals: { completed: none, pending: none, failed: none, cancelled: none },
    });
  });
});

describe('/v2/app/draw/get', () => {
  it('answers one of the player’s withdrawals by its number, as it stands now', async () => {
    const player = await readyPlayer(20_000);
    const requested = (await withdraw(player, { amount: 4_000 })).body.data as Withdrawal;
    const get = (lang = 'en-US') =>
      server.call<Withdrawal>('/v2/app/draw/get', { orderSn: requested.orderSn }, { token: player.token, lang });
    expect((await get()).body).toMatchObject({ code: 200, data: requested });

    await server.call(
      '/v2/admin/withdrawal/reject',
      { orderSn: requested.orderSn, reason: 'The account is closed' },
      { token: operator.token },
    );
    expect((await get('ja-JP')).body.data).toMatchObject({
      orderSn: requested.orderSn,
      status: 'withdrawalFailed',
      failureReason: 'The account is closed',
      bankCard: { id: player.cardId },
    });
  });

  it('answers 404 for another player’s withdrawal and for an unknown number, in the caller’s language', async () => {
    const player = await readyPlayer(0);
    const other = await readyPlayer(10_000);
    const theirs = (await withdraw(other, { amount: 2_000 })).body.data as Withdrawal;
    const get = (orderSn: string, lang: string) =>
      server.call('/v2/app/draw/get', { orderSn }, { token: player.token, lang });
    refusal(await get(theirs.orderSn, 'en-US'), 404, 'The withdrawal was not found.');
    refusal(await get(theirs.orderSn, 'ko-KR'), 404, '출금 신청을 찾을 수 없습니다.');
    refusal(await get('W20990101NOTHERE00', 'zh-TW'), 404, '找不到該提款申請。');
    const malformed = await get('', 'en-US');
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields).toEqual({ orderSn: 'please input order number' });
    refusal(await server.call('/v2/app/draw/get', { orderSn: theirs.orderSn }), 401, 'Please sign in first');
    refusal(
      await server.call('/v2/app/draw/get', { orderSn: theirs.orderSn }, { token: operator.token }),
      403,
      'You are not allowed to do this',
    );
  });
});

describe('/v2/app/draw/cancel', () => {
  const cancel = (player: TestPlayer, orderSn: string, lang = 'en-US') =>
    server.call<Withdrawal>('/v2/app/draw/cancel', { orderSn }, { token: player.token, lang });

  it('takes back a withdrawal in review: the hold is voided, audited, a letter sent; a repeat moves nothing', async () => {
    const player = await readyPlayer(30_000);
    const orderSn = (await withdraw(player, { amount: 10_000 })).body.data?.orderSn as string;
    expect(await balanceOfPlayer(server, player)).toBe(20_000);
    const sumBefore = await ledgerSum(server);

    const answers = await Promise.all([cancel(player, orderSn), cancel(player, orderSn)]);
    expect(answers.map((answer) => [answer.status, answer.body.data?.status])).toEqual([
      [200, 'withdrawalCancelled'],
      [200, 'withdrawalCancelled'],
    ]);
    expect((await cancel(player, orderSn)).body.data).toMatchObject({ orderSn, status: 'withdrawalCancelled' });
    expect(await balanceOf(server.db, player.userId, 'COIN')).toEqual({
      balance: 30_000n,
      held: 0n,
      available: 30_000n,
    });
    expect(await ledgerSum(server)).toBe(sumBefore);
    expect(await withdrawalsOf(player)).toMatchObject({
      totals: { pending: none, cancelled: { count: 1, amount: 10_000 } },
      list: [{ orderSn, status: 'withdrawalCancelled', completedAt: expect.any(String) }],
    });
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `withdrawal:${orderSn}`))
      .orderBy(asc(auditLog.id));
    expect(audits.map((row) => row.action)).toEqual(['withdrawal.request', 'withdrawal.cancel']);
    await expect
      .poll(
        async () => {
          const letters = await server.call<{ list: { kind: string; content: string }[] }>(
            '/v2/app/station/query',
            {},
            { token: player.token },
          );
          return letters.body.data?.list.find((letter) => letter.kind === 'withdrawalCancelled')?.content ?? '';
        },
        { timeout: 15_000, interval: 200 },
      )
      .toContain(`${orderSn} was cancelled at your request`);
    // The desk finds it settled.
    refusal(
      await server.call('/v2/admin/withdrawal/approve', { orderSn }, { token: operator.token }),
      409,
      'This withdrawal has already been reviewed.',
    );
    expect(await balanceOfPlayer(server, player)).toBe(30_000);
  });

  it('is too late once the desk has decided, and never releases the coins of an approved one', async () => {
    const player = await readyPlayer(30_000);
    const orderSn = (await withdraw(player, { amount: 10_000 })).body.data?.orderSn as string;
    await server.call('/v2/admin/withdrawal/approve', { orderSn }, { token: operator.token });
    refusal(await cancel(player, orderSn, 'ja-JP'), 409, '審査が始まったため、この出金申請は取り消せません。');
    expect(await balanceOfPlayer(server, player)).toBe(20_000);
    expect((await withdrawalsOf(player)).list[0]?.status).not.toBe('withdrawalCancelled');
  });

  it('races with the desk: exactly one of a cancel and an approval wins, and the money agrees', async () => {
    for (let round = 0; round < 3; round += 1) {
      const player = await readyPlayer(30_000);
      const orderSn = (await withdraw(player, { amount: 10_000 })).body.data?.orderSn as string;
      const [cancelled, approved] = await Promise.all([
        cancel(player, orderSn),
        server.call('/v2/admin/withdrawal/approve', { orderSn }, { token: operator.token }),
      ]);
      expect([cancelled.status, approved.status].sort()).toEqual([200, 409]);
      const status = (await withdrawalsOf(player)).list[0]?.status;
      const balance = await balanceOfPlayer(server, player);
      if (cancelled.status === 200) expect([status, balance]).toEqual(['withdrawalCancelled', 30_000]);
      else expect(status === 'withdrawing' || status === 'withdrawalSuccessful').toBe(true);
      if (cancelled.status !== 200) expect(balance).toBe(20_000);
    }
  });

  it("answers 404 for another player's withdrawal and refuses visitors", async () => {
    const owner = await readyPlayer(20_000);
    const other = await readyPlayer(0);
    const orderSn = (await withdraw(owner, { amount: 5_000 })).body.data?.orderSn as string;
    refusal(await cancel(other, orderSn), 404, 'The withdrawal was not found.');
    expect((await server.call('/v2/app/draw/cancel', { orderSn }, {})).status).toBe(401);
    expect(await balanceOfPlayer(server, owner)).toBe(15_000);
  });
});
