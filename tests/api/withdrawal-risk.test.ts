import { randomBytes } from 'node:crypto';
import type { AuditEntry } from '@contract/admin';
import type { BalanceMovement } from '@contract/record';
import type { Withdrawal } from '@contract/withdrawal';
import type { WithdrawalReviewItem } from '@contract/withdrawal-desk';
import type { PayoutFlag, PayoutFlagRule, PayoutRule, PayoutRuleKey, WithdrawalRisk } from '@contract/withdrawal-risk';
import { auditLog, signIns } from '@server/db/schema/auth';
import { gameRecords } from '@server/db/schema/record';
import { sandboxPayouts } from '@server/db/schema/sandbox-pay';
import { withdrawals } from '@server/db/schema/withdrawal';
import { balanceOf, findAccount, houseAccount } from '@server/modules/ledger/accounts';
import { tronAddressOfBytes } from '@server/shared/chain-addresses';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import { mineBlocks, sendOnChain } from '../support/chain-sandbox';
import { ledgerViolations, queryRows } from '../support/ledger-invariants';
import {
  bindCard,
  completeProfile,
  freshAccountNumber,
  fundPlayer,
  manyPlayersLimits,
  newOperator,
  newPlayer,
  refusal,
  signInAgain,
  type TestPlayer,
  verifiedIdentity,
  withKey,
} from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { type CallResult, createTestClock, createTestServer, type TestServer } from './harness';

// Docs: docs/requirements.md §20 (risk beside every payout, its rules, four eyes).

/** The desk's judgement beside a payout: the flag rules, the risk context, and four eyes over a threshold. */

let smtp: SmtpTestServer;
let server: TestServer;
const clock = createTestClock();
const payPassword = '246810';
const hour = 60 * 60 * 1000;
const day = 24 * hour;

/** The desk: an administrator (rules, KYC), two finance operators (reviews), support and an auditor. */
let admin: TestPlayer;
let finance: TestPlayer;
let otherFinance: TestPlayer;
let support: TestPlayer;
let auditor: TestPlayer;

const seededRules: Record<PayoutRuleKey, { enabled: boolean; threshold: number }> = {
  sharedBankAccount: { enabled: true, threshold: 1 },
  sharedCryptoAddress: { enabled: true, threshold: 1 },
  sharedClientAddress: { enabled: true, threshold: 1 },
  sharedDevice: { enabled: true, threshold: 1 },
  littlePlay: { enabled: true, threshold: 100 },
  unusualAmount: { enabled: true, threshold: 300 },
  newBankCard: { enabled: true, threshold: 72 },
  fourEyes: { enabled: true, threshold: 100_000 },
};

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: manyPlayersLimits,
    clock,
  });
  admin = await newOperator(server);
  finance = await newOperator(server, ['finance']);
  otherFinance = await newOperator(server, ['finance']);
  support = await newOperator(server, ['support']);
  auditor = await newOperator(server, ['auditor']);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

// Rules are the desk's, shared by every test here: each test starts from the seeded ones.
afterEach(async () => {
  for (const rule of await rulesList()) {
    const seeded = seededRules[rule.rule];
    if (rule.enabled !== seeded.enabled || rule.threshold !== seeded.threshold) {
      await setRule(rule.rule, seeded.enabled, seeded.threshold);
    }
  }
});

/** A moment later, so what is written next sorts after what was written before. */
const tick = () => clock.advance(1_000);

type ReadyPlayer = TestPlayer & { cardId: number; cardNumber: string };

const accountOf = (player: TestPlayer) => ({ userId: player.userId, account: player.account, email: player.email });

async function setPayPassword(player: TestPlayer) {
  const response = await server.call(
    '/v2/app/auth/password/update/payment',
    { newPayPassword: payPassword, password: 'Maple leaf 2026!' },
    { token: player.token },
  );
  expect(response.body).toMatchObject({ code: 200 });
}

/** Profile, card, pay password, approved KYC and a deposit of `coins`: a player ready to withdraw to a bank. */
async function readyPlayer(coins = 20_000, cardNumber = freshAccountNumber()): Promise<ReadyPlayer> {
  const player = await newPlayer(server, smtp);
  await completeProfile(server, player);
  const card = await bindCard(server, player, { cardNumber });
  await setPayPassword(player);
  await verifiedIdentity(server, player, admin);
  if (coins > 0) await fundPlayer(server, player, coins);
  return { ...player, cardId: card.id, cardNumber };
}

