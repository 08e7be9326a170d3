import { randomUUID } from 'node:crypto';
import type { adminReconciliation } from '@contract/admin-reconciliation';
import type { adminReport, ReportDimension, ReportRow } from '@contract/admin-reports';
import type { DataOf } from '@contract/endpoint';
import { recordDayOf } from '@contract/endpoint';
import { sandboxPayments, sandboxPayouts } from '@server/db/schema/sandbox-pay';
import { balanceOf, gameProviderAccount, playerAccount } from '@server/modules/ledger/accounts';
import { transfer } from '@server/modules/ledger/service';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mineBlocks, sendOnChain } from '../support/chain-sandbox';
import { playRounds, testProvider, type walletClient } from '../support/game-provider';
import { startGameTestServer } from '../support/game-test-server';
import {
  bindCard,
  completeProfile,
  fundPlayer,
  newOperator,
  newPlayer,
  type TestPlayer,
  verifiedIdentity,
  withKey,
} from '../support/players';
import type { SmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, createTestServer, type TestServer } from './harness';

// Docs: docs/requirements.md §20 (reports and reconciliation).

/**
 * The desk's reports and reconciliation on money moved the way players move it: a yen deposit
 * through the sandbox checkout, a crypto deposit on the chain simulator, bets, a win and a rollback
 * through the signed wallet, a bank payout, and an agent's team.
 */

const unit = 100;
const acme = testProvider('acme', unit);
const clock = createTestClock(new Date('2026-06-10T03:00:00Z'));
const today = recordDayOf(clock.now());
const period = { from: today, to: today };
const payPassword = '246810';

let smtp: SmtpTestServer;
let server: TestServer;
let wallet: ReturnType<typeof walletClient>;
let closeServer: () => Promise<void>;
let admin: TestPlayer;
let finance: TestPlayer;
let auditor: TestPlayer;
let support: TestPlayer;

/** The agent and its member; a second player signed up with no agent. */
let agent: TestPlayer;
let member: TestPlayer;
let direct: TestPlayer;
let withdrawalSn: string;

type Report = DataOf<typeof adminReport>;
type Reconciliation = DataOf<typeof adminReconciliation>;

async function report(dimension: ReportDimension, token = finance.token, lang = 'en-US'): Promise<Report> {
  const response = await server.call<Report>('/v2/admin/reports', { dimension, period }, { token, lang });
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ code: 200 });
  return response.body.data as Report;
}

async function reconcile(on = server, token = finance.token): Promise<Reconciliation> {
  const response = await on.call<Reconciliation>('/v2/admin/reconciliation', { period }, { token });
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ code: 200 });
  return response.body.data as Reconciliation;
}

const rowOf = (data: Report, key: string) => data.rows.find((row) => row.key === key) as ReportRow;

