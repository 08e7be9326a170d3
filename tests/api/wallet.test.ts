import { randomUUID } from 'node:crypto';
import type { GameRecord, GameRecordTotals } from '@contract/record';
import { users } from '@server/db/schema/auth';
import { walletTransactions } from '@server/db/schema/hall';
import { balanceOf, findAccount, gameProviderAccount } from '@server/modules/ledger/accounts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchTokenOf,
  machinesOf,
  openGameSession,
  testProvider,
  type WalletAnswer,
  walletClient,
} from '../support/game-provider';
import { startGameTestServer } from '../support/game-test-server';
import { ledgerViolations } from '../support/ledger-invariants';
import { fundPlayer, newOperator, newPlayer, type TestPlayer } from '../support/players';
import type { SmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, type TestServer } from './harness';

// Docs: docs/requirements.md §10, docs/architecture.md "Game wallet". Acme counts 100 units per coin.
const unit = 100;
const acme = testProvider('acme', unit);
const clock = createTestClock(new Date('2026-05-01T10:00:00Z'));
let smtp: SmtpTestServer;
let server: TestServer;
let wallet: ReturnType<typeof walletClient>;
let closeServer: () => Promise<void>;

beforeAll(async () => {
  ({ server, smtp, wallet, close: closeServer } = await startGameTestServer(acme, clock));
}, 60_000);
afterAll(() => closeServer());

interface Seated {
  player: TestPlayer;
  user: string;
  token: string;
  machineId: number;
}

let machineCursor = 0;
/** A funded player seated at the next free Acme machine with an open game session. */
async function seated(coins: number): Promise<Seated> {
  const player = await newPlayer(server, smtp);
  await fundPlayer(server, player, coins);
  const machines = await machinesOf(server, player, 'acme-slot');
  const machine = machines[machineCursor % machines.length];
  machineCursor += 1;
  // Each test's player takes a machine another test may have left: free it first.
  await server.db.execute(`DELETE FROM game_seats WHERE machine_id = ${machine?.id}`);
  const token = await openGameSession(server, wallet, player, machine?.id ?? 0);
  return { player, user: `player-${player.userId}`, token, machineId: machine?.id ?? 0 };
}

/** Takes the machine's seat for the player and answers the launch URL's token, not yet redeemed. */
async function launchTokenFor(player: TestPlayer, machineId: number): Promise<string> {
  const launched = await server.call<{ url: string }>('/v2/app/game/launch', { machineId }, { token: player.token });
  expect(launched.body, JSON.stringify(launched.body)).toMatchObject({ code: 200 });
  return launchTokenOf(launched.body.data?.url ?? '');
}

type WalletBody = ReturnType<typeof betBody>;

function betBody(who: Seated, amount: number, overrides: Record<string, unknown> = {}) {
  return {
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    user: who.user,
    token: who.token,
    round: `round-${randomUUID()}`,
    game_code: 'acme-slot',
    currency: 'COIN',
    amount: amount * unit,
    is_free: false,
    round_closed: false,
    ...overrides,
  };
}

/**
 * On a game session that has ended, a new bet is refused, while the win owed to `bet` (300 coins)
 * and the rollback of `other` still settle.
 */
async function expectEndedSessionSettles(who: Seated, bet: WalletBody, other: WalletBody): Promise<void> {
  expect((await wallet.call('transaction/bet', betBody(who, 1))).status).toBe('RS_ERROR_TOKEN_EXPIRED');
  const win = { ...betBody(who, 300, { round: bet.round }), reference_transaction_uuid: bet.transaction_uuid };
  expect((await wallet.call('transaction/win', win)).status).toBe('RS_OK');
  const rollback = {
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: other.transaction_uuid,
    user: who.user,
    token: who.token,
  };
  expect((await wallet.call('transaction/rollback', rollback)).status).toBe('RS_OK');
}

async function coinsOf(who: Seated): Promise<number> {
  return Number((await balanceOf(server.db, who.player.userId, 'COIN')).available);
}

