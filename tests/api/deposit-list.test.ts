import type { teamRechargePage } from '@contract/agent';
import type { payOrderList } from '@contract/deposit';
import type { DataOf } from '@contract/endpoint';
import { users } from '@server/db/schema/auth';
import { watchDeposits } from '@server/modules/crypto/watcher';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import { mineBlocks, sendOnChain } from '../support/chain-sandbox';
import {
  bindCard,
  completeProfile,
  manyPlayersLimits,
  newOperator,
  newPlayer,
  type TestPlayer,
  withKey,
} from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, createTestServer, type TestServer } from './harness';

/**
 * The one deposits list (docs/requirements.md §5.12, §6.6): yen orders and crypto deposits side by
 * side, newest first, with one total over every row the filters match, for the player and for the
 * agent's team.
 */

let smtp: SmtpTestServer;
let server: TestServer;
let operator: TestPlayer;
const clock = createTestClock();

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  // Blocks come only when a test mines them or moves the clock.
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

type PlayerDeposits = DataOf<typeof payOrderList>;
type TeamDeposits = DataOf<typeof teamRechargePage>;
const none = { count: 0, amount: 0 };
const usdtTron = { coin: 'USDT', network: 'TRC20' };

const depositsOf = async (player: TestPlayer, body: Record<string, unknown> = {}) => {
  const answer = await server.call<PlayerDeposits>('/v2/app/pay/list', body, { token: player.token });
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
  return answer.body.data as PlayerDeposits;
};

const teamDepositsOf = async (agent: TestPlayer, body: Record<string, unknown> = {}) => {
  const answer = await server.call<TeamDeposits>('/v2/app/agent/sub/member/recharge/page', body, {
    token: agent.token,
  });
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
  return answer.body.data as TeamDeposits;
};

/** A yen bank transfer the operator has not confirmed yet: pending money. */
async function bankTransfer(player: TestPlayer, amount: number): Promise<string> {
  await completeProfile(server, player);
  const card = await bindCard(server, player);
  const answer = await server.call<{ order: { orderSn: string } }>(
    '/v2/app/pay/order',
    { channelId: 'bank-transfer', amount, bankCardId: card.id },
    withKey(player.token),
  );
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
  return answer.body.data?.order.orderSn as string;
}

/** USDT on TRON sent to the player's address; credited once its 19 confirmations are mined. */
async function usdtDeposit(player: TestPlayer, units: string, credit: boolean) {
  const address = await server.call<{ address: string }>('/v2/cpp/coins/deposit/address', usdtTron, {
    token: player.token,
  });
  await sendOnChain(server, { ...usdtTron, address: address.body.data?.address as string, amount: units });
  await mineBlocks(server, 'TRC20', credit ? 19 : 1);
  await watchDeposits(server.deps.player);
}

async function newAgent(): Promise<TestPlayer> {
  const agent = await newPlayer(server, smtp, 'listagent');
  const applied = await server.call<{ id: number }>('/v2/app/agent/apply', {}, { token: agent.token });
  const approved = await server.call(
    '/v2/admin/agent/application/approve',
    { applicationId: applied.body.data?.id },
    { token: operator.token },
  );
  expect(approved.body).toMatchObject({ code: 200 });
  return agent;
}

/** A player who signed up with the agent's code. */
async function memberOf(agent: TestPlayer): Promise<TestPlayer> {
  const code = (await server.call<{ agentCode: string }>('/v2/app/agent/code', {}, { token: agent.token })).body.data
    ?.agentCode as string;
  const member = await newPlayer(server, smtp, 'listmember');
  await server.db.update(users).set({ agentCode: code }).where(eq(users.id, member.userId));
  return member;
}