async function withdraw(player: ReadyPlayer, amount: number): Promise<Withdrawal> {
  const response = await server.call<Withdrawal>(
    '/v2/app/draw/withdraw',
    { amount, bankCardId: player.cardId, payPassword },
    withKey(player.token),
  );
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ code: 200 });
  return response.body.data as Withdrawal;
}

const usdtTron = { coin: 'USDT', network: 'TRC20' };
/** An outside TRON address no one has used yet. */
const freshTronAddress = () => tronAddressOfBytes(randomBytes(20));

/** A player with pay password, approved KYC and 200 USDT deposited on TRON (30,000 coins), credited. */
async function cryptoPlayer(): Promise<TestPlayer> {
  const player = await newPlayer(server, smtp);
  await completeProfile(server, player);
  await setPayPassword(player);
  await verifiedIdentity(server, player, admin);
  const deposit = await server.call<{ address: string }>('/v2/cpp/coins/deposit/address', usdtTron, {
    token: player.token,
  });
  await sendOnChain(server, { ...usdtTron, address: deposit.body.data?.address as string, amount: '200000000' });
  await mineBlocks(server, usdtTron.network, 20);
  await expect
    .poll(async () => (await balanceOf(server.db, player.userId, 'COIN')).available, { timeout: 15_000 })
    .toBe(30_000n);
  return player;
}

async function cryptoWithdraw(player: TestPlayer, address: string): Promise<Withdrawal> {
  const response = await server.call<Withdrawal>(
    '/v2/cpp/coins/withdraw',
    { ...usdtTron, address, amount: '20000000', payPassword },
    withKey(player.token),
  );
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ code: 200 });
  return response.body.data as Withdrawal;
}

/** Rounds as the game hall reports them (no player call writes them): `bet` coins staked now. */
async function played(player: TestPlayer, bet: number) {
  await server.db.insert(gameRecords).values({
    userId: player.userId,
    gameName: 'Lucky 7',
    machineId: 'M-001',
    betAmount: bet,
    winAmount: 0,
    playedAt: clock.now(),
  });
}

/** Arranges where the players' sign-ins so far came from (every test player signs in from 127.0.0.1). */
async function signInsOf(players: TestPlayer[], values: { clientAddress?: string; deviceId?: string; at?: Date }) {
  await server.db
    .update(signIns)
    .set(values)
    .where(
      inArray(
        signIns.userId,
        players.map((player) => player.userId),
      ),
    );
}

let addressCount = 0;
/** A documentation address (RFC 5737) no other sign-in here comes from. */
const uniqueAddress = () => {
  addressCount += 1;
  return `203.0.113.${addressCount}`;
};

async function risk(orderSn: string, token = finance.token): Promise<WithdrawalRisk> {
  const response = await server.call<WithdrawalRisk>('/v2/admin/withdrawal/risk', { orderSn }, { token });
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ code: 200 });
  return response.body.data as WithdrawalRisk;
}

const flagOf = (judged: WithdrawalRisk, rule: PayoutFlagRule): PayoutFlag | undefined =>
  judged.flags.find((flag) => flag.rule === rule);

async function rulesList(token = admin.token): Promise<PayoutRule[]> {
  const response = await server.call<PayoutRule[]>('/v2/admin/withdrawal/rules', {}, { token });
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ code: 200 });
  return response.body.data as PayoutRule[];
}

const updateRule = (body: Record<string, unknown>, token = admin.token) =>
  server.call('/v2/admin/withdrawal/rules/update', { reason: 'Tuning the desk', ...body }, { token });

async function setRule(rule: PayoutRuleKey, enabled: boolean, threshold: number) {
  const response = await updateRule({ rule, enabled, threshold });
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ code: 200 });
}

const approve = (orderSn: string, operator: TestPlayer, lang = 'en-US') =>
  server.call<{ outcome: string }>('/v2/admin/withdrawal/approve', { orderSn }, { token: operator.token, lang });

/** An approval the desk's dialog offered as the first of two. */
const approveAsFirst = (orderSn: string, operator: TestPlayer) =>
  server.call<{ outcome: string }>(
    '/v2/admin/withdrawal/approve',
    { orderSn, firstApproval: true },
    { token: operator.token },
  );

const firstApprovalTaken =
  'Another operator gave the first approval meanwhile. Look at the withdrawal again: your approval now starts the payout.';