describe('signatures and providers', () => {
  it('refuses a tampered body, a missing signature and an unknown provider before reading the body', async () => {
    const who = await seated(100);
    const body = betBody(who, 10);
    const signedFor = JSON.stringify(body);
    const tampered = signedFor.replace(`"amount":${10 * unit}`, `"amount":${1 * unit}`);
    const refused = await wallet.call('transaction/bet', body, {
      rawBody: tampered,
      signature: (await import('node:crypto'))
        .sign('sha256', Buffer.from(signedFor), acme.privateKey)
        .toString('base64'),
    });
    expect(refused).toEqual({ status: 'RS_ERROR_INVALID_SIGNATURE' });
    expect(await wallet.call('transaction/bet', body, { signature: '' })).toEqual({
      status: 'RS_ERROR_INVALID_SIGNATURE',
    });
    expect(await wallet.call('transaction/bet', body, { provider: 'nobody' })).toEqual({
      status: 'RS_ERROR_INVALID_PARTNER',
    });
    // Acme's key does not speak for the studio.
    expect(await wallet.call('transaction/bet', body, { provider: 'studio' })).toEqual({
      status: 'RS_ERROR_INVALID_SIGNATURE',
    });
    expect(await coinsOf(who)).toBe(100);
  });

  it('answers a body that is not JSON or has wrong types with the protocol statuses', async () => {
    expect(await wallet.call('transaction/bet', {}, { rawBody: '{not json' })).toEqual({
      status: 'RS_ERROR_WRONG_SYNTAX',
    });
    const who = await seated(100);
    const answer = await wallet.call('transaction/bet', betBody(who, 1, { amount: '100' }));
    expect(answer.status).toBe('RS_ERROR_WRONG_TYPES');
    // An amount that is not a whole number of coins.
    expect((await wallet.call('transaction/bet', betBody(who, 1, { amount: 150 }))).status).toBe(
      'RS_ERROR_WRONG_TYPES',
    );
  });

  it('refuses a body nested deeper than any request needs before reading it, booking nothing', async () => {
    const who = await seated(100);
    const body = betBody(who, 1);
    const deepMeta = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const raw = `${JSON.stringify(body).slice(0, -1)},"meta":${deepMeta}}`;
    expect(await wallet.call('transaction/bet', body, { rawBody: raw })).toEqual({ status: 'RS_ERROR_WRONG_SYNTAX' });
    expect(await coinsOf(who)).toBe(100);
  });
});