describe('/v2/app/pay/list', () => {
  it('lists yen orders and crypto deposits together, newest first, and totals both', async () => {
    const player = await newPlayer(server, smtp);
    const yenSn = await bankTransfer(player, 2_000);
    clock.advance(1_000);
    // 20 USDT at 150 coins each, credited; then 12 USDT still confirming.
    await usdtDeposit(player, '20000000', true);
    clock.advance(1_000);
    await usdtDeposit(player, '12000000', false);

    const all = await depositsOf(player);
    expect(all.total).toBe(3);
    expect(all.list).toMatchObject([
      { mode: 'crypto', status: 'confirming', amount: 1_800, cryptoAmount: '12000000', channelName: 'USDT · TRC20' },
      { mode: 'crypto', status: 'credited', amount: 3_000, cryptoAmount: '20000000', currency: 'USDT' },
      { mode: 'manual', status: 'inProgress', amount: 2_000, orderSn: yenSn, currency: 'JPY' },
    ]);
    expect(all.list[1]?.paidAt).not.toBeNull();
    expect(all.totals).toEqual({
      completed: { count: 1, amount: 3_000 },
      pending: { count: 2, amount: 3_800 },
      refunded: none,
      failed: none,
    });

    const crypto = await depositsOf(player, { mode: 'crypto' });
    expect(crypto.total).toBe(2);
    expect(crypto.totals.pending).toEqual({ count: 1, amount: 1_800 });
    const manual = await depositsOf(player, { mode: 'manual' });
    expect(manual.list.map((row) => row.orderSn)).toEqual([yenSn]);
    expect(manual.totals.pending).toEqual({ count: 1, amount: 2_000 });
    const credited = await depositsOf(player, { status: 'credited' });
    expect(credited.total).toBe(1);
    expect(credited.totals.completed).toEqual({ count: 1, amount: 3_000 });
    expect((await depositsOf(player, { period: { from: '2020-01-01', to: '2020-01-31' } })).total).toBe(0);

    // The totals count every page, not the one shown.
    const firstPage = await depositsOf(player, { pageSize: 1 });
    expect(firstPage.list).toHaveLength(1);
    expect(firstPage.totals).toEqual(all.totals);
  });

  it('pages stably through deposits of the same instant from both tables', async () => {
    const player = await newPlayer(server, smtp);
    // The clock stands still: every row below has the same creation instant.
    await bankTransfer(player, 1_000);
    await usdtDeposit(player, '10000000', true);
    await usdtDeposit(player, '11000000', false);
    const whole = (await depositsOf(player)).list.map((row) => row.orderSn);
    expect(whole).toHaveLength(3);
    for (let read = 0; read < 2; read += 1) {
      const paged = [];
      for (const pageNum of [1, 2, 3]) paged.push(...(await depositsOf(player, { pageSize: 1, pageNum })).list);
      expect(paged.map((row) => row.orderSn)).toEqual(whole);
    }
    expect((await depositsOf(player, { pageSize: 1, pageNum: 4 })).list).toEqual([]);
  });

  it('refuses a status no deposit has, and changes nothing', async () => {
    const player = await newPlayer(server, smtp);
    const answer = await server.call('/v2/app/pay/list', { status: 'withdrawalReview' }, { token: player.token });
    expect(answer.status).toBe(400);
  });
});

describe('/v2/app/agent/sub/member/recharge/page', () => {
  it('lists and totals the members’ yen and crypto deposits, and never another team’s', async () => {
    const agent = await newAgent();
    const first = await memberOf(agent);
    const second = await memberOf(agent);
    const otherAgent = await newAgent();
    const outsider = await memberOf(otherAgent);
    const loner = await newPlayer(server, smtp);

    await bankTransfer(first, 4_000);
    clock.advance(1_000);
    await usdtDeposit(first, '20000000', true);
    clock.advance(1_000);
    await usdtDeposit(second, '10000000', true);
    await usdtDeposit(outsider, '30000000', true);
    await usdtDeposit(loner, '40000000', true);

    const team = await teamDepositsOf(agent);
    expect(team.total).toBe(3);
    expect(team.list.map((row) => [row.account, row.mode, row.amount])).toEqual([
      [second.account, 'crypto', 1_500],
      [first.account, 'crypto', 3_000],
      [first.account, 'manual', 4_000],
    ]);
    expect(team.totals).toEqual({
      completed: { count: 2, amount: 4_500 },
      pending: { count: 1, amount: 4_000 },
      refunded: none,
      failed: none,
    });
    // Counted from the deposits when filtered by account, from the day totals otherwise: the same.
    const byAccount = await teamDepositsOf(agent, { account: first.account });
    expect(byAccount.total).toBe(2);
    expect(byAccount.totals).toEqual({
      completed: { count: 1, amount: 3_000 },
      pending: { count: 1, amount: 4_000 },
      refunded: none,
      failed: none,
    });
    const creditedOnly = await teamDepositsOf(agent, { status: 'credited' });
    expect(creditedOnly.total).toBe(2);
    expect(creditedOnly.totals.completed).toEqual({ count: 2, amount: 4_500 });
    expect(creditedOnly.totals.pending).toEqual(none);
    const secondPage = await teamDepositsOf(agent, { pageSize: 2, pageNum: 2 });
    expect(secondPage.list.map((row) => row.amount)).toEqual([4_000]);
    expect(secondPage.totals).toEqual(team.totals);

    const others = await teamDepositsOf(otherAgent);
    expect(others.list.map((row) => row.account)).toEqual([outsider.account]);
    expect(others.totals.completed).toEqual({ count: 1, amount: 4_500 });
    expect((await teamDepositsOf(agent, { account: outsider.account })).total).toBe(0);
    expect((await teamDepositsOf(agent, { account: loner.account })).list).toEqual([]);
  });
});
