import type { Withdrawal } from '@contract/withdrawal';
import type { WithdrawalReviewItem } from '@contract/withdrawal-desk';
import { chainSimTransactions } from '@server/db/schema/crypto';
import { stationLetters } from '@server/db/schema/letters';
import { balanceOf } from '@server/modules/ledger/accounts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import { mineBlocks, sendOnChain } from '../support/chain-sandbox';
import {
  completeProfile,
  idempotencyKey,
  ledgerSum,
  manyPlayersLimits,
  newOperator,
  newPlayer,
  type TestPlayer,
  verifiedIdentity,
  withKey,
} from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, createTestServer, type TestServer } from './harness';

/** Crypto withdrawals, their address rules and the desk's review: docs/requirements.md §16.3, §16.4. */

let smtp: SmtpTestServer;
let server: TestServer;
let operator: TestPlayer;
const clock = createTestClock();
const payPassword = '246810';
const usdtTron = { coin: 'USDT', network: 'TRC20' };
const usdtEthereum = { coin: 'USDT', network: 'ERC20' };
/** Outside addresses: the EIP-55 example and the TRON documentation's example. */
const ethereumTarget = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const tronTarget = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

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

async function addressOf(player: TestPlayer, asset: { coin: string; network: string }): Promise<string> {
  const response = await server.call<{ address: string }>('/v2/cpp/coins/deposit/address', asset, {
    token: player.token,
  });
  return response.body.data?.address as string;
}

/** A player who deposited `amount` base units of the asset on chain, confirmed and credited. */
async function depositedOn(player: TestPlayer, asset: { coin: string; network: string }, amount: string) {
  await sendOnChain(server, { ...asset, address: await addressOf(player, asset), amount });
  await mineBlocks(server, asset.network, 20);
}

/** Pay password, approved KYC and a credited deposit of 200 USDT on TRON (30,000 coins). */
async function readyPlayer(options: { kyc?: boolean; deposit?: boolean } = {}): Promise<TestPlayer> {
  const player = await newPlayer(server, smtp);
  await completeProfile(server, player);
  const set = await server.call(
    '/v2/app/auth/password/update/payment',
    { newPayPassword: payPassword, password: 'Maple leaf 2026!' },
    { token: player.token },
  );
  expect(set.body).toMatchObject({ code: 200 });
  if (options.kyc !== false) await verifiedIdentity(server, player, operator);
  if (options.deposit !== false) await depositedOn(player, usdtTron, '200000000');
  return player;
}

const check = (player: TestPlayer, body: Record<string, unknown>, lang = 'en-US') =>
  server.call<{ valid: boolean; reason: string | null; message: string | null }>(
    '/v2/cpp/coins/withdrawal/address/validit',
    body,
    { token: player.token, lang },
  );

const withdraw = (player: TestPlayer, body: Record<string, unknown> = {}, key = idempotencyKey(), lang = 'en-US') =>
  server.call<Withdrawal>(
    '/v2/cpp/coins/withdraw',
    { ...usdtTron, address: tronTarget, amount: '20000000', payPassword, ...body },
    { ...withKey(player.token, key), lang },
  );

const available = async (player: TestPlayer) => (await balanceOf(server.db, player.userId, 'COIN')).available;

async function letterOf(player: TestPlayer, kind: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const [letter] = await server.db
      .select()
      .from(stationLetters)
      .where(and(eq(stationLetters.userId, player.userId), eq(stationLetters.kind, kind as 'withdrawalFailed')));
    if (letter) return letter;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return null;
}

