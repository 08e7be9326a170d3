import type { CryptoAssetTerms, CryptoDeposit } from '@contract/crypto';
import { cryptoDeposits, cryptoPairs } from '@server/db/schema/crypto';
import { stationLetters } from '@server/db/schema/letters';
import { creditDeposit, depositCreditKey, watchDeposits } from '@server/modules/crypto/watcher';
import { balanceOf } from '@server/modules/ledger/accounts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import { chainSandboxCall, dropTransaction, mineBlocks, sendOnChain } from '../support/chain-sandbox';
import { ledgerSum, manyPlayersLimits, newOperator, newPlayer, type TestPlayer } from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, createTestServer, type TestServer } from './harness';

/** Crypto pairs, deposit addresses and the deposit watcher: docs/requirements.md §16. */

let smtp: SmtpTestServer;
let server: TestServer;
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
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const usdtTron = { coin: 'USDT', network: 'TRC20' };
const usdtEthereum = { coin: 'USDT', network: 'ERC20' };

async function addressOf(player: TestPlayer, asset = usdtTron): Promise<string> {
  const response = await server.call<{ address: string }>('/v2/cpp/coins/deposit/address', asset, {
    token: player.token,
  });
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ code: 200 });
  return response.body.data?.address as string;
}

async function depositsOf(player: TestPlayer, body: Record<string, unknown> = {}) {
  const response = await server.call<{ list: CryptoDeposit[]; total: number }>('/v2/cpp/coins/deposit/page', body, {
    token: player.token,
  });
  expect(response.body).toMatchObject({ code: 200 });
  return response.body.data as { list: CryptoDeposit[]; total: number };
}

const coinsOf = async (player: TestPlayer) => (await balanceOf(server.db, player.userId, 'COIN')).balance;

describe('/v2/cpp/coins', () => {
  it('lists the seeded pairs with their limits, fees, confirmations and rates', async () => {
    const player = await newPlayer(server, smtp);
    const response = await server.call<CryptoAssetTerms[]>('/v2/cpp/coins', {}, { token: player.token });
    expect(response.body.code).toBe(200);
    const pairs = response.body.data ?? [];
    expect(pairs.map((pair) => `${pair.coin}/${pair.network}`)).toEqual(['USDT/TRC20', 'USDT/ERC20', 'ETH/ERC20']);
    expect(pairs[0]).toEqual({
      coin: 'USDT',
      network: 'TRC20',
      name: 'Tether USD',
      decimals: 6,
      depositEnabled: true,
      withdrawalEnabled: true,
      minDeposit: '10000000',
      minWithdrawal: '20000000',
      maxWithdrawal: '10000000000',
      withdrawalFee: '1000000',
      damageRateBasisPoints: 0,
      confirmations: 19,
      gameCoinsPerCoin: '150',
    });
    expect(pairs[2]).toMatchObject({ coin: 'ETH', decimals: 18, gameCoinsPerCoin: '450000', confirmations: 12 });
  });

  it('needs a signed-in player', async () => {
    expect((await server.call('/v2/cpp/coins', {})).status).toBe(401);
  });
});

describe('/v2/cpp/coins/deposit/address', () => {
  it('gives each player one address per network, the same every time, shared by the coins of that network', async () => {
    const player = await newPlayer(server, smtp);
    const tron = await addressOf(player);
    expect(tron).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(await addressOf(player)).toBe(tron);
    const ethereum = await addressOf(player, usdtEthereum);
    expect(ethereum).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await addressOf(player, { coin: 'ETH', network: 'ERC20' })).toBe(ethereum);
    const other = await newPlayer(server, smtp);
    expect(await addressOf(other)).not.toBe(tron);
  });

  it('answers the minimum and confirmations with the address', async () => {
    const player = await newPlayer(server, smtp);
    const response = await server.call('/v2/cpp/coins/deposit/address', usdtEthereum, { token: player.token });
    expect(response.body.data).toMatchObject({
      coin: 'USDT',
      network: 'ERC20',
      memo: null,
      minDeposit: '20000000',
      confirmations: 12,
    });
  });

  it('gives concurrent first requests of many players distinct addresses, and one player one', async () => {
    const players = await Promise.all([1, 2, 3, 4].map(() => newPlayer(server, smtp)));
    const first = players[0] as TestPlayer;
    const addresses = await Promise.all([...players, first, first].map((player) => addressOf(player)));
    expect(new Set(addresses.slice(0, 4)).size).toBe(4);
    expect(addresses[4]).toBe(addresses[0]);
    expect(addresses[5]).toBe(addresses[0]);
  });

  it('refuses a pair the hall does not offer, in the player’s language', async () => {
    const player = await newPlayer(server, smtp);
    const response = await server.call(
      '/v2/cpp/coins/deposit/address',
      { coin: 'BTC', network: 'TRC20' },
      { token: player.token, lang: 'ja-JP' },
    );
    expect(response.status).toBe(404);
    expect(response.body.msg).toBe('TRC20 の BTC は取り扱っていません。');
  });
});

