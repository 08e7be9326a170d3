import type {
  TeamDeposit,
  TeamMember,
  TeamMemberReport,
  TeamReportType,
  TeamStatistics,
  TeamWithdrawal,
} from '@contract/agent';
import type { DepositOrder, PaymentInstructions } from '@contract/deposit';
import type { Withdrawal } from '@contract/withdrawal';
import { agentTerms } from '@server/db/schema/agent';
import { users } from '@server/db/schema/auth';
import { gameRecords } from '@server/db/schema/record';
import { houseAccount, playerAccount } from '@server/modules/ledger/accounts';
import { transfer } from '@server/modules/ledger/service';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts, registerThroughMail } from '../support/accounts';
import { ledgerViolations } from '../support/ledger-invariants';
import {
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
import { createTestClock, createTestServer, type TestServer } from './harness';

/**
 * One agent's team over two days (Japanese calendar days, as record searches count them):
 * day 1 a member signs up with the agent's code, deposits 10,000 by bank transfer and withdraws
 * 3,000; day 2 the agent creates a second member, hands it 5,000 and takes 1,000 back, the second
 * member plays three rounds and the first gets a 200 coin gift. An outsider with money and rounds
 * of their own must never show up in the agent's figures.
 */
const dayOne = '2026-03-10';
const dayTwo = '2026-03-11';
// Late on day one and early on day two, so the sessions opened on day one are still live.
const clock = createTestClock(new Date(`${dayOne}T21:00:00+09:00`));

let smtp: SmtpTestServer;
let server: TestServer;
let operator: TestPlayer;
let agent: TestPlayer;
let invited: TestPlayer & { cardId: number };
let created: TestPlayer;
let outsider: TestPlayer;
let depositSn: string;
let withdrawalSn: string;

const call = <T>(path: string, body: Record<string, unknown> = {}, who: TestPlayer = agent) =>
  server.call<T>(path, body, { token: who.token });

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: manyPlayersLimits,
    clock,
  });
  operator = await newOperator(server);
  agent = await newPlayer(server, smtp, 'teamagent');
  const applied = await call<{ id: number }>('/v2/app/agent/apply', {}, agent);
  expect(
    (
      await server.call(
        '/v2/admin/agent/application/approve',
        { applicationId: applied.body.data?.id },
        { token: operator.token },
      )
    ).body,
  ).toMatchObject({ code: 200 });
  await fundPlayer(server, agent, 100_000);
  const code = (await call<{ agentCode: string }>('/v2/app/agent/code')).body.data?.agentCode as string;

  // Day one: a member signs up with the code, deposits by bank transfer and withdraws.
  const account = `invited${Date.now().toString(36)}`;
  const token = await registerThroughMail(server, smtp, {
    account,
    email: `${account}@example.test`,
    password: 'Maple leaf 2026!',
    agentCode: code,
  });
  const invitedId = (await call<{ list: TeamMember[] }>('/v2/app/agent/sub/member/page')).body.data?.list[0]
    ?.userId as number;
  const invitedPlayer = { token, userId: invitedId, account, email: `${account}@example.test` };
  await completeProfile(server, invitedPlayer);
  invited = { ...invitedPlayer, cardId: (await bindCard(server, invitedPlayer)).id };
  const payPassword = await server.call(
    '/v2/app/auth/password/update/payment',
    { newPayPassword: '246810', password: 'Maple leaf 2026!' },
    { token },
  );
  expect(payPassword.body).toMatchObject({ code: 200 });
  await verifiedIdentity(server, invited, operator);
  const order = await server.call<{ order: DepositOrder; instructions: PaymentInstructions }>(
    '/v2/app/pay/order',
    { channelId: 'bank-transfer', amount: 10_000, bankCardId: invited.cardId },
    withKey(token),
  );
  depositSn = order.body.data?.order.orderSn as string;
  expect(
    (
      await server.call(
        '/v2/admin/deposit/manual/confirm',
        { orderSn: depositSn, receivedAmount: 10_000 },
        { token: operator.token },
      )
    ).body,
  ).toMatchObject({ code: 200 });
  const withdrawal = await server.call<Withdrawal>(
    '/v2/app/draw/withdraw',
    { amount: 3_000, bankCardId: invited.cardId, payPassword: '246810' },
    withKey(token),
  );
  withdrawalSn = withdrawal.body.data?.orderSn as string;
  expect(
    (await server.call('/v2/admin/withdrawal/approve', { orderSn: withdrawalSn }, { token: operator.token })).body,
  ).toMatchObject({ code: 200 });

  // The outsider: money and rounds of their own, no agent.
  outsider = await newPlayer(server, smtp, 'outsider');
  await fundPlayer(server, outsider, 9_999);

  // Day two: a member created by the agent, coins both ways, rounds and a gift.
  clock.set(new Date(`${dayTwo}T00:30:00+09:00`));
  const made = await call<{ userId: number; account: string }>('/v2/app/agent/sub/member/create', {
    account: `made${Date.now().toString(36)}`,
    password: 'Cedar grove 2026!',
  });
  created = {
    token: '',
    userId: made.body.data?.userId as number,
    account: made.body.data?.account as string,
    email: '',
  };
  expect(
    (
      await server.call(
        '/v2/app/agent/type/member/transfer',
        { memberUserId: created.userId, amount: 5_000 },
        withKey(agent.token),
      )
    ).body,
  ).toMatchObject({ code: 200 });
  expect(
    (
      await server.call(
        '/v2/app/agent/type/member/transfer/decrease',
        { memberUserId: created.userId, amount: 1_000 },
        withKey(agent.token),
      )
    ).body,
  ).toMatchObject({ code: 200 });
  const playedAt = new Date(`${dayTwo}T01:00:00+09:00`);
  await server.db.insert(gameRecords).values([
    { userId: created.userId, gameName: 'Lucky 7', machineId: 'M-001', betAmount: 100, winAmount: 0, playedAt },
    { userId: created.userId, gameName: 'Lucky 7', machineId: 'M-001', betAmount: 200, winAmount: 700, playedAt },
    { userId: created.userId, gameName: 'Dragon Gate', machineId: 'M-042', betAmount: 300, winAmount: 50, playedAt },
    { userId: outsider.userId, gameName: 'Lucky 7', machineId: 'M-002', betAmount: 999, winAmount: 999, playedAt },
  ]);
  await transfer(server.db, clock, {
    from: houseAccount('promotions', 'COIN'),
    to: playerAccount(invited.userId, 'COIN'),
    amount: 200n,
    currency: 'COIN',
    idempotencyKey: 'team-report-gift',
    kind: 'promotion',
    actor: 'system',
    reason: 'spring campaign',
  });
}, 120_000);
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const bothDays = { from: dayOne, to: dayTwo };