describe('/v2/cpp/coins/withdrawal/address/validit', () => {
  it('accepts an address of the network the player deposited on', async () => {
    const player = await readyPlayer();
    expect((await check(player, { ...usdtTron, address: tronTarget })).body.data).toEqual({
      valid: true,
      reason: null,
      message: null,
    });
  });

  it('refuses a wrong checksum, another network’s address and a non-address, each with its message', async () => {
    const player = await readyPlayer();
    expect((await check(player, { ...usdtTron, address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM' })).body.data).toEqual({
      valid: false,
      reason: 'checksum',
      message: 'This TRON (TRC20) address has a wrong checksum: please check it for a typo.',
    });
    expect((await check(player, { ...usdtTron, address: ethereumTarget })).body.data).toEqual({
      valid: false,
      reason: 'otherNetwork',
      message:
        'This is an address of Ethereum (ERC20), not of TRON (TRC20). A withdrawal sent to the wrong network is lost.',
    });
    expect((await check(player, { ...usdtTron, address: 'abcdefghijklmnopqrstuvwxyz' })).body.data).toMatchObject({
      valid: false,
      reason: 'format',
    });
    const japanese = await check(player, { ...usdtTron, address: ethereumTarget }, 'ja-JP');
    expect(japanese.body.data?.message).toBe(
      'これは TRON (TRC20) ではなく Ethereum (ERC20) のアドレスです。異なるネットワークに送った出金は失われます。',
    );
  });

  it('refuses a mixed-case Ethereum address with a wrong EIP-55 checksum, accepts all lower and all upper case', async () => {
    const player = await readyPlayer({ deposit: false });
    await depositedOn(player, usdtEthereum, '50000000');
    const flipped = `0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed`;
    expect((await check(player, { ...usdtEthereum, address: flipped })).body.data).toMatchObject({
      valid: false,
      reason: 'checksum',
    });
    for (const address of [
      ethereumTarget,
      ethereumTarget.toLowerCase(),
      `0x${ethereumTarget.slice(2).toUpperCase()}`,
    ]) {
      expect((await check(player, { ...usdtEthereum, address })).body.data, address).toMatchObject({ valid: true });
    }
  });

  it('refuses another network than the one the player deposited on, and any network before a deposit', async () => {
    const player = await readyPlayer();
    expect((await check(player, { ...usdtEthereum, address: ethereumTarget })).body.data).toEqual({
      valid: false,
      reason: 'networkMismatch',
      message:
        'Withdrawals go out on the network you deposited on: TRON (TRC20). Choose it instead of Ethereum (ERC20).',
    });
    const fresh = await readyPlayer({ deposit: false });
    expect((await check(fresh, { ...usdtTron, address: tronTarget })).body.data).toMatchObject({
      valid: false,
      reason: 'noDeposit',
    });
  });

  it('refuses the hall’s own deposit addresses, saying when it is the player’s own', async () => {
    const player = await readyPlayer();
    const own = await addressOf(player, usdtTron);
    expect((await check(player, { ...usdtTron, address: own })).body.data).toEqual({
      valid: false,
      reason: 'ownDepositAddress',
      message:
        'This is your own TRON (TRC20) deposit address here: coins sent to it come back as a deposit, not a withdrawal. Please give the address of an outside wallet.',
    });
    const other = await newPlayer(server, smtp);
    const theirs = await addressOf(other, usdtTron);
    expect((await check(player, { ...usdtTron, address: theirs })).body.data).toEqual({
      valid: false,
      reason: 'hallDepositAddress',
      message:
        'This is one of our deposit addresses, not a wallet of yours. Please give the address of your own outside wallet.',
    });
    const japanese = await check(player, { ...usdtTron, address: own }, 'ja-JP');
    expect(japanese.body.data?.message).toBe(
      'これはあなた自身の TRON (TRC20) 入金アドレスです。ここへ送ると出金ではなく入金として戻ります。外部ウォレットのアドレスを入力してください。',
    );
    const sent = await withdraw(player, { address: own });
    expect(sent.status).toBe(422);
    expect(sent.body.fields?.address).toMatch(/your own TRON \(TRC20\) deposit address/);
    expect(await available(player)).toBe(30_000n);
  });
});

describe('/v2/cpp/coins/withdraw', () => {
  it('holds the coins the amount is worth, shows the fee, and lists it among the player’s withdrawals', async () => {
    const player = await readyPlayer();
    expect(await available(player)).toBe(30_000n);
    const response = await withdraw(player, { amount: '20000000' });
    expect(response.body, JSON.stringify(response.body)).toMatchObject({
      code: 200,
      data: {
        method: 'crypto',
        coin: 'USDT',
        network: 'TRC20',
        address: tronTarget,
        memo: null,
        amount: 3000,
        fee: 150,
        cryptoAmount: '19000000',
        networkFee: '1000000',
        status: 'withdrawalReview',
        txHash: null,
      },
    });
    expect(await available(player)).toBe(27_000n);
    const list = await server.call<{ list: Withdrawal[] }>(
      '/v2/app/draw/list',
      { method: 'crypto' },
      { token: player.token },
    );
    expect(list.body.data?.list.map((each) => each.orderSn)).toEqual([response.body.data?.orderSn]);
    const bankOnly = await server.call<{ list: Withdrawal[] }>(
      '/v2/app/draw/list',
      { method: 'bank' },
      { token: player.token },
    );
    expect(bankOnly.body.data?.list).toEqual([]);
  });

  it('answers a retry with the same key once, and refuses the key with another body', async () => {
    const player = await readyPlayer();
    const key = idempotencyKey();
    const [first, second] = await Promise.all([withdraw(player, {}, key), withdraw(player, {}, key)]);
    expect(first.body.data?.orderSn).toBeDefined();
    expect(second.body.data?.orderSn).toBe(first.body.data?.orderSn);
    expect(await available(player)).toBe(27_000n);
    expect((await withdraw(player, { amount: '21000000' }, key)).status).toBe(409);
  });

  it('refuses an amount outside the pair’s limits on the amount field, and moves nothing', async () => {
    const player = await readyPlayer();
    for (const amount of ['19999999', '10000000001']) {
      const response = await withdraw(player, { amount });
      expect(response.status).toBe(422);
      expect(response.body.fields?.amount).toBe('The withdrawal amount must be between 20 and 10000 USDT.');
    }
    expect(await available(player)).toBe(30_000n);
  });

  it('refuses more than the player can spend', async () => {
    const player = await readyPlayer();
    const response = await withdraw(player, { amount: '300000000' });
    expect(response.status).toBe(422);
    expect(await available(player)).toBe(30_000n);
  });

  it('needs the right pay password and approved KYC', async () => {
    const player = await readyPlayer();
    const wrong = await withdraw(player, { payPassword: '999999' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields?.payPassword).toBeDefined();
    const unverified = await readyPlayer({ kyc: false });
    const refused = await withdraw(unverified);
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe('Your identity must be verified before you can withdraw.');
  });

  it('refuses a network other than the deposits’ and a bad address on the address field', async () => {
    const player = await readyPlayer();
    const mismatch = await withdraw(player, { ...usdtEthereum, address: ethereumTarget, amount: '50000000' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.fields?.address).toMatch(/network you deposited on: TRON \(TRC20\)/);
    const typo = await withdraw(player, { address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM' });
    expect(typo.status).toBe(422);
    expect(typo.body.fields?.address).toMatch(/checksum/);
    expect(await available(player)).toBe(30_000n);
  });
});

describe('the desk’s review of crypto withdrawals', () => {
  it('approval sends the coin on chain, records the transaction hash and writes the letter', async () => {
    const player = await readyPlayer();
    const requested = await withdraw(player);
    const orderSn = requested.body.data?.orderSn as string;
    const queue = await server.call<{ list: WithdrawalReviewItem[] }>(
      '/v2/admin/withdrawal/list',
      { method: 'crypto' },
      { token: operator.token },
    );
    expect(queue.body.data?.list.find((item) => item.orderSn === orderSn)).toMatchObject({
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: tronTarget,
      fee: 150,
      user: { userId: player.userId },
    });
    const approved = await server.call('/v2/admin/withdrawal/approve', { orderSn }, { token: operator.token });
    expect(approved.body).toMatchObject({ code: 200 });
    const got = await server.call<Withdrawal>('/v2/app/draw/get', { orderSn }, { token: player.token });
    expect(got.body.data).toMatchObject({ method: 'crypto', status: 'withdrawalSuccessful' });
    const txHash = got.body.data?.method === 'crypto' ? got.body.data.txHash : null;
    expect(txHash).toMatch(/^[0-9a-f]{64}$/);
    const [sent] = await server.db
      .select()
      .from(chainSimTransactions)
      .where(eq(chainSimTransactions.txHash, txHash as string));
    expect(sent).toMatchObject({ kind: 'payout', toAddress: tronTarget, amount: '19000000', payoutReference: orderSn });
    expect(await balanceOf(server.db, player.userId, 'COIN')).toEqual({
      balance: 27_000n,
      held: 0n,
      available: 27_000n,
    });
    const letter = await letterOf(player, 'cryptoWithdrawalPaid');
    expect(letter?.params).toMatchObject({ orderSn, amount: '19', coin: 'USDT', network: 'TRC20', txHash });
    const read = await server.call<{ list: { title: string; content: string }[] }>(
      '/v2/app/station/query',
      {},
      { token: player.token },
    );
    expect(read.body.data?.list[0]?.content).toContain(`19 USDT on TRC20 to ${tronTarget}`);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('rejection gives the coins back and shows the reason to the player', async () => {
    const player = await readyPlayer();
    const requested = await withdraw(player);
    const orderSn = requested.body.data?.orderSn as string;
    const rejected = await server.call(
      '/v2/admin/withdrawal/reject',
      { orderSn, reason: 'Address under review' },
      { token: operator.token },
    );
    expect(rejected.body).toMatchObject({ code: 200 });
    expect(await available(player)).toBe(30_000n);
    const got = await server.call<Withdrawal>('/v2/app/draw/get', { orderSn }, { token: player.token });
    expect(got.body.data).toMatchObject({
      status: 'withdrawalFailed',
      failureReason: 'Address under review',
      txHash: null,
    });
    const letter = await letterOf(player, 'withdrawalFailed');
    expect(letter?.params).toMatchObject({ orderSn, reason: 'Address under review' });
    const twice = await server.call('/v2/admin/withdrawal/approve', { orderSn }, { token: operator.token });
    expect(twice.status).toBe(409);
  });
});