describe('launch token exchange', () => {
  it('exchanges a launch token once; a repeat of the same request gets the same session token', async () => {
    const player = await newPlayer(server, smtp);
    await fundPlayer(server, player, 50);
    const [machine] = await machinesOf(server, player, 'acme-slot');
    await server.db.execute(`DELETE FROM game_seats WHERE machine_id = ${machine?.id}`);
    const launched = await server.call<{ url: string }>(
      '/v2/app/game/launch',
      { machineId: machine?.id },
      { token: player.token },
    );
    const launchToken = launchTokenOf(launched.body.data?.url ?? '');
    const request = { request_uuid: randomUUID(), token: launchToken };
    const first = await wallet.call('user/info', request);
    expect(first).toMatchObject({
      status: 'RS_OK',
      user: `player-${player.userId}`,
      currency: 'COIN',
      balance: 50 * unit,
      game_code: 'acme-slot',
      machine: machine?.number,
    });
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await wallet.call('user/info', request)).toEqual(first);
    expect((await wallet.call('user/info', { request_uuid: randomUUID(), token: launchToken })).status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    // The launch token itself never places a bet.
    const asSession = { player, user: `player-${player.userId}`, token: launchToken, machineId: machine?.id ?? 0 };
    expect((await wallet.call('transaction/bet', betBody(asSession, 1))).status).toBe('RS_ERROR_INVALID_TOKEN');
  });

  it('refuses an expired launch token, another player’s, and one redeemed at another provider', async () => {
    const player = await newPlayer(server, smtp);
    await fundPlayer(server, player, 50);
    const [, machine] = await machinesOf(server, player, 'acme-slot');
    await server.db.execute(`DELETE FROM game_seats WHERE machine_id = ${machine?.id}`);
    const launch = async () =>
      launchTokenOf(
        (await server.call<{ url: string }>('/v2/app/game/launch', { machineId: machine?.id }, { token: player.token }))
          .body.data?.url ?? '',
      );
    const late = await launch();
    clock.advance(61_000);
    expect((await wallet.call('user/info', { request_uuid: randomUUID(), token: late })).status).toBe(
      'RS_ERROR_TOKEN_EXPIRED',
    );
    const bound = await launch();
    expect(
      (await wallet.call('user/info', { request_uuid: randomUUID(), token: bound, user: 'player-999999' })).status,
    ).toBe('RS_ERROR_INVALID_TOKEN');
    const studio = walletClient(
      server,
      'studio',
      (await import('node:crypto')).createPrivateKey(server.deps.games.keys.studioPrivateKeyPem),
    );
    expect((await studio.call('user/info', { request_uuid: randomUUID(), token: bound })).status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    // Still unused after the refusals.
    expect((await wallet.call('user/info', { request_uuid: randomUUID(), token: bound })).status).toBe('RS_OK');
  });

  it('repeats a redemption only while its launch token lives and its session is open', async () => {
    const player = await newPlayer(server, smtp);
    await fundPlayer(server, player, 50);
    const [, , machine] = await machinesOf(server, player, 'acme-slot');
    await server.db.execute(`DELETE FROM game_seats WHERE machine_id = ${machine?.id}`);
    const late = { request_uuid: randomUUID(), token: await launchTokenFor(player, machine?.id ?? 0) };
    const first = await wallet.call('user/info', late);
    expect(first.status).toBe('RS_OK');
    clock.advance(30_000);
    expect(await wallet.call('user/info', late)).toEqual(first);
    // Past the launch token's 60 s, the same request no longer hands out the session.
    clock.advance(31_000);
    expect(await wallet.call('user/info', late)).toEqual({
      status: 'RS_ERROR_TOKEN_EXPIRED',
      request_uuid: late.request_uuid,
    });
    // Within the 60 s, but the machine launched again since: the session it opened has ended.
    const relaunched = { request_uuid: randomUUID(), token: await launchTokenFor(player, machine?.id ?? 0) };
    expect((await wallet.call('user/info', relaunched)).status).toBe('RS_OK');
    await launchTokenFor(player, machine?.id ?? 0);
    expect(await wallet.call('user/info', relaunched)).toEqual({
      status: 'RS_ERROR_TOKEN_EXPIRED',
      request_uuid: relaunched.request_uuid,
    });
  });

  it('ends the earlier session and launch tokens when the same machine is launched again', async () => {
    const who = await seated(1000);
    const bet = betBody(who, 100);
    const other = betBody(who, 50);
    expect((await wallet.call('transaction/bet', bet)).status).toBe('RS_OK');
    expect((await wallet.call('transaction/bet', other)).status).toBe('RS_OK');
    const unused = await launchTokenFor(who.player, who.machineId);
    const newest = await launchTokenFor(who.player, who.machineId);
    // The earlier session takes no more bets, but what it owes and what it undoes still settle.
    await expectEndedSessionSettles(who, bet, other);
    expect(await coinsOf(who)).toBe(1200);
    // Of the launches, only the newest opens a game.
    expect((await wallet.call('user/info', { request_uuid: randomUUID(), token: unused })).status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    const opened = await wallet.call('user/info', { request_uuid: randomUUID(), token: newest });
    expect(opened.status).toBe('RS_OK');
    expect((await wallet.call('transaction/bet', betBody({ ...who, token: opened.token ?? '' }, 1))).status).toBe(
      'RS_OK',
    );
  });
});

describe('user info without a token', () => {
  it('answers only for a player who holds an open game session of the asking provider', async () => {
    const who = await seated(100);
    const info = (user: string, via = wallet) => via.call('user/info', { request_uuid: randomUUID(), user });
    expect(await info(who.user)).toMatchObject({
      status: 'RS_OK',
      user: who.user,
      registration_date: expect.any(String),
    });
    const unseated = await newPlayer(server, smtp);
    const operator = await newOperator(server);
    for (const user of [`player-${unseated.userId}`, `player-${operator.userId}`])
      expect(await info(user)).toMatchObject({ status: 'RS_ERROR_INVALID_TOKEN' });
    // The studio signs for itself, and the player holds no studio session.
    const studio = walletClient(
      server,
      'studio',
      (await import('node:crypto')).createPrivateKey(server.deps.games.keys.studioPrivateKeyPem),
    );
    expect((await info(who.user, studio)).status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await server.call('/v2/app/game/seat/release', {}, { token: who.player.token })).status).toBe(200);
    expect((await info(who.user)).status).toBe('RS_ERROR_INVALID_TOKEN');
  });
});

describe('bets, wins and rollbacks', () => {
  it('takes a bet and pays a win through the ledger, with the balance in protocol units', async () => {
    const who = await seated(1000);
    const bet = betBody(who, 300);
    expect(await wallet.call('transaction/bet', bet)).toEqual({
      user: who.user,
      status: 'RS_OK',
      request_uuid: bet.request_uuid,
      currency: 'COIN',
      balance: 700 * unit,
    });
    const win = {
      ...betBody(who, 500, { round: bet.round, round_closed: true }),
      reference_transaction_uuid: bet.transaction_uuid,
    };
    expect((await wallet.call('transaction/win', win)).balance).toBe(1200 * unit);
    expect(
      await wallet.call('user/balance', { request_uuid: randomUUID(), user: who.user, token: who.token }),
    ).toMatchObject({ status: 'RS_OK', balance: 1200 * unit });
    expect(await coinsOf(who)).toBe(1200);
  });

  it("books each player's stakes and wins on the provider's house account for that player", async () => {
    const first = await seated(1000);
    const second = await seated(1000);
    const houseOf = (who: Seated) => gameProviderAccount('acme', who.player.userId, 'COIN');
    expect(houseOf(first)).not.toEqual(houseOf(second));
    const houseBefore = await Promise.all(
      [first, second].map(async (who) => (await findAccount(server.db, houseOf(who)))?.balance ?? 0n),
    );
    const bet = betBody(first, 300);
    expect((await wallet.call('transaction/bet', bet)).status).toBe('RS_OK');
    const win = { ...betBody(first, 100, { round: bet.round }), reference_transaction_uuid: bet.transaction_uuid };
    expect((await wallet.call('transaction/win', win)).status).toBe('RS_OK');
    expect((await wallet.call('transaction/bet', betBody(second, 50))).status).toBe('RS_OK');
    expect((await findAccount(server.db, houseOf(first)))?.balance).toBe(houseBefore[0]! + 200n);
    expect((await findAccount(server.db, houseOf(second)))?.balance).toBe(houseBefore[1]! + 50n);
    expect(await ledgerViolations(server.db)).toEqual([]);
  });

  it('answers a repeated request_uuid with the stored answer and moves the coins once', async () => {
    const who = await seated(1000);
    const bet = betBody(who, 100);
    const first = await wallet.call('transaction/bet', bet);
    await fundPlayer(server, who.player, 5);
    expect(await wallet.call('transaction/bet', bet)).toEqual(first);
    expect(await coinsOf(who)).toBe(905);
    // A balance is always current.
    const balance = { request_uuid: randomUUID(), user: who.user, token: who.token };
    expect((await wallet.call('user/balance', balance)).balance).toBe(905 * unit);
    await fundPlayer(server, who.player, 5);
    expect((await wallet.call('user/balance', balance)).balance).toBe(910 * unit);
  });

  it('processes a transaction_uuid at most once: another request with it is a duplicate, with the balance', async () => {
    const who = await seated(1000);
    const bet = betBody(who, 100);
    await wallet.call('transaction/bet', bet);
    const again = await wallet.call('transaction/bet', { ...bet, request_uuid: randomUUID() });
    expect(again).toMatchObject({ status: 'RS_ERROR_DUPLICATE_TRANSACTION', balance: 900 * unit, currency: 'COIN' });
    expect(await coinsOf(who)).toBe(900);
  });

  it('refuses a bet beyond the balance with the actual balance, and takes nothing', async () => {
    const who = await seated(250);
    const answer = await wallet.call('transaction/bet', betBody(who, 300));
    expect(answer).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 250 * unit, user: who.user });
    expect(await coinsOf(who)).toBe(250);
  });

  it('refuses wrong currency, unknown game and unknown token, and a frozen player’s bets', async () => {
    const who = await seated(500);
    expect((await wallet.call('transaction/bet', betBody(who, 1, { currency: 'EUR' }))).status).toBe(
      'RS_ERROR_WRONG_CURRENCY',
    );
    expect((await wallet.call('transaction/bet', betBody(who, 1, { game_code: 'no-such-game' }))).status).toBe(
      'RS_ERROR_INVALID_GAME',
    );
    expect((await wallet.call('transaction/bet', betBody(who, 1, { token: 'not-a-session' }))).status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    expect((await wallet.call('transaction/bet', betBody(who, 1, { user: 'player-1' }))).status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    const bet = betBody(who, 100);
    expect((await wallet.call('transaction/bet', bet)).status).toBe('RS_OK');
    await server.db.update(users).set({ frozen: true }).where(eq(users.id, who.player.userId));
    expect((await wallet.call('transaction/bet', betBody(who, 1))).status).toBe('RS_ERROR_USER_DISABLED');
    // What the game owes a frozen player is still paid.
    const win = { ...betBody(who, 50, { round: bet.round }), reference_transaction_uuid: bet.transaction_uuid };
    expect((await wallet.call('transaction/win', win)).status).toBe('RS_OK');
    expect(await coinsOf(who)).toBe(450);
  });

  it('refuses a win for a bet it never saw', async () => {
    const who = await seated(100);
    const win = { ...betBody(who, 10), reference_transaction_uuid: randomUUID() };
    expect((await wallet.call('transaction/win', win)).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await coinsOf(who)).toBe(100);
  });

  it('rolls a bet back once, whatever the number of rollbacks', async () => {
    const who = await seated(1000);
    const bet = betBody(who, 400);
    await wallet.call('transaction/bet', bet);
    const rollback = () => ({
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet.transaction_uuid,
      user: who.user,
      token: who.token,
      round: bet.round,
      game_code: 'acme-slot',
    });
    expect(await wallet.call('transaction/rollback', rollback())).toMatchObject({
      status: 'RS_OK',
      balance: 1000 * unit,
    });
    expect(await wallet.call('transaction/rollback', rollback())).toMatchObject({
      status: 'RS_OK',
      balance: 1000 * unit,
    });
    expect(await coinsOf(who)).toBe(1000);
    // A win for a rolled-back bet is refused.
    const win = { ...betBody(who, 10, { round: bet.round }), reference_transaction_uuid: bet.transaction_uuid };
    expect((await wallet.call('transaction/win', win)).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
  });

  it('remembers a rollback of a bet it never saw, so the late bet is refused', async () => {
    const who = await seated(1000);
    const bet = betBody(who, 100);
    const rollback = {
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet.transaction_uuid,
      user: who.user,
      token: who.token,
      round: bet.round,
    };
    expect(await wallet.call('transaction/rollback', rollback)).toMatchObject({
      status: 'RS_OK',
      balance: 1000 * unit,
    });
    expect(await wallet.call('transaction/bet', bet)).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
      balance: 1000 * unit,
    });
    expect(await coinsOf(who)).toBe(1000);
    const [tombstone] = await server.db
      .select({ kind: walletTransactions.kind })
      .from(walletTransactions)
      .where(eq(walletTransactions.transactionUuid, bet.transaction_uuid));
    expect(tombstone?.kind).toBe('tombstone');
  });

  it('refuses bets on an expired session but still accepts its wins and rollbacks', async () => {
    const who = await seated(1000);
    const bet = betBody(who, 100);
    const other = betBody(who, 200);
    await wallet.call('transaction/bet', bet);
    await wallet.call('transaction/bet', other);
    clock.advance(server.deps.games.times.sessionIdleMs + 1000);
    await expectEndedSessionSettles(who, bet, other);
    expect(await coinsOf(who)).toBe(1200);
  });

  it('never overdraws under concurrent bets of one player, and the ledger holds', async () => {
    const who = await seated(1000);
    const answers: WalletAnswer[] = await Promise.all(
      Array.from({ length: 25 }, () => wallet.call('transaction/bet', betBody(who, 100))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 'RS_OK')).toHaveLength(10);
    expect(statuses.filter((status) => status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(15);
    expect(await coinsOf(who)).toBe(0);
    expect(await ledgerViolations(server.db)).toEqual([]);
  });

  it('refuses a request_uuid sent again with another body, answers the same body however spelled, and books nothing', async () => {
    const who = await seated(1000);
    const bet = betBody(who, 100);
    const booked = await wallet.call('transaction/bet', bet);
    expect(booked.status).toBe('RS_OK');
    // A win under its bet's request_uuid: never the bet's answer, and no win is booked.
    const win = {
      ...betBody(who, 500, { round: bet.round }),
      request_uuid: bet.request_uuid,
      reference_transaction_uuid: bet.transaction_uuid,
    };
    const reused = { status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: bet.request_uuid };
    expect(await wallet.call('transaction/win', win)).toEqual(reused);
    expect(await wallet.call('transaction/bet', { ...bet, amount: 1 * unit })).toEqual(reused);
    expect(await coinsOf(who)).toBe(900);
    // The same body in another key order and spacing is the same request.
    const respelled = JSON.stringify(Object.fromEntries(Object.entries(bet).reverse()), null, 2);
    expect(await wallet.call('transaction/bet', bet, { rawBody: respelled })).toEqual(booked);
    // The win, sent as its own request, is booked once.
    expect(await wallet.call('transaction/win', { ...win, request_uuid: randomUUID() })).toMatchObject({
      status: 'RS_OK',
      balance: 1400 * unit,
    });
    // A stored refusal and a rollback are kept to their bodies alike.
    const short = betBody(who, 5000);
    expect((await wallet.call('transaction/bet', short)).status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    expect(await wallet.call('transaction/bet', { ...short, amount: 1 * unit })).toEqual({
      status: 'RS_ERROR_WRONG_SYNTAX',
      request_uuid: short.request_uuid,
    });
    const small = betBody(who, 10);
    expect((await wallet.call('transaction/bet', small)).status).toBe('RS_OK');
    const rollback = {
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: randomUUID(),
      user: who.user,
      token: who.token,
    };
    expect((await wallet.call('transaction/rollback', rollback)).status).toBe('RS_OK');
    expect(
      await wallet.call('transaction/rollback', { ...rollback, reference_transaction_uuid: small.transaction_uuid }),
    ).toEqual({ status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: rollback.request_uuid });
    expect(await coinsOf(who)).toBe(1390);
    expect(await ledgerViolations(server.db)).toEqual([]);
  });

  it('keeps a bet a win has settled: its rollback is refused until the win is rolled back', async () => {
    const who = await seated(1000);
    const bet = betBody(who, 100);
    expect((await wallet.call('transaction/bet', bet)).status).toBe('RS_OK');
    const win = { ...betBody(who, 300, { round: bet.round }), reference_transaction_uuid: bet.transaction_uuid };
    expect((await wallet.call('transaction/win', win)).status).toBe('RS_OK');
    const rollbackOf = (reference: string) => ({
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: reference,
      user: who.user,
      token: who.token,
      round: bet.round,
    });
    expect(await wallet.call('transaction/rollback', rollbackOf(bet.transaction_uuid))).toMatchObject({
      status: 'RS_ERROR_UNKNOWN',
      balance: 1200 * unit,
    });
    expect(await coinsOf(who)).toBe(1200);
    // Voiding the round: the win back first, then the bet.
    expect(await wallet.call('transaction/rollback', rollbackOf(win.transaction_uuid))).toMatchObject({
      status: 'RS_OK',
      balance: 900 * unit,
    });
    expect(await wallet.call('transaction/rollback', rollbackOf(bet.transaction_uuid))).toMatchObject({
      status: 'RS_OK',
      balance: 1000 * unit,
    });
    const records = await server.call<{ list: GameRecord[] }>(
      '/v2/app/record/game/record/query',
      {},
      { token: who.player.token },
    );
    expect(records.body.data?.list.map((record) => [record.betAmount, record.winAmount])).toEqual([[0, 0]]);
    expect(await ledgerViolations(server.db)).toEqual([]);
  });

  it('books either a bet’s win or its rollback when both come at once, never both', async () => {
    const who = await seated(1000);
    let expected = 1000;
    for (let index = 0; index < 6; index += 1) {
      const bet = betBody(who, 100);
      expect((await wallet.call('transaction/bet', bet)).status).toBe('RS_OK');
      const win = { ...betBody(who, 300, { round: bet.round }), reference_transaction_uuid: bet.transaction_uuid };
      const rollback = {
        request_uuid: randomUUID(),
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: bet.transaction_uuid,
        user: who.user,
        token: who.token,
      };
      const [won, undone] = await Promise.all([
        wallet.call('transaction/win', win),
        wallet.call('transaction/rollback', rollback),
      ]);
      const outcome = [won.status, undone.status];
      expect([
        ['RS_OK', 'RS_ERROR_UNKNOWN'],
        ['RS_ERROR_TRANSACTION_ROLLED_BACK', 'RS_OK'],
      ]).toContainEqual(outcome);
      expected += won.status === 'RS_OK' ? 200 : 0;
      expect(await coinsOf(who)).toBe(expected);
    }
    expect(await ledgerViolations(server.db)).toEqual([]);
  });
});

describe('rounds as game records', () => {
  it('lists each round with the game in the player’s language, the machine, bet, win and totals', async () => {
    const who = await seated(1000);
    const bet = betBody(who, 100);
    await wallet.call('transaction/bet', bet);
    await wallet.call('transaction/bet', { ...betBody(who, 50), round: bet.round });
    await wallet.call('transaction/win', {
      ...betBody(who, 400, { round: bet.round }),
      reference_transaction_uuid: bet.transaction_uuid,
    });
    const second = betBody(who, 30);
    await wallet.call('transaction/bet', second);
    const list = await server.call<{ list: GameRecord[]; total: number }>(
      '/v2/app/record/game/record/query',
      {},
      { token: who.player.token },
    );
    expect(list.body.data?.total).toBe(2);
    const round = list.body.data?.list.find((record) => record.betAmount === 150);
    expect(round).toMatchObject({ gameName: 'Acme Slot', winAmount: 400, profitLoss: 250 });
    expect(round?.machineId).toMatch(/^\d+$/);
    const japanese = await server.call<{ list: GameRecord[] }>(
      '/v2/app/record/game/record/query',
      { gameName: 'アクメスロット' },
      { token: who.player.token, lang: 'ja-JP' },
    );
    expect(japanese.body.data?.list.map((record) => record.gameName)).toEqual(['アクメスロット', 'アクメスロット']);
    const totals = await server.call<GameRecordTotals>(
      '/v2/app/record/game/record/count',
      { gameName: 'Acme Slot' },
      { token: who.player.token },
    );
    expect(totals.body.data).toEqual({ recordCount: 2, totalBet: 180, totalWin: 400, totalProfitLoss: 220 });
  });

  it('keeps a round id two players use apart: each player has their own round', async () => {
    const first = await seated(1000);
    const second = await seated(1000);
    const round = `shared-${randomUUID()}`;
    expect((await wallet.call('transaction/bet', betBody(first, 333, { round }))).status).toBe('RS_OK');
    const bet = betBody(second, 10, { round });
    expect((await wallet.call('transaction/bet', bet)).status).toBe('RS_OK');
    const win = { ...betBody(second, 30, { round }), reference_transaction_uuid: bet.transaction_uuid };
    expect((await wallet.call('transaction/win', win)).status).toBe('RS_OK');
    const roundsOf = async (who: Seated) =>
      (
        await server.call<{ list: GameRecord[] }>('/v2/app/record/game/record/query', {}, { token: who.player.token })
      ).body.data?.list.map((record) => [record.betAmount, record.winAmount]);
    expect(await roundsOf(first)).toEqual([[333, 0]]);
    expect(await roundsOf(second)).toEqual([[10, 30]]);
  });
});