describe('/v2/app/agent/sub/member/page', () => {
  it('lists the direct members newest first with balances and deposits and withdrawals so far', async () => {
    const page = await call<{ list: TeamMember[]; total: number }>('/v2/app/agent/sub/member/page');
    expect(page.body.data).toMatchObject({
      total: 2,
      list: [
        {
          userId: created.userId,
          account: created.account,
          isAgent: false,
          balance: 4_000,
          rechargeAmount: 0,
          withdrawalAmount: 0,
          lastLoginAt: null,
        },
        {
          userId: invited.userId,
          account: invited.account,
          balance: 7_200,
          rechargeAmount: 10_000,
          withdrawalAmount: 3_000,
        },
      ],
    });
    expect(page.body.data?.list[1]?.lastLoginAt).toEqual(expect.any(String));
  });

  it('pages, searches by account and filters by registration day', async () => {
    expect(
      (await call<{ list: TeamMember[]; total: number }>('/v2/app/agent/sub/member/page', { pageSize: 1, pageNum: 2 }))
        .body.data,
    ).toMatchObject({
      total: 2,
      list: [{ userId: invited.userId }],
    });
    const search = created.account.slice(2, 8).toUpperCase();
    expect(
      (await call<{ list: TeamMember[] }>('/v2/app/agent/sub/member/page', { account: search })).body.data?.list.map(
        (m) => m.userId,
      ),
    ).toEqual([created.userId]);
    expect(
      (
        await call<{ list: TeamMember[] }>('/v2/app/agent/sub/member/page', { period: { from: dayOne, to: dayOne } })
      ).body.data?.list.map((m) => m.userId),
    ).toEqual([invited.userId]);
    expect(
      (await call<{ total: number }>('/v2/app/agent/sub/member/page', { account: outsider.account })).body.data?.total,
    ).toBe(0);
    const tooLong = await call('/v2/app/agent/sub/member/page', { period: { from: '2026-01-01', to: '2026-06-30' } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields).toHaveProperty('period.to');
  });
});

describe('/v2/app/agent/sub/member/report/page', () => {
  it('totals each member within the period', async () => {
    const all = await call<{ list: TeamMemberReport[]; total: number }>('/v2/app/agent/sub/member/report/page', {
      period: bothDays,
    });
    expect(all.body.data).toEqual({
      total: 2,
      list: [
        {
          userId: created.userId,
          account: created.account,
          isAgent: false,
          rechargeAmount: 0,
          withdrawalAmount: 0,
          betAmount: 600,
          winAmount: 750,
          profitLoss: 150,
          rebateAmount: 0,
        },
        {
          userId: invited.userId,
          account: invited.account,
          isAgent: false,
          rechargeAmount: 10_000,
          withdrawalAmount: 3_000,
          betAmount: 0,
          winAmount: 0,
          profitLoss: 0,
          rebateAmount: 0,
        },
      ],
    });
    const dayTwoOnly = await call<{ list: TeamMemberReport[] }>('/v2/app/agent/sub/member/report/page', {
      period: { from: dayTwo, to: dayTwo },
    });
    expect(dayTwoOnly.body.data?.list[1]).toMatchObject({
      userId: invited.userId,
      rechargeAmount: 0,
      withdrawalAmount: 0,
    });
  });
});

describe('/v2/app/agent/sub/member/recharge/page and /draw/page', () => {
  it('list the members’ deposits and withdrawals with whose they are', async () => {
    const deposits = await call<{ list: TeamDeposit[]; total: number }>('/v2/app/agent/sub/member/recharge/page');
    expect(deposits.body.data).toMatchObject({
      total: 1,
      totals: {
        completed: { count: 1, amount: 10_000 },
        pending: { count: 0, amount: 0 },
        refunded: { count: 0, amount: 0 },
        failed: { count: 0, amount: 0 },
      },
      list: [
        {
          orderSn: depositSn,
          mode: 'manual',
          status: 'successful',
          amount: 10_000,
          userId: invited.userId,
          account: invited.account,
        },
      ],
    });
    expect(
      (await call<{ total: number }>('/v2/app/agent/sub/member/recharge/page', { status: 'inProgress' })).body.data
        ?.total,
    ).toBe(0);
    expect(
      (
        await call<{ total: number }>('/v2/app/agent/sub/member/recharge/page', {
          period: { from: dayTwo, to: dayTwo },
        })
      ).body.data?.total,
    ).toBe(0);

    const draws = await call<{ list: TeamWithdrawal[]; total: number }>('/v2/app/agent/sub/member/draw/page');
    expect(draws.body.data).toMatchObject({
      total: 1,
      totals: {
        completed: { count: 1, amount: 3_000 },
        pending: { count: 0, amount: 0 },
        failed: { count: 0, amount: 0 },
      },
      list: [{ orderSn: withdrawalSn, amount: 3_000, userId: invited.userId, account: invited.account }],
    });
    const status = draws.body.data?.list[0]?.status;
    expect((await call<{ total: number }>('/v2/app/agent/sub/member/draw/page', { status })).body.data?.total).toBe(1);
    expect(
      (
        await call<{ total: number }>('/v2/app/agent/sub/member/draw/page', {
          status: 'withdrawalFailed',
          account: invited.account,
        })
      ).body.data?.total,
    ).toBe(0);
  });

  it('show nothing of other agents’ teams', async () => {
    const otherAgent = await newPlayer(server, smtp, 'otheragent');
    const applied = await call<{ id: number }>('/v2/app/agent/apply', {}, otherAgent);
    // The clock moved a day on since the set-up's desk session, which has ended: a fresh one.
    operator = await newOperator(server);
    await server.call(
      '/v2/admin/agent/application/approve',
      { applicationId: applied.body.data?.id },
      { token: operator.token },
    );
    for (const path of [
      '/v2/app/agent/sub/member/page',
      '/v2/app/agent/sub/member/report/page',
      '/v2/app/agent/sub/member/recharge/page',
      '/v2/app/agent/sub/member/draw/page',
    ]) {
      expect((await call<{ total: number }>(path, {}, otherAgent)).body.data, path).toMatchObject({
        total: 0,
        list: [],
      });
    }
  });
});

describe('/v2/app/agent/data/statistics', () => {
  it('sums the team for today by default', async () => {
    await server.db.update(agentTerms).set({ rebateBasisPoints: 150 }).where(eq(agentTerms.userId, agent.userId));
    const today = await call<TeamStatistics>('/v2/app/agent/data/statistics');
    expect(today.body.data).toEqual({
      teamName: agent.account,
      path: [],
      teamBalance: 11_200,
      activeUserCount: 1,
      registrationCount: 1,
      rechargeCount: 0,
      betCount: 3,
      rechargeAmount: 0,
      betAmount: 600,
      rebateBasisPoints: 150,
      giftAmount: 200,
      transferAmount: 5_000,
      takenBackAmount: 1_000,
    });
  });

  it('sums the team within a chosen period', async () => {
    const both = await call<TeamStatistics>('/v2/app/agent/data/statistics', { period: bothDays });
    expect(both.body.data).toMatchObject({
      activeUserCount: 2,
      registrationCount: 2,
      rechargeCount: 1,
      rechargeAmount: 10_000,
      betCount: 3,
      giftAmount: 200,
    });
    const before = await call<TeamStatistics>('/v2/app/agent/data/statistics', {
      period: { from: '2026-01-01', to: '2026-01-31' },
    });
    expect(before.body.data).toMatchObject({
      teamBalance: 11_200,
      activeUserCount: 0,
      registrationCount: 0,
      rechargeCount: 0,
      betCount: 0,
      transferAmount: 0,
      takenBackAmount: 0,
    });
  });
});

describe('/v2/app/agent/type/report/statistics', () => {
  const asMap = (rows: { type: TeamReportType; count: number; amount: number }[] | undefined) =>
    Object.fromEntries((rows ?? []).map(({ type, count, amount }) => [type, { count, amount }]));

  it('counts each kind of movement of the whole team', async () => {
    const report = await call<{ type: TeamReportType; count: number; amount: number }[]>(
      '/v2/app/agent/type/report/statistics',
    );
    expect(asMap(report.body.data)).toEqual({
      recharge: { count: 1, amount: 10_000 },
      withdrawal: { count: 1, amount: 3_000 },
      bet: { count: 3, amount: 600 },
      win: { count: 2, amount: 750 },
      rebate: { count: 0, amount: 0 },
      gift: { count: 1, amount: 200 },
      transferIn: { count: 1, amount: 5_000 },
      transferOut: { count: 1, amount: 1_000 },
    });
  });

  it('of one direct member, within a period; another player is refused', async () => {
    const own = await call<{ type: TeamReportType; count: number; amount: number }[]>(
      '/v2/app/agent/type/report/statistics',
      {
        userId: invited.userId,
        period: { from: dayOne, to: dayOne },
      },
    );
    expect(asMap(own.body.data)).toMatchObject({
      recharge: { count: 1, amount: 10_000 },
      withdrawal: { count: 1, amount: 3_000 },
      gift: { count: 0, amount: 0 },
      transferIn: { count: 0, amount: 0 },
    });
    const refused = await call('/v2/app/agent/type/report/statistics', { userId: outsider.userId });
    expect(refused.status).toBe(404);
    expect(refused.body.msg).toBe('This player is not a direct member of your team.');
  });
});

describe('a sub-agent’s team (drill-down)', () => {
  /**
   * Below the agent: the invited member is made an agent with a team of one sub-agent, who has a
   * member of their own that played; beside them, the outsider is an agent with a member too.
   * Made directly in the database: how players become agents is the application flow's concern.
   */
  const playedAt = new Date(`${dayTwo}T02:00:00+09:00`);
  let subAgentId: number;
  let subSubAgentId: number;
  let leafId: number;
  let strangerId: number;

  beforeAll(async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    const player = (username: string, fields: Partial<typeof users.$inferInsert>) => ({
      username,
      passwordHash: null,
      registeredAt: new Date(`${dayTwo}T01:30:00+09:00`),
      ...fields,
    });
    await server.db
      .update(users)
      .set({ isAgent: true, referralCode: `SA${stamp}` })
      .where(eq(users.id, invited.userId));
    subAgentId = invited.userId;
    const [subSub] = await server.db
      .insert(users)
      .values(player(`subsub${stamp}`, { agentCode: `SA${stamp}`, isAgent: true, referralCode: `SS${stamp}` }))
      .returning({ id: users.id });
    subSubAgentId = subSub?.id as number;
    const [leaf] = await server.db
      .insert(users)
      .values(player(`leaf${stamp}`, { agentCode: `SS${stamp}` }))
      .returning({ id: users.id });
    leafId = leaf?.id as number;
    await server.db
      .update(users)
      .set({ isAgent: true, referralCode: `OA${stamp}` })
      .where(eq(users.id, outsider.userId));
    const [stranger] = await server.db
      .insert(users)
      .values(player(`stranger${stamp}`, { agentCode: `OA${stamp}`, isAgent: true, referralCode: `ST${stamp}` }))
      .returning({ id: users.id });
    strangerId = stranger?.id as number;
    await server.db.insert(gameRecords).values([
      { userId: leafId, gameName: 'Lucky 7', machineId: 'M-003', betAmount: 40, winAmount: 0, playedAt },
      { userId: leafId, gameName: 'Lucky 7', machineId: 'M-003', betAmount: 60, winAmount: 90, playedAt },
    ]);
  });

  it('shows a sub-agent’s team, two levels down, with the way back', async () => {
    const members = await call<{ list: TeamMemberReport[]; total: number }>('/v2/app/agent/sub/member/report/page', {
      period: bothDays,
    });
    expect(members.body.data?.list.find((member) => member.userId === subAgentId)?.isAgent).toBe(true);

    const sub = await call<TeamStatistics>('/v2/app/agent/data/statistics', { userId: subAgentId, period: bothDays });
    expect(sub.body.data).toMatchObject({
      path: [{ userId: subAgentId, account: invited.account }],
      registrationCount: 1,
      betCount: 0,
    });
    const subMembers = await call<{ list: TeamMemberReport[]; total: number }>('/v2/app/agent/sub/member/report/page', {
      userId: subAgentId,
      period: bothDays,
    });
    expect(subMembers.body.data).toMatchObject({ total: 1, list: [{ userId: subSubAgentId, isAgent: true }] });

    const deeper = await call<TeamStatistics>('/v2/app/agent/data/statistics', {
      userId: subSubAgentId,
      period: bothDays,
    });
    expect(deeper.body.data).toMatchObject({
      path: [
        { userId: subAgentId, account: invited.account },
        { userId: subSubAgentId, account: expect.stringMatching(/^subsub/) },
      ],
      registrationCount: 1,
      betCount: 2,
      betAmount: 100,
    });
    // The sub-agent sees their own sub-agent too, and their own team as their own.
    const own = await call<TeamStatistics>('/v2/app/agent/data/statistics', { userId: subAgentId }, invited);
    expect(own.body.data?.path).toEqual([]);
    expect(
      (await call<TeamStatistics>('/v2/app/agent/data/statistics', { userId: subSubAgentId }, invited)).body.data?.path,
    ).toEqual([{ userId: subSubAgentId, account: expect.stringMatching(/^subsub/) }]);
  });

  it('refuses anybody else’s team: a member who is no agent, an agent elsewhere, the upline', async () => {
    const refusals = [
      [agent, leafId],
      [agent, created.userId],
      [agent, outsider.userId],
      [agent, strangerId],
      [agent, 2_147_483_000],
      [invited, agent.userId],
      [outsider, subAgentId],
    ] as const;
    for (const [who, userId] of refusals) {
      for (const path of ['/v2/app/agent/data/statistics', '/v2/app/agent/sub/member/report/page']) {
        const refused = await call(path, { userId }, who);
        expect(refused.status, `${who.account} → ${userId} on ${path}`).toBe(404);
        expect(refused.body.msg).toBe('This agent is not in your team.');
      }
    }
    const japanese = await server.call(
      '/v2/app/agent/data/statistics',
      { userId: strangerId },
      { token: agent.token, lang: 'ja-JP' },
    );
    expect(japanese.body.msg).toBe('このエージェントはあなたのチームにいません。');
  });
});