/** A yen deposit paid on the sandbox checkout page, credited through the provider's signed callback. */
async function payOnCheckout(player: TestPlayer & { cardId: number }, yen: number): Promise<void> {
  const answer = await server.call<{ order: { orderSn: string }; instructions: { kind: string; url: string } }>(
    '/v2/app/pay/order',
    { channelId: 'online-bank', amount: yen, bankCardId: player.cardId },
    withKey(player.token),
  );
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
  const { instructions } = answer.body.data as { instructions: { url: string } };
  const paid = await fetch(`${instructions.url}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
}

/** Profile, card, pay password and approved identity: a player who can deposit and withdraw yen. */
async function bankReady(player: TestPlayer): Promise<TestPlayer & { cardId: number }> {
  await completeProfile(server, player);
  const card = await bindCard(server, player);
  const set = await server.call(
    '/v2/app/auth/password/update/payment',
    { newPayPassword: payPassword, password: 'Maple leaf 2026!' },
    { token: player.token },
  );
  expect(set.body).toMatchObject({ code: 200 });
  await verifiedIdentity(server, player, admin);
  return { ...player, cardId: card.id };
}

beforeAll(async () => {
  ({ server, smtp, wallet, close: closeServer } = await startGameTestServer(acme, clock));
  admin = await newOperator(server);
  finance = await newOperator(server, ['finance']);
  auditor = await newOperator(server, ['auditor']);
  support = await newOperator(server, ['support']);

  agent = await newPlayer(server, smtp);
  await server.db.execute(
    sql`update users set is_agent = true, referral_code = ${`AG${agent.userId}`} where id = ${agent.userId}`,
  );
  member = await newPlayer(server, smtp);
  await server.db.execute(sql`update users set agent_code = ${`AG${agent.userId}`} where id = ${member.userId}`);
  direct = await newPlayer(server, smtp);

  // The member pays ¥5,000 (5,000 coins) on the checkout and plays 300, wins 120, has 50 rolled back.
  const banked = await bankReady(member);
  await payOnCheckout(banked, 5_000);
  await playRounds(server, wallet, member, 0, [{ bet: 200, win: 120 }, { bet: 50, rollback: true }, { bet: 50 }]);
  // …and withdraws 4,000 coins to the bank.
  const requested = await server.call<{ orderSn: string }>(
    '/v2/app/draw/withdraw',
    { amount: 4_000, bankCardId: banked.cardId, payPassword },
    withKey(member.token),
  );
  expect(requested.body, JSON.stringify(requested.body)).toMatchObject({ code: 200 });
  withdrawalSn = requested.body.data?.orderSn as string;
  const approved = await server.call(
    '/v2/admin/withdrawal/approve',
    { orderSn: withdrawalSn },
    { token: finance.token },
  );
  expect(approved.body).toMatchObject({ code: 200 });

  // The direct player deposits 200 USDT on TRON (30,000 coins) and bets 1,000.
  const address = await server.call<{ address: string }>(
    '/v2/cpp/coins/deposit/address',
    { coin: 'USDT', network: 'TRC20' },
    { token: direct.token },
  );
  await sendOnChain(server, {
    coin: 'USDT',
    network: 'TRC20',
    address: address.body.data?.address as string,
    amount: '200000000',
  });
  await mineBlocks(server, 'TRC20', 20);
  await vi.waitFor(async () => expect((await balanceOf(server.db, direct.userId, 'COIN')).available).toBe(30_000n), {
    timeout: 15_000,
  });
  await playRounds(server, wallet, direct, 1, [{ bet: 1_000 }]);
}, 120_000);

afterAll(() => closeServer());

describe('reports', () => {
  it('by day: the day of every movement, its figures worked out, the totals the rows', async () => {
    const data = await report('day');
    expect(data.rows.map((row) => row.key)).toEqual([today]);
    expect(data.totals).toEqual({
      deposits: 35_000,
      withdrawals: 4_000,
      bets: 1_300,
      wins: 120,
      rollbacks: 50,
      grossGamingRevenue: 1_130,
      bonuses: 0,
      netRevenue: 1_130,
      players: 2,
    });
    expect(rowOf(data, today)).toMatchObject({ ...data.totals, label: today });
  });

  it('by game and provider: the wallet’s rounds under the game’s name in the reader’s language', async () => {
    const games = await report('game', finance.token, 'ja-JP');
    expect(games.rows).toHaveLength(1);
    expect(games.rows[0]).toMatchObject({
      label: 'アクメスロット',
      bets: 1_300,
      wins: 120,
      rollbacks: 50,
      grossGamingRevenue: 1_130,
      players: 2,
    });
    const providers = await report('provider');
    expect(providers.rows).toEqual([
      expect.objectContaining({ key: 'acme', label: 'Acme Games', bets: 1_300, grossGamingRevenue: 1_130 }),
    ]);
  });

  it('by agent: the team’s money under the agent’s name, players with none apart', async () => {
    const data = await report('agent');
    expect(rowOf(data, String(agent.userId))).toMatchObject({
      label: agent.account,
      deposits: 5_000,
      withdrawals: 4_000,
      bets: 300,
      grossGamingRevenue: 130,
      players: 1,
    });
    expect(rowOf(data, '')).toMatchObject({ label: 'No agent (signed up directly)', deposits: 30_000, bets: 1_000 });
  });

  it('by payment channel: yen, crypto and bank payouts each on their own row', async () => {
    const data = await report('channel');
    expect(data.rows).toEqual([
      expect.objectContaining({ key: 'USDT:TRC20', label: 'USDT (TRC20)', deposits: 30_000, withdrawals: 0 }),
      expect.objectContaining({ key: 'bank', label: 'Bank transfer (payouts)', deposits: 0, withdrawals: 4_000 }),
      expect.objectContaining({ key: 'online-bank', deposits: 5_000, withdrawals: 0, players: 1 }),
    ]);
  });

  it('puts money with nothing to key it by in a row of its own, so the rows still add up', async () => {
    const player = await newPlayer(server, smtp);
    await fundPlayer(server, player, 777);
    const data = await report('channel');
    expect(rowOf(data, '')).toMatchObject({ label: 'Unknown channel', deposits: 777 });
    expect(data.totals.deposits).toBe(35_777);
  });

  it('is the finance team’s and the auditor’s, not support’s; a dimension it does not know is refused', async () => {
    expect((await report('day', auditor.token)).rows).toHaveLength(1);
    const refused = await server.call('/v2/admin/reports', { dimension: 'day', period }, { token: support.token });
    expect(refused.status).toBe(403);
    const unknown = await server.call(
      '/v2/admin/reports',
      { dimension: 'weather', period },
      { token: finance.token, lang: 'ja-JP' },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ dimension: '集計の切り口の形式が正しくありません' });
  });
});

describe('reconciliation', () => {
  it('finds the wallet, the provider’s statement and the ledger in agreement after real play and payments', async () => {
    const data = await reconcile();
    expect(data.wallet.find((row) => row.providerId === 'acme')).toEqual(
      expect.objectContaining({
        providerId: 'acme',
        ledger: { bet: 1_300, win: 120, rollback: 50 },
        wallet: { bet: 1_300, win: 120, rollback: 50 },
        differenceCount: 0,
      }),
    );
    expect(data.payments).toEqual({
      provider: 'sandbox',
      deposits: { provider: 5_000, ledger: 5_000 },
      payouts: { provider: 4_000, ledger: 4_000 },
      differenceCount: 0,
      differences: [],
    });
    // Every currency's accounts sum to zero; the house accounts hold the other side.
    expect(data.currencyTotals.every((row) => row.total === '0')).toBe(true);
    const houseCoins = data.houseAccounts.filter((row) => row.currency === 'COIN');
    expect(houseCoins.find((row) => row.code === 'gameProviderAcme')?.balance).toBe('1130');
  });

  it('lists what one side has and the other does not, with the reference to chase', async () => {
    // The provider's books: a payment it settled whose callback never reached us, and the payout it
    // now reports failed after we booked it paid.
    const unpaid = await bankReady(await newPlayer(server, smtp));
    const answer = await server.call<{ order: { orderSn: string } }>(
      '/v2/app/pay/order',
      { channelId: 'online-bank', amount: 3_000, bankCardId: unpaid.cardId },
      withKey(unpaid.token),
    );
    const lostSn = answer.body.data?.order.orderSn as string;
    await server.db
      .update(sandboxPayments)
      .set({ status: 'paid', settledAt: clock.now() })
      .where(eq(sandboxPayments.merchantReference, lostSn));
    await server.db.update(sandboxPayouts).set({ status: 'failed' }).where(eq(sandboxPayouts.reference, withdrawalSn));
    // The ledger: a game transfer no wallet transaction made.
    await transfer(server.db, clock, {
      actor: 'system',
      reason: 'a transfer outside the wallet',
      from: playerAccount(direct.userId, 'COIN'),
      to: gameProviderAccount('acme', direct.userId, 'COIN'),
      amount: 5n,
      currency: 'COIN',
      idempotencyKey: `stray-${randomUUID()}`,
      kind: 'gameBet',
      metadata: { provider: 'acme', round: 'stray' },
    });

    const data = await reconcile(server, auditor.token);
    expect(data.payments).toMatchObject({
      deposits: { provider: 8_000, ledger: 5_000 },
      payouts: { provider: 0, ledger: 4_000 },
      differenceCount: 2,
    });
    expect(data.payments && 'differences' in data.payments ? data.payments.differences : []).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'paidNotCredited',
          reference: lostSn,
          providerAmount: 3_000,
          ledgerAmount: null,
        }),
        expect.objectContaining({
          kind: 'paidNotAtProvider',
          reference: withdrawalSn,
          providerAmount: null,
          ledgerAmount: 4_000,
        }),
      ]),
    );
    expect(data.wallet.find((row) => row.providerId === 'acme')).toMatchObject({
      ledger: { bet: 1_305 },
      wallet: { bet: 1_300 },
      differenceCount: 1,
      differences: [{ kind: 'notInWallet', walletKind: 'bet', ledgerAmount: 5, transactionUuid: null }],
    });
  });

  it('says the provider could not be reached rather than guess, and is refused to support', async () => {
    const unreachable = await createTestServer({
      clock,
      payments: {
        provider: { name: 'sandbox', apiUrl: 'http://127.0.0.1:9/api', merchantId: 'game-hall', secret: 'x' },
      },
    });
    try {
      const operator = await newOperator(unreachable, ['finance']);
      expect((await reconcile(unreachable, operator.token)).payments).toEqual({
        provider: 'sandbox',
        unavailable: true,
      });
    } finally {
      await unreachable.close();
    }
    const refused = await server.call('/v2/admin/reconciliation', { period }, { token: support.token });
    expect(refused.status).toBe(403);
  });
});