async function deskItem(player: TestPlayer, orderSn: string): Promise<WithdrawalReviewItem | undefined> {
  const response = await server.call<{ list: WithdrawalReviewItem[] }>(
    '/v2/admin/withdrawal/list',
    { keyword: player.account },
    { token: finance.token },
  );
  return response.body.data?.list.find((item) => item.orderSn === orderSn);
}

async function statusOf(player: TestPlayer, orderSn: string) {
  const response = await server.call<Withdrawal>('/v2/app/draw/get', { orderSn }, { token: player.token });
  return response.body.data?.status;
}

const payoutsOf = (orderSn: string) =>
  server.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.reference, orderSn));

/** Connections of the test database waiting for a lock another transaction holds. */
async function connectionsWaitingForALock(): Promise<number> {
  const [row] = await queryRows<{ waiting: number }>(
    server.db,
    sql`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return row?.waiting ?? 0;
}

async function auditActions(orderSn: string) {
  const rows = await server.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subject, `withdrawal:${orderSn}`))
    .orderBy(asc(auditLog.id));
  return rows.map((row) => [row.action, row.actor]);
}

describe('the flag rules', () => {
  it('sharedBankAccount: names the other account that bound the same bank account, even one unbound since', async () => {
    const earlier = await readyPlayer();
    const unbound = await server.call('/v2/app/user/bank/unbind', { id: earlier.cardId }, { token: earlier.token });
    expect(unbound.body).toMatchObject({ code: 200 });
    const player = await readyPlayer(20_000, earlier.cardNumber);
    const { orderSn } = await withdraw(player, 10_000);
    expect(flagOf(await risk(orderSn), 'sharedBankAccount')).toEqual({
      rule: 'sharedBankAccount',
      threshold: 1,
      observed: 1,
      accounts: [accountOf(earlier)],
    });
    expect((await deskItem(player, orderSn))?.flags).toContain('sharedBankAccount');

    const alone = await readyPlayer();
    const own = await withdraw(alone, 10_000);
    expect(flagOf(await risk(own.orderSn), 'sharedBankAccount')).toBeUndefined();
    expect((await deskItem(alone, own.orderSn))?.flags).not.toContain('sharedBankAccount');
  });

  it('sharedCryptoAddress: names the other account that withdrew to the same address; no card flag on crypto', async () => {
    const target = freshTronAddress();
    const earlier = await cryptoPlayer();
    const player = await cryptoPlayer();
    await cryptoWithdraw(earlier, target);
    tick();
    const { orderSn } = await cryptoWithdraw(player, target);
    const judged = await risk(orderSn);
    expect(flagOf(judged, 'sharedCryptoAddress')).toEqual({
      rule: 'sharedCryptoAddress',
      threshold: 1,
      observed: 1,
      accounts: [accountOf(earlier)],
    });
    expect(flagOf(judged, 'sharedBankAccount')).toBeUndefined();
    expect(flagOf(judged, 'newBankCard')).toBeUndefined();

    const alone = await cryptoWithdraw(await cryptoPlayer(), freshTronAddress());
    expect(flagOf(await risk(alone.orderSn), 'sharedCryptoAddress')).toBeUndefined();
  });

  it('sharedClientAddress: names the other account seen at the player’s address within 90 days, not before', async () => {
    const player = await readyPlayer();
    const sharer = await readyPlayer(0);
    const longAgo = await readyPlayer(0);
    const address = uniqueAddress();
    await signInsOf([player, sharer], { clientAddress: address });
    await signInsOf([longAgo], { clientAddress: address, at: new Date(clock.now().getTime() - 91 * day) });
    const judged = await risk((await withdraw(player, 10_000)).orderSn);
    expect(flagOf(judged, 'sharedClientAddress')).toEqual({
      rule: 'sharedClientAddress',
      threshold: 1,
      observed: 1,
      accounts: [accountOf(sharer)],
    });
    expect(judged.signIns).toMatchObject([{ clientAddress: address, otherAccountsAtAddress: 1 }]);

    const alone = await readyPlayer();
    await signInsOf([alone], { clientAddress: uniqueAddress() });
    const aloneJudged = await risk((await withdraw(alone, 10_000)).orderSn);
    expect(flagOf(aloneJudged, 'sharedClientAddress')).toBeUndefined();
    expect(aloneJudged.signIns).toMatchObject([{ otherAccountsAtAddress: 0 }]);
  });

  it('sharedDevice: names the other account seen on the player’s device; an empty device (an app’s) matches none', async () => {
    const player = await readyPlayer();
    const sharer = await readyPlayer(0);
    await signInsOf([player, sharer], { deviceId: randomBytes(32).toString('hex') });
    const judged = await risk((await withdraw(player, 10_000)).orderSn);
    expect(flagOf(judged, 'sharedDevice')).toEqual({
      rule: 'sharedDevice',
      threshold: 1,
      observed: 1,
      accounts: [accountOf(sharer)],
    });
    expect(judged.signIns).toMatchObject([{ otherAccountsOnDevice: 1 }]);

    const app = await readyPlayer();
    const otherApp = await readyPlayer(0);
    await signInsOf([app, otherApp], { deviceId: '' });
    const appJudged = await risk((await withdraw(app, 10_000)).orderSn);
    expect(flagOf(appJudged, 'sharedDevice')).toBeUndefined();
    expect(appJudged.signIns).toMatchObject([{ otherAccountsOnDevice: 0 }]);
  });

  it('littlePlay: raised while the turnover is under 100% of the deposits since, observed as that percent', async () => {
    const idle = await readyPlayer(20_000);
    tick();
    expect(flagOf(await risk((await withdraw(idle, 10_000)).orderSn), 'littlePlay')).toEqual({
      rule: 'littlePlay',
      threshold: 100,
      observed: 0,
      accounts: [],
    });

    const some = await readyPlayer(20_000);
    tick();
    await played(some, 5_000);
    tick();
    expect(flagOf(await risk((await withdraw(some, 10_000)).orderSn), 'littlePlay')).toMatchObject({ observed: 25 });

    const enough = await readyPlayer(20_000);
    tick();
    await played(enough, 20_000);
    tick();
    expect(flagOf(await risk((await withdraw(enough, 10_000)).orderSn), 'littlePlay')).toBeUndefined();
  });

  it('unusualAmount: raised over 300% of the average paid withdrawal, and only once some are paid', async () => {
    const player = await readyPlayer(100_000);
    for (const amount of [2_000, 4_000]) {
      tick();
      const { orderSn } = await withdraw(player, amount);
      expect(flagOf(await risk(orderSn), 'unusualAmount')).toBeUndefined();
      expect((await approve(orderSn, finance)).body).toMatchObject({ code: 200, data: { outcome: 'payoutStarted' } });
      expect(await statusOf(player, orderSn)).toBe('withdrawalSuccessful');
    }
    tick();
    const threeTimes = await risk((await withdraw(player, 9_000)).orderSn);
    expect(threeTimes.paidWithdrawals).toEqual({ count: 2, averageAmount: 3_000 });
    expect(flagOf(threeTimes, 'unusualAmount')).toBeUndefined();
    tick();
    const fourTimes = await risk((await withdraw(player, 12_000)).orderSn);
    expect(flagOf(fourTimes, 'unusualAmount')).toEqual({
      rule: 'unusualAmount',
      threshold: 300,
      observed: 400,
      accounts: [],
    });
  });

  it('newBankCard: raised for a card bound just now, observed in whole hours, and no longer at 72 hours', async () => {
    let player = await readyPlayer(50_000);
    const { orderSn } = await withdraw(player, 5_000);
    expect(flagOf(await risk(orderSn), 'newBankCard')).toEqual({
      rule: 'newBankCard',
      threshold: 72,
      observed: 0,
      accounts: [],
    });
    expect((await deskItem(player, orderSn))?.flags).toContain('newBankCard');

    clock.advance(71 * hour + 59 * 60 * 1000);
    player = { ...player, ...(await signInAgain(server, player)) };
    await signInAgainAtTheDesk();
    expect(flagOf(await risk((await withdraw(player, 5_000)).orderSn), 'newBankCard')).toMatchObject({ observed: 71 });

    clock.advance(60 * 1000);
    expect(flagOf(await risk((await withdraw(player, 5_000)).orderSn), 'newBankCard')).toBeUndefined();
  });
});

/** After the clock has moved hours on, the desk signs in again. */
async function signInAgainAtTheDesk() {
  admin = await signInAgain(server, admin, 'operator');
  finance = await signInAgain(server, finance, 'operator');
  otherFinance = await signInAgain(server, otherFinance, 'operator');
  support = await signInAgain(server, support, 'operator');
  auditor = await signInAgain(server, auditor, 'operator');
}

describe('switching rules and thresholds', () => {
  it('a disabled rule raises nothing, on the risk or the desk list, and raises again once enabled', async () => {
    const player = await readyPlayer();
    const { orderSn } = await withdraw(player, 10_000);
    expect(flagOf(await risk(orderSn), 'littlePlay')).toBeDefined();

    await setRule('littlePlay', false, 100);
    expect(flagOf(await risk(orderSn), 'littlePlay')).toBeUndefined();
    expect((await deskItem(player, orderSn))?.flags).not.toContain('littlePlay');

    await setRule('littlePlay', true, 100);
    expect(flagOf(await risk(orderSn), 'littlePlay')).toBeDefined();
    expect((await deskItem(player, orderSn))?.flags).toContain('littlePlay');
  });

  it('a changed threshold changes the outcome, and the flag reports the threshold it was judged by', async () => {
    const player = await readyPlayer(20_000);
    tick();
    await played(player, 5_000);
    tick();
    const { orderSn } = await withdraw(player, 10_000);
    expect(flagOf(await risk(orderSn), 'littlePlay')).toMatchObject({ threshold: 100, observed: 25 });
    await setRule('littlePlay', true, 25);
    expect(flagOf(await risk(orderSn), 'littlePlay')).toBeUndefined();
    await setRule('littlePlay', true, 26);
    expect(flagOf(await risk(orderSn), 'littlePlay')).toMatchObject({ threshold: 26, observed: 25 });

    const sharing = await readyPlayer();
    const others = [await readyPlayer(0), await readyPlayer(0)];
    await signInsOf([sharing, ...others], { clientAddress: uniqueAddress() });
    const shared = await withdraw(sharing, 10_000);
    await setRule('sharedClientAddress', true, 3);
    expect(flagOf(await risk(shared.orderSn), 'sharedClientAddress')).toBeUndefined();
    await setRule('sharedClientAddress', true, 2);
    expect(flagOf(await risk(shared.orderSn), 'sharedClientAddress')).toEqual({
      rule: 'sharedClientAddress',
      threshold: 2,
      observed: 2,
      accounts: others.map(accountOf),
    });
  });
});

describe('/v2/admin/withdrawal/rules and /v2/admin/withdrawal/rules/update', () => {
  it('lists all eight rules in order with their seeded settings, to finance and auditors but not support', async () => {
    const list = await rulesList(finance.token);
    expect(list.map(({ rule, enabled, threshold }) => ({ rule, enabled, threshold }))).toEqual([
      { rule: 'sharedBankAccount', enabled: true, threshold: 1 },
      { rule: 'sharedCryptoAddress', enabled: true, threshold: 1 },
      { rule: 'sharedClientAddress', enabled: true, threshold: 1 },
      { rule: 'sharedDevice', enabled: true, threshold: 1 },
      { rule: 'littlePlay', enabled: true, threshold: 100 },
      { rule: 'unusualAmount', enabled: true, threshold: 300 },
      { rule: 'newBankCard', enabled: true, threshold: 72 },
      { rule: 'fourEyes', enabled: true, threshold: 100_000 },
    ]);
    expect(await rulesList(auditor.token)).toEqual(list);
    const player = await newPlayer(server, smtp);
    for (const token of [support.token, player.token]) {
      refusal(await server.call('/v2/admin/withdrawal/rules', {}, { token }), 403, 'You are not allowed to do this');
    }
  });

  it('changes a rule for an administrator only, audited with the reason and the setting before and after', async () => {
    const before = await rulesList();
    for (const operator of [finance, support, auditor]) {
      refusal(
        await updateRule({ rule: 'littlePlay', enabled: false, threshold: 50 }, operator.token),
        403,
        'You are not allowed to do this',
      );
    }
    expect(await rulesList()).toEqual(before);

    const changed = await updateRule({ rule: 'littlePlay', enabled: false, threshold: 50, reason: 'Campaign week' });
    expect(changed.body).toMatchObject({ code: 200 });
    expect((await rulesList()).find((rule) => rule.rule === 'littlePlay')).toEqual({
      rule: 'littlePlay',
      enabled: false,
      threshold: 50,
      updatedAt: clock.now().toISOString(),
      updatedBy: { userId: admin.userId, account: admin.account },
    });
    const audit = await server.call<{ list: AuditEntry[] }>(
      '/v2/admin/audit/list',
      { action: 'payoutRule.update', subjectType: 'payoutRule', subjectId: 'littlePlay' },
      { token: auditor.token },
    );
    expect(audit.body.data?.list[0]).toMatchObject({
      actor: { userId: admin.userId, account: admin.account },
      action: 'payoutRule.update',
      subjectType: 'payoutRule',
      subjectId: 'littlePlay',
      reason: 'Campaign week (on 100 → off 50)',
    });
  });

  it('refuses a threshold of 0, a negative one, a fraction or text, and an unknown rule, with 400, changing nothing', async () => {
    const before = await rulesList();
    const auditedBefore = await server.db.select().from(auditLog).where(eq(auditLog.action, 'payoutRule.update'));
    for (const threshold of [0, -5, 1.5, '10', 1_000_000_000_001]) {
      const refused = await updateRule({ rule: 'unusualAmount', enabled: true, threshold });
      expect(refused.status, JSON.stringify(threshold)).toBe(400);
      expect(refused.body.fields?.threshold, JSON.stringify(threshold)).toEqual(expect.any(String));
    }
    const unknown = await updateRule({ rule: 'everything', enabled: true, threshold: 5 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields?.rule).toEqual(expect.any(String));
    expect(await rulesList()).toEqual(before);
    const auditedAfter = await server.db.select().from(auditLog).where(eq(auditLog.action, 'payoutRule.update'));
    expect(auditedAfter).toHaveLength(auditedBefore.length);
  });
});

describe('/v2/admin/withdrawal/risk: the context beside a payout', () => {
  it('counts deposits and turnover since the previous withdrawal only, a cancelled one not counting as previous', async () => {
    const player = await readyPlayer(20_000);
    tick();
    await played(player, 3_000);
    tick();
    const first = await withdraw(player, 5_000);
    tick();
    await fundPlayer(server, player, 7_000);
    tick();
    await played(player, 1_000);
    tick();
    const second = await withdraw(player, 5_000);

    expect(await risk(first.orderSn)).toMatchObject({
      orderSn: first.orderSn,
      since: null,
      depositsSince: 20_000,
      turnoverSince: 3_000,
    });
    expect(await risk(second.orderSn)).toMatchObject({
      since: first.createdAt,
      depositsSince: 7_000,
      turnoverSince: 1_000,
    });

    const cancelled = await server.call('/v2/app/draw/cancel', { orderSn: second.orderSn }, { token: player.token });
    expect(cancelled.body).toMatchObject({ code: 200 });
    tick();
    await fundPlayer(server, player, 1_000);
    tick();
    const third = await withdraw(player, 5_000);
    expect(await risk(third.orderSn)).toMatchObject({
      since: first.createdAt,
      depositsSince: 8_000,
      turnoverSince: 1_000,
    });
  });

  it('shows identity, registration, paid withdrawals, approvals and the recent sign-ins newest first', async () => {
    const registeredAt = clock.now().toISOString();
    const player = await readyPlayer(20_000);
    const firstAddress = uniqueAddress();
    await signInsOf([player], { clientAddress: firstAddress });
    tick();
    const later = await signInAgain(server, player);
    const signedInAgainAt = clock.now().toISOString();
    tick();
    const { orderSn } = await withdraw({ ...player, token: later.token }, 10_000);
    const judged = await risk(orderSn, auditor.token);
    expect(judged).toMatchObject({
      orderSn,
      kycStatus: 'approved',
      registeredAt,
      paidWithdrawals: { count: 0, averageAmount: 0 },
      approval: { required: 1, first: null },
    });
    expect(judged.signIns).toEqual([
      {
        at: signedInAgainAt,
        clientAddress: '127.0.0.1',
        userAgent: 'vitest',
        otherAccountsAtAddress: expect.any(Number),
        otherAccountsOnDevice: 0,
      },
      {
        at: registeredAt,
        clientAddress: firstAddress,
        userAgent: 'vitest',
        otherAccountsAtAddress: 0,
        otherAccountsOnDevice: 0,
      },
    ]);
  });

  it('answers 404 for an unknown withdrawal, and is closed to support and to players', async () => {
    const player = await readyPlayer();
    const { orderSn } = await withdraw(player, 10_000);
    refusal(
      await server.call('/v2/admin/withdrawal/risk', { orderSn: 'W20990101NOTHERE00' }, { token: finance.token }),
      404,
      'The withdrawal was not found.',
    );
    for (const token of [support.token, player.token]) {
      refusal(
        await server.call('/v2/admin/withdrawal/risk', { orderSn }, { token }),
        403,
        'You are not allowed to do this',
      );
    }
  });
});

describe('four eyes: two approvals at or over the threshold', () => {
  it('below the threshold one approval pays', async () => {
    const player = await readyPlayer(150_000);
    const { orderSn } = await withdraw(player, 99_999);
    expect((await risk(orderSn)).approval).toEqual({ required: 1, first: null });
    expect((await approve(orderSn, finance)).body).toMatchObject({ code: 200, data: { outcome: 'payoutStarted' } });
    expect(await statusOf(player, orderSn)).toBe('withdrawalSuccessful');
    expect(await payoutsOf(orderSn)).toHaveLength(1);
  });

  it('at the threshold the first approval is recorded and the request stays in review; the same operator cannot give the second', async () => {
    const player = await readyPlayer(150_000);
    const { orderSn } = await withdraw(player, 100_000);
    expect((await deskItem(player, orderSn))?.approval).toEqual({ required: 2, first: null });

    const first = await approve(orderSn, finance);
    expect(first.body).toMatchObject({ code: 200, data: { outcome: 'firstApprovalRecorded' } });
    const approval = {
      required: 2,
      first: { userId: finance.userId, account: finance.account, at: clock.now().toISOString() },
    };
    expect(await deskItem(player, orderSn)).toMatchObject({ status: 'withdrawalReview', approval });
    expect((await risk(orderSn)).approval).toEqual(approval);
    expect(await statusOf(player, orderSn)).toBe('withdrawalReview');
    expect(await auditActions(orderSn)).toEqual([
      ['withdrawal.request', `user:${player.userId}`],
      ['withdrawal.firstApprove', `user:${finance.userId}`],
    ]);

    for (const lang of ['en-US', 'ja-JP']) {
      const again = await approve(orderSn, finance, lang);
      expect(again.status, JSON.stringify(again.body)).toBe(403);
      expect(again.body.code).toBe(403);
      // A sentence in the operator's language, not the message key.
      expect(again.body.msg).not.toMatch(/secondApproverNeeded/);
    }
    expect(await statusOf(player, orderSn)).toBe('withdrawalReview');
    expect(await balanceOf(server.db, player.userId, 'COIN')).toEqual({
      balance: 150_000n,
      held: 100_000n,
      available: 50_000n,
    });
    expect(await payoutsOf(orderSn)).toHaveLength(0);
  });

  it('a second operator completes it: the payout starts and the money moves exactly once', async () => {
    const player = await readyPlayer(150_000);
    const { orderSn } = await withdraw(player, 100_000);
    const inFlight = async () =>
      (await findAccount(server.db, houseAccount('withdrawalsInFlight', 'COIN')))?.balance ?? 0n;
    const inFlightBefore = await inFlight();

    expect((await approve(orderSn, finance)).body.data).toEqual({ outcome: 'firstApprovalRecorded' });
    const second = await approve(orderSn, otherFinance);
    expect(second.body).toMatchObject({ code: 200, data: { outcome: 'payoutStarted' } });
    expect(await statusOf(player, orderSn)).toBe('withdrawalSuccessful');
    for (const operator of [finance, otherFinance]) {
      refusal(await approve(orderSn, operator), 409, 'This withdrawal has already been reviewed.');
    }

    expect(await balanceOf(server.db, player.userId, 'COIN')).toEqual({
      balance: 50_000n,
      held: 0n,
      available: 50_000n,
    });
    expect((await inFlight()) - inFlightBefore).toBe(100_000n);
    expect(await payoutsOf(orderSn)).toMatchObject([{ amount: 100_000, status: 'paid' }]);
    const movements = await server.call<{ list: BalanceMovement[] }>(
      '/v2/app/record/balance/query',
      { kind: 'withdrawal' },
      { token: player.token },
    );
    expect(movements.body.data?.list).toMatchObject([{ kind: 'withdrawal', amount: -100_000, balanceAfter: 50_000 }]);
    expect(await auditActions(orderSn)).toEqual([
      ['withdrawal.request', `user:${player.userId}`],
      ['withdrawal.firstApprove', `user:${finance.userId}`],
      ['withdrawal.approve', `user:${otherFinance.userId}`],
      ['withdrawal.paid', 'system'],
    ]);
    expect(await ledgerViolations(server.db)).toEqual([]);
  });

  it('two operators approving at once record one first approval: one 200, one 409, nothing paid', async (context) => {
    if (server.databaseKind !== 'postgres') context.skip();
    const player = await readyPlayer(150_000);
    const { orderSn } = await withdraw(player, 100_000);
    // "At once": both approvals read the request before either writes. Another connection holds the
    // row until both are waiting to write it, then lets go.
    const other = await server.anotherDatabase();
    let held = () => {};
    let release = () => {};
    const isHeld = new Promise<void>((resolve) => {
      held = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holder = other.db.transaction(async (tx) => {
      await tx.select().from(withdrawals).where(eq(withdrawals.orderSn, orderSn)).for('update');
      held();
      await released;
    });
    let answers: Awaited<ReturnType<typeof approve>>[] = [];
    try {
      await Promise.race([isHeld, holder]);
      const approving = Promise.all([approveAsFirst(orderSn, finance), approveAsFirst(orderSn, otherFinance)]);
      await expect.poll(connectionsWaitingForALock, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      release();
      answers = await approving;
    } finally {
      release();
      await holder;
      await other.close();
    }
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 200)?.body.data).toEqual({ outcome: 'firstApprovalRecorded' });
    refusal(answers.find((answer) => answer.status === 409) as CallResult, 409, firstApprovalTaken);
    const winner = answers[0]?.status === 200 ? finance : otherFinance;
    const [row] = await server.db.select().from(withdrawals).where(eq(withdrawals.orderSn, orderSn));
    expect(row).toMatchObject({ status: 'withdrawalReview', firstApprovedBy: winner.userId });
    expect(await auditActions(orderSn)).toEqual([
      ['withdrawal.request', `user:${player.userId}`],
      ['withdrawal.firstApprove', `user:${winner.userId}`],
    ]);
    expect(await payoutsOf(orderSn)).toHaveLength(0);
    expect((await balanceOf(server.db, player.userId, 'COIN')).held).toBe(100_000n);
  });

  it('an approval meant as the first that finds one given is refused; given again as the second, it pays', async () => {
    const player = await readyPlayer(150_000);
    const { orderSn } = await withdraw(player, 100_000);
    expect((await approveAsFirst(orderSn, finance)).body.data).toEqual({ outcome: 'firstApprovalRecorded' });
    refusal(await approveAsFirst(orderSn, otherFinance), 409, firstApprovalTaken);
    expect(await statusOf(player, orderSn)).toBe('withdrawalReview');
    expect(await payoutsOf(orderSn)).toHaveLength(0);
    expect((await approve(orderSn, otherFinance)).body.data).toEqual({ outcome: 'payoutStarted' });
    expect(await payoutsOf(orderSn)).toHaveLength(1);
  });

  it('a request with a first approval can still be rejected, and the coins come back', async () => {
    const player = await readyPlayer(150_000);
    const { orderSn } = await withdraw(player, 100_000);
    expect((await approve(orderSn, finance)).body.data).toEqual({ outcome: 'firstApprovalRecorded' });
    const rejected = await server.call(
      '/v2/admin/withdrawal/reject',
      { orderSn, reason: 'Source of funds unclear' },
      { token: otherFinance.token },
    );
    expect(rejected.body).toMatchObject({ code: 200 });
    expect(await statusOf(player, orderSn)).toBe('withdrawalFailed');
    expect(await balanceOf(server.db, player.userId, 'COIN')).toEqual({
      balance: 150_000n,
      held: 0n,
      available: 150_000n,
    });
    refusal(await approve(orderSn, otherFinance), 409, 'This withdrawal has already been reviewed.');
    expect(await payoutsOf(orderSn)).toHaveLength(0);
  });

  it('follows the threshold set on the desk: lowered, a small payout takes two; switched off, one', async () => {
    await setRule('fourEyes', true, 5_000);
    const player = await readyPlayer(20_000);
    const small = await withdraw(player, 5_000);
    expect((await approve(small.orderSn, finance)).body.data).toEqual({ outcome: 'firstApprovalRecorded' });
    expect((await approve(small.orderSn, otherFinance)).body.data).toEqual({ outcome: 'payoutStarted' });
    expect(await statusOf(player, small.orderSn)).toBe('withdrawalSuccessful');

    await setRule('fourEyes', false, 5_000);
    const unguarded = await withdraw(player, 5_000);
    expect((await risk(unguarded.orderSn)).approval).toEqual({ required: 1, first: null });
    expect((await approve(unguarded.orderSn, finance)).body.data).toEqual({ outcome: 'payoutStarted' });
    expect(await statusOf(player, unguarded.orderSn)).toBe('withdrawalSuccessful');
  });
});