describe('team deposit and withdrawal totals', () => {
  it('total completed money apart from what is pending, refunded or failed, over all pages and the filters', async () => {
    const pendingOrder = await server.call<{ order: DepositOrder }>(
      '/v2/app/pay/order',
      { channelId: 'bank-transfer', amount: 2_000, bankCardId: invited.cardId },
      withKey(invited.token),
    );
    expect(pendingOrder.body).toMatchObject({ code: 200 });
    const withdraw = async (amount: number) => {
      const answer = await server.call<Withdrawal>(
        '/v2/app/draw/withdraw',
        { amount, bankCardId: invited.cardId, payPassword: '246810' },
        withKey(invited.token),
      );
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
      return answer.body.data?.orderSn as string;
    };
    const rejected = await withdraw(1_500);
    await withdraw(1_000);
    expect(
      (
        await server.call(
          '/v2/admin/withdrawal/reject',
          { orderSn: rejected, reason: 'card closed' },
          { token: operator.token },
        )
      ).body,
    ).toMatchObject({ code: 200 });

    const deposits = await call<{ total: number; totals: Record<string, unknown> }>(
      '/v2/app/agent/sub/member/recharge/page',
      { pageSize: 1 },
    );
    expect(deposits.body.data).toMatchObject({
      total: 2,
      totals: {
        completed: { count: 1, amount: 10_000 },
        pending: { count: 1, amount: 2_000 },
        refunded: { count: 0, amount: 0 },
        failed: { count: 0, amount: 0 },
      },
    });
    const draws = await call<{ total: number; totals: Record<string, unknown> }>('/v2/app/agent/sub/member/draw/page', {
      pageSize: 1,
    });
    expect(draws.body.data).toMatchObject({
      total: 3,
      totals: {
        completed: { count: 1, amount: 3_000 },
        pending: { count: 1, amount: 1_000 },
        failed: { count: 1, amount: 1_500 },
      },
    });
    const dayTwoFailed = await call<{ total: number; totals: Record<string, unknown> }>(
      '/v2/app/agent/sub/member/draw/page',
      { status: 'withdrawalFailed', period: { from: dayTwo, to: dayTwo } },
    );
    expect(dayTwoFailed.body.data).toMatchObject({
      total: 1,
      totals: { completed: { count: 0, amount: 0 }, pending: { count: 0, amount: 0 }, failed: { count: 1 } },
    });
    const nobody = await call<{ totals: Record<string, unknown> }>('/v2/app/agent/sub/member/recharge/page', {
      account: created.account,
    });
    expect(nobody.body.data?.totals).toMatchObject({ completed: { count: 0, amount: 0 }, pending: { count: 0 } });
  });
});

describe('after the team’s movements', () => {
  it('the ledger keeps all its rules', async () => {
    expect(await ledgerViolations(server.db)).toEqual([]);
  });
});