describe('the deposit watcher', () => {
  it('credits a deposit that arrives during a time-out, flags it for the desk, and gives no new address meanwhile', async () => {
    const player = await newPlayer(server, smtp);
    const address = await addressOf(player);
    const broke = await server.call('/v2/app/protection/time-out', { duration: '24h' }, { token: player.token });
    expect(broke.body.code).toBe(200);
    const refused = await server.call('/v2/cpp/coins/deposit/address', usdtTron, { token: player.token });
    expect(refused.status).toBe(403);
    await sendOnChain(server, { ...usdtTron, address, amount: '20000000' });
    await mineBlocks(server, 'TRC20', 19);
    await watchDeposits(server.deps.player);
    expect(await coinsOf(player)).toBe(3000n);
    const [row] = await server.db.select().from(cryptoDeposits).where(eq(cryptoDeposits.userId, player.userId));
    expect(row).toMatchObject({ status: 'credited', protectionFlag: 'timeOut' });
  });

  it('shows a deposit while it confirms and credits it once at the threshold, at the rate stored when first seen', async () => {
    const player = await newPlayer(server, smtp);
    const address = await addressOf(player);
    const sent = await sendOnChain(server, { ...usdtTron, address, amount: '25500000' });
    await mineBlocks(server, 'TRC20', 1);
    let [seen] = (await depositsOf(player)).list;
    expect(seen).toMatchObject({
      coin: 'USDT',
      network: 'TRC20',
      address,
      txHash: sent.txHash,
      outputIndex: 0,
      cryptoAmount: '25500000',
      status: 'confirming',
      confirmations: 1,
      requiredConfirmations: 19,
      // 18 confirmations to go, a block every 3 s.
      secondsLeft: 54,
      gameCoinsPerCoin: '150',
      coins: 3825,
      creditedAt: null,
    });
    // The operator changes the rate: the deposit keeps the one it was seen at.
    await server.db
      .update(cryptoPairs)
      .set({ gameCoinsPerCoin: '200' })
      .where(and(eq(cryptoPairs.coin, 'USDT'), eq(cryptoPairs.network, 'TRC20')));
    try {
      await mineBlocks(server, 'TRC20', 17);
      [seen] = (await depositsOf(player)).list;
      expect(seen).toMatchObject({ status: 'confirming', confirmations: 18, secondsLeft: 3 });
      expect(await coinsOf(player)).toBe(0n);
      await mineBlocks(server, 'TRC20', 1);
      [seen] = (await depositsOf(player)).list;
      expect(seen).toMatchObject({ status: 'credited', confirmations: 19, coins: 3825, secondsLeft: null });
      expect(seen?.creditedAt).not.toBeNull();
      expect(await coinsOf(player)).toBe(3825n);
      // More blocks and more runs credit nothing more.
      await mineBlocks(server, 'TRC20', 5);
      await watchDeposits(server.deps.player);
      expect(await coinsOf(player)).toBe(3825n);
    } finally {
      await server.db
        .update(cryptoPairs)
        .set({ gameCoinsPerCoin: '150' })
        .where(and(eq(cryptoPairs.coin, 'USDT'), eq(cryptoPairs.network, 'TRC20')));
    }
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('sees a deposit in its first block by itself, as the chain makes it, and counts it up block by block', async () => {
    const player = await newPlayer(server, smtp);
    const address = await addressOf(player);
    await sendOnChain(server, { ...usdtTron, address, amount: '25500000' });
    // No sandbox change: the clock makes the next block, and the chain's follower finds it.
    clock.advance(3_000);
    const firstSeen = async () => (await depositsOf(player)).list[0];
    await expect.poll(async () => (await firstSeen())?.status, { timeout: 15_000 }).toBe('confirming');
    clock.advance(3_000);
    await expect
      .poll(async () => {
        const [row] = await server.db.select().from(cryptoDeposits).where(eq(cryptoDeposits.userId, player.userId));
        return row?.confirmations;
      })
      .toBe(2);
  });

  it('records a deposit below the minimum and never credits it', async () => {
    const player = await newPlayer(server, smtp);
    const address = await addressOf(player);
    await sendOnChain(server, { ...usdtTron, address, amount: '9999999' });
    await mineBlocks(server, 'TRC20', 30);
    const [seen] = (await depositsOf(player)).list;
    expect(seen).toMatchObject({ status: 'belowMinimum', coins: 0, cryptoAmount: '9999999' });
    expect(seen?.confirmations).toBeGreaterThanOrEqual(30);
    expect(await coinsOf(player)).toBe(0n);
    expect((await depositsOf(player, { status: 'belowMinimum' })).total).toBe(1);
    expect((await depositsOf(player, { status: 'credited' })).total).toBe(0);
  });

  it('drops a transaction that leaves the chain before it is confirmed, and credits nothing for it', async () => {
    const player = await newPlayer(server, smtp);
    const address = await addressOf(player, usdtEthereum);
    const sent = await sendOnChain(server, { ...usdtEthereum, address, amount: '30000000' });
    await mineBlocks(server, 'ERC20', 3);
    expect((await depositsOf(player)).list[0]).toMatchObject({ status: 'confirming', confirmations: 3 });
    expect((await dropTransaction(server, sent.txHash)).status).toBe(200);
    expect((await depositsOf(player)).list[0]).toMatchObject({ status: 'dropped', confirmations: 0 });
    await mineBlocks(server, 'ERC20', 20);
    expect((await depositsOf(player)).list[0]).toMatchObject({ status: 'dropped' });
    expect(await coinsOf(player)).toBe(0n);
    expect((await dropTransaction(server, sent.txHash)).status).toBe(404);
  });

  it('credits each output exactly once under duplicate sightings and two watchers running at once', async () => {
    const player = await newPlayer(server, smtp);
    const address = await addressOf(player, { coin: 'ETH', network: 'ERC20' });
    // 0.01 ETH at 450,000 coins per ETH.
    await sendOnChain(server, { coin: 'ETH', network: 'ERC20', address, amount: '10000000000000000' });
    await sendOnChain(server, { coin: 'ETH', network: 'ERC20', address, amount: '10000000000000000' });
    await mineBlocks(server, 'ERC20', 12);
    await Promise.all([1, 2, 3, 4].map(() => watchDeposits(server.deps.player)));
    await Promise.all([watchDeposits(server.deps.player), watchDeposits(server.deps.player)]);
    const { list } = await depositsOf(player);
    expect(list.map((deposit) => deposit.status)).toEqual(['credited', 'credited']);
    expect(await coinsOf(player)).toBe(9000n);
    const rows = await server.db.select().from(cryptoDeposits).where(eq(cryptoDeposits.userId, player.userId));
    expect(rows).toHaveLength(2);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('leaves nothing behind when a credit dies before its commit, and the next run credits once', async () => {
    const player = await newPlayer(server, smtp);
    const address = await addressOf(player);
    await sendOnChain(server, { ...usdtTron, address, amount: '100000000' });
    await mineBlocks(server, 'TRC20', 1);
    const [row] = await server.db.select().from(cryptoDeposits).where(eq(cryptoDeposits.userId, player.userId));
    if (!row) throw new Error('deposit not recorded');
    expect(row.status).toBe('confirming');
    // A process killed inside the credit's transaction: its work is rolled back as a whole.
    const crash = new Error('killed mid-credit');
    await expect(
      server.db.transaction(async (tx) => {
        expect(await creditDeposit({ ...server.deps.player, db: tx }, row.id, 19)).toBe(true);
        throw crash;
      }),
    ).rejects.toBe(crash);
    const [after] = await server.db.select().from(cryptoDeposits).where(eq(cryptoDeposits.id, row.id));
    expect(after?.status).toBe('confirming');
    expect(await coinsOf(player)).toBe(0n);
    // The next runs, two at once, credit it once; a credit asked again afterwards moves nothing.
    await mineBlocks(server, 'TRC20', 30);
    await Promise.all([watchDeposits(server.deps.player), watchDeposits(server.deps.player)]);
    expect(await creditDeposit(server.deps.player, row.id, 19)).toBe(false);
    expect(await coinsOf(player)).toBe(15000n);
    expect(depositCreditKey(row)).toBe(`crypto-deposit:TRC20:${row.txHash}:0`);
    const letters = await server.db
      .select()
      .from(stationLetters)
      .where(and(eq(stationLetters.userId, player.userId), eq(stationLetters.kind, 'depositCredited')));
    expect(letters.length).toBeLessThanOrEqual(1);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('ignores outputs to addresses that are not ours', async () => {
    const before = await ledgerSum(server);
    await sendOnChain(server, { ...usdtTron, address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', amount: '50000000' });
    await mineBlocks(server, 'TRC20', 20);
    expect(await ledgerSum(server)).toBe(before);
  });
});

describe('the desk’s crypto pairs', () => {
  const terms = {
    ...usdtEthereum,
    depositEnabled: true,
    withdrawalEnabled: true,
    minDeposit: '20000000',
    confirmations: 12,
    minWithdrawal: '50000000',
    maxWithdrawal: '10000000000',
    withdrawalFee: '5000000',
    damageRateBasisPoints: 0,
    gameCoinsPerCoin: '150',
  };

  it('lets an operator change a pair’s terms with a reason, refuses inconsistent limits, and keeps players out', async () => {
    const operator = await newOperator(server);
    const player = await newPlayer(server, smtp);
    const listed = await server.call<CryptoAssetTerms[]>('/v2/admin/crypto/pairs', {}, { token: operator.token });
    expect(listed.body.data).toHaveLength(3);
    expect((await server.call('/v2/admin/crypto/pairs', {}, { token: player.token })).status).toBe(403);
    const bad = await server.call(
      '/v2/admin/crypto/pairs/update',
      { ...terms, withdrawalFee: '50000000', reason: 'fee test' },
      { token: operator.token },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.fields?.withdrawalFee).toBe('The withdrawal fee must be below the minimum withdrawal.');
    try {
      const paused = await server.call(
        '/v2/admin/crypto/pairs/update',
        { ...terms, depositEnabled: false, gameCoinsPerCoin: '151.5', reason: 'network congestion' },
        { token: operator.token },
      );
      expect(paused.body.data).toMatchObject({ depositEnabled: false, gameCoinsPerCoin: '151.5' });
      const refused = await server.call('/v2/cpp/coins/deposit/address', usdtEthereum, { token: player.token });
      expect(refused.status).toBe(422);
      expect(refused.body.msg).toBe('Deposits of USDT on ERC20 are paused.');
    } finally {
      await server.call('/v2/admin/crypto/pairs/update', { ...terms, reason: 'restore' }, { token: operator.token });
    }
  });
});

describe('the chain sandbox', () => {
  it('refuses an address of another network and an unknown network', async () => {
    expect(
      (
        await chainSandboxCall(server, 'send', {
          ...usdtTron,
          address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
          amount: '1',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await chainSandboxCall(server, 'send', {
          coin: 'USDT',
          network: 'BEP20',
          address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
          amount: '1',
        })
      ).status,
    ).toBe(400);
  });

  it('is not served in production', async () => {
    const production = await createTestServer({ production: true });
    try {
      const response = await fetch(`${production.url}/dev/chain/send`, { method: 'POST', body: '{}' });
      expect(response.status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
