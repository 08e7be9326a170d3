import { createPrivateKey, randomUUID } from 'node:crypto';
import type { DeskGameEntry, GameProfitDay, GameRound, GameRoundTransaction } from '@contract/hall-desk';
import { providerGames } from '@server/db/schema/hall';
import { setUpGameHall } from '@server/modules/hall/providers';
import { findAccount, gameProviderAccount, gameProviderAccountShards } from '@server/modules/ledger/accounts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machinesOf, openGameSession, testProvider, walletClient } from '../support/game-provider';
import { startGameTestServer } from '../support/game-test-server';
import { fundPlayer, newOperator, newPlayer, refusal, type TestPlayer } from '../support/players';
import type { SmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, type TestServer } from './harness';

// Docs: docs/architecture.md "Game wallet" (the desk's part), docs/requirements.md §10.
const unit = 100;
const acme = testProvider('acme', unit);
// 10:00 UTC is 19:00 in Japan: the rounds' day is 2026-05-01 there.
const clock = createTestClock(new Date('2026-05-01T10:00:00Z'));
let smtp: SmtpTestServer;
let server: TestServer;
let operator: TestPlayer;
let wallet: ReturnType<typeof walletClient>;
let closeServer: () => Promise<void>;

beforeAll(async () => {
  ({ server, smtp, wallet, close: closeServer } = await startGameTestServer(acme, clock));
  operator = await newOperator(server);
}, 60_000);
afterAll(() => closeServer());

async function desk<T>(path: string, body: Record<string, unknown> = {}): Promise<T> {
  const answer = await server.call<T>(path, body, { token: operator.token });
  expect(answer.body, `${path}: ${JSON.stringify(answer.body)}`).toMatchObject({ code: 200 });
  return answer.body.data as T;
}

interface Seated {
  player: TestPlayer;
  user: string;
  token: string;
  machineId: number;
}

/** A funded player seated at a free Acme machine (the `index`-th) with an open game session. */
async function seated(coins: number, index: number): Promise<Seated> {
  const player = await newPlayer(server, smtp);
  await fundPlayer(server, player, coins);
  const machine = (await machinesOf(server, player, 'acme-slot'))[index];
  if (!machine) throw new Error('no such machine');
  await server.db.execute(`DELETE FROM game_seats WHERE machine_id = ${machine.id}`);
  const token = await openGameSession(server, wallet, player, machine.id);
  return { player, user: `player-${player.userId}`, token, machineId: machine.id };
}

function transaction(who: Seated, round: string, amount: number, extra: Record<string, unknown> = {}) {
  return {
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    user: who.user,
    token: who.token,
    round,
    game_code: 'acme-slot',
    currency: 'COIN',
    amount: amount * unit,
    ...extra,
  };
}

async function play(who: Seated, stake: number, win: number, meta?: Record<string, unknown>) {
  const round = `r-${randomUUID()}`;
  const bet = transaction(who, round, stake, meta ? { meta } : {});
  expect((await wallet.call('transaction/bet', bet)).status).toBe('RS_OK');
  const paid = transaction(who, round, win, { reference_transaction_uuid: bet.transaction_uuid });
  expect((await wallet.call('transaction/win', paid)).status).toBe('RS_OK');
  return { round, bet, paid };
}

interface RoundPage {
  list: GameRound[];
  total: number;
  betAmount: number;
  winAmount: number;
}
interface RoundDetail {
  round: GameRound;
  transactions: GameRoundTransaction[];
  proof: Record<string, unknown> | null;
  verifyUrl: string | null;
}
interface ProfitReport {
  list: GameProfitDay[];
  totals: { rounds: number; players: number; betAmount: number; winAmount: number; profit: number };
}

const gameIdOf = async (code: string) =>
  (await server.db.select().from(providerGames).where(eq(providerGames.gameCode, code)))[0]?.id ?? 0;

describe('rounds', () => {
  let alice: Seated;
  let bob: Seated;
  let aliceRounds: Awaited<ReturnType<typeof play>>[];

  beforeAll(async () => {
    alice = await seated(1000, 0);
    bob = await seated(1000, 1);
    aliceRounds = [
      await play(alice, 10, 0, { serverSeedHash: 'ab'.repeat(32), clientSeed: 'alice', nonce: 0 }),
      await play(alice, 20, 50),
    ];
    await play(bob, 30, 5);
  });

  it('lists a player’s rounds by keyword or id, newest first, with the sums of bets and wins', async () => {
    const byKeyword = await desk<RoundPage>('/v2/admin/game/round/list', { keyword: alice.player.account });
    expect(byKeyword.total).toBe(2);
    expect(byKeyword.list.map((round) => round.round)).toEqual(aliceRounds.map((played) => played.round).reverse());
    expect([byKeyword.betAmount, byKeyword.winAmount]).toEqual([30, 50]);
    expect(byKeyword.list[0]).toMatchObject({
      user: { userId: alice.player.userId, account: alice.player.account },
      game: { code: 'acme-slot', providerId: 'acme', name: 'Acme Slot' },
      machineNumber: 1,
      betAmount: 20,
      winAmount: 50,
    });
    const byId = await desk<RoundPage>('/v2/admin/game/round/list', { userId: bob.player.userId });
    expect(byId.list.map((round) => [round.betAmount, round.winAmount])).toEqual([[30, 5]]);
    // The game's name follows the reader's language.
    const inJapanese = await server.call<RoundPage>(
      '/v2/admin/game/round/list',
      { userId: bob.player.userId },
      { token: operator.token, lang: 'ja-JP' },
    );
    expect(inJapanese.body.data?.list[0]?.game.name).toBe('アクメスロット');
  });

  it('filters by game, machine, round id, provider and period, and pages', async () => {
    const gameId = await gameIdOf('acme-slot');
    const all = await desk<RoundPage>('/v2/admin/game/round/list', { gameId });
    expect(all.total).toBe(3);
    const onBobsMachine = await desk<RoundPage>('/v2/admin/game/round/list', { machineId: bob.machineId });
    expect(onBobsMachine.list.map((round) => round.user.userId)).toEqual([bob.player.userId]);
    const one = await desk<RoundPage>('/v2/admin/game/round/list', { round: aliceRounds[0]?.round });
    expect(one.list.map((round) => round.round)).toEqual([aliceRounds[0]?.round]);
    expect((await desk<RoundPage>('/v2/admin/game/round/list', { providerId: 'studio' })).total).toBe(0);
    expect(
      (await desk<RoundPage>('/v2/admin/game/round/list', { period: { from: '2026-05-01', to: '2026-05-01' } })).total,
    ).toBe(3);
    expect(
      (await desk<RoundPage>('/v2/admin/game/round/list', { period: { from: '2026-05-02', to: '2026-05-03' } })).total,
    ).toBe(0);
    const second = await desk<RoundPage>('/v2/admin/game/round/list', { gameId, pageNum: 2, pageSize: 2 });
    expect([second.total, second.list.length]).toEqual([3, 1]);
    refusal(
      await server.call('/v2/admin/game/round/list', { providerId: 'Not a provider' }, { token: operator.token }),
      400,
      'Some fields are not valid',
    );
  });

  it('shows a round with its transactions, the provider’s proof data and the ledger transfers', async () => {
    const played = aliceRounds[0];
    if (!played) throw new Error('no round');
    const [listed] = (await desk<RoundPage>('/v2/admin/game/round/list', { round: played.round })).list;
    const detail = await desk<RoundDetail>('/v2/admin/game/round/detail', { id: listed?.id });
    expect(detail.round.round).toBe(played.round);
    expect(detail.proof).toEqual({ serverSeedHash: 'ab'.repeat(32), clientSeed: 'alice', nonce: 0 });
    // Only the studio has a verify page.
    expect(detail.verifyUrl).toBeNull();
    expect(detail.transactions.map((row) => [row.kind, row.amount, row.transactionUuid, row.requestUuid])).toEqual([
      ['bet', 10, played.bet.transaction_uuid, played.bet.request_uuid],
      ['win', 0, played.paid.transaction_uuid, played.paid.request_uuid],
    ]);
    expect(detail.transactions[0]?.ledgerTransferId).toMatch(/^\d+$/);
    // A win of nothing moves nothing.
    expect(detail.transactions[1]?.ledgerTransferId).toBeNull();
    expect(detail.transactions[1]?.referenceTransactionUuid).toBe(played.bet.transaction_uuid);
    refusal(
      await server.call('/v2/admin/game/round/detail', { id: 2_000_000_000 }, { token: operator.token }),
      404,
      'No such round.',
    );
  });

  it('lists a rollback with the round, even when it names no round, and keeps meta the database cannot store out', async () => {
    const who = await seated(500, 2);
    const round = `r-${randomUUID()}`;
    const bet = transaction(who, round, 40, { meta: { note: 'a\u0000b' } });
    expect((await wallet.call('transaction/bet', bet)).status).toBe('RS_OK');
    const rollback = {
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet.transaction_uuid,
      user: who.user,
      token: who.token,
    };
    expect(await wallet.call('transaction/rollback', rollback)).toMatchObject({ status: 'RS_OK', balance: 500 * unit });
    const [listed] = (await desk<RoundPage>('/v2/admin/game/round/list', { round })).list;
    expect([listed?.betAmount, listed?.winAmount]).toEqual([0, 0]);
    const detail = await desk<RoundDetail>('/v2/admin/game/round/detail', { id: listed?.id });
    expect(detail.proof).toBeNull();
    const [booked, undone] = detail.transactions;
    expect([booked?.kind, booked?.amount, booked?.meta, booked?.rolledBackAt]).toEqual([
      'bet',
      40,
      null,
      clock.now().toISOString(),
    ]);
    expect([undone?.kind, undone?.amount, undone?.requestUuid, undone?.referenceTransactionUuid]).toEqual([
      'rollback',
      40,
      rollback.request_uuid,
      bet.transaction_uuid,
    ]);
    expect(undone?.ledgerTransferId).toMatch(/^\d+$/);
    expect(undone?.ledgerTransferId).not.toBe(booked?.ledgerTransferId);
  });

  it('links a studio round to its verify page', async () => {
    const [studioGame] = await server.db.select().from(providerGames).where(eq(providerGames.providerId, 'studio'));
    if (!studioGame) throw new Error('the studio has no game');
    const studio = walletClient(server, 'studio', createPrivateKey(server.deps.games.keys.studioPrivateKeyPem));
    const player = await newPlayer(server, smtp);
    await fundPlayer(server, player, 100);
    const [machine] = await machinesOf(server, player, studioGame.gameCode);
    const token = await openGameSession(server, studio, player, machine?.id ?? 0);
    const round = `studio round ${randomUUID()}`;
    const meta = { serverSeedHash: 'cd'.repeat(32), clientSeed: 'lucky', nonce: 7 };
    const answer = await studio.call('transaction/bet', {
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      user: `player-${player.userId}`,
      token,
      round,
      game_code: studioGame.gameCode,
      currency: 'COIN',
      amount: 5,
      meta,
    });
    expect(answer.status).toBe('RS_OK');
    const [listed] = (await desk<RoundPage>('/v2/admin/game/round/list', { providerId: 'studio' })).list;
    const detail = await desk<RoundDetail>('/v2/admin/game/round/detail', { id: listed?.id });
    expect(detail.proof).toEqual(meta);
    expect(detail.verifyUrl).toBe(`/studio/verify?${new URLSearchParams({ round })}`);
  });

  it('shows a round id two players used as two rounds, each with its own player’s transactions', async () => {
    const first = await seated(1000, 0);
    const second = await seated(1000, 1);
    const round = `shared-${randomUUID()}`;
    const firstBet = transaction(first, round, 333);
    const secondBet = transaction(second, round, 10);
    expect((await wallet.call('transaction/bet', firstBet)).status).toBe('RS_OK');
    expect((await wallet.call('transaction/bet', secondBet)).status).toBe('RS_OK');
    const listed = (await desk<RoundPage>('/v2/admin/game/round/list', { round })).list;
    expect(listed.map((row) => [row.user.userId, row.betAmount]).sort()).toEqual(
      [
        [first.player.userId, 333],
        [second.player.userId, 10],
      ].sort(),
    );
    for (const [row, bet] of [
      [listed.find((entry) => entry.user.userId === first.player.userId), firstBet],
      [listed.find((entry) => entry.user.userId === second.player.userId), secondBet],
    ] as const) {
      const detail = await desk<RoundDetail>('/v2/admin/game/round/detail', { id: row?.id });
      expect(detail.transactions.map((entry) => entry.transactionUuid)).toEqual([bet.transaction_uuid]);
    }
  });
});

describe('house profit per game per day', () => {
  it('equals bets − wins of the rounds begun each Japan-time day, with rounds, players and totals', async () => {
    const gameId = await gameIdOf('acme-slot');
    const period = { from: '2026-05-01', to: '2026-05-03' };
    const before = await desk<ProfitReport>('/v2/admin/game/profit/daily', { period, gameId });
    // 15:30 UTC is already the next day in Japan.
    clock.set(new Date('2026-05-01T15:30:00Z'));
    // The desk's session ended while idle; the operator signs in again.
    operator = await newOperator(server);
    const carol = await seated(1000, 0);
    const dave = await seated(1000, 1);
    await play(carol, 100, 30);
    await play(carol, 50, 200);
    await play(dave, 70, 0);
    const report = await desk<ProfitReport>('/v2/admin/game/profit/daily', { period, gameId });
    const [nextDay, ...earlierDays] = report.list;
    expect(nextDay).toMatchObject({
      day: '2026-05-02',
      game: { id: gameId, code: 'acme-slot' },
      rounds: 3,
      players: 2,
      betAmount: 220,
      winAmount: 230,
      profit: -10,
    });
    expect(earlierDays).toEqual(before.list);
    for (const day of report.list) expect(day.profit).toBe(day.betAmount - day.winAmount);
    expect(report.totals).toEqual({
      rounds: before.totals.rounds + 3,
      players: before.totals.players + 2,
      betAmount: before.totals.betAmount + 220,
      winAmount: before.totals.winAmount + 230,
      profit: before.totals.profit - 10,
    });
    // The same figure from the ledger: what Acme's house accounts (one per shard of players) hold is
    // every bet less every win.
    let house = 0;
    for (let userId = 1; userId <= gameProviderAccountShards; userId += 1) {
      house += Number((await findAccount(server.db, gameProviderAccount('acme', userId, 'COIN')))?.balance ?? 0);
    }
    const allDays = { from: '2026-04-30', to: '2026-05-05' };
    expect(house).toBe(
      (await desk<ProfitReport>('/v2/admin/game/profit/daily', { period: allDays, providerId: 'acme' })).totals.profit,
    );
    expect(
      (await desk<ProfitReport>('/v2/admin/game/profit/daily', { period: { from: '2026-06-01', to: '2026-06-01' } }))
        .list,
    ).toEqual([]);
    refusal(
      await server.call('/v2/admin/game/profit/daily', {}, { token: operator.token }),
      400,
      'Some fields are not valid',
    );
  });
});

describe('games and machines', () => {
  const gamesList = () => desk<DeskGameEntry[]>('/v2/admin/game/list');
  const acmeGame = async () => (await gamesList()).find((game) => game.code === 'acme-slot') as DeskGameEntry;
  const auditOf = (subjectType: string, subjectId: number) =>
    desk<{ list: { action: string; reason: string | null; actor: { userId: number } | null }[] }>(
      '/v2/admin/audit/list',
      { subjectType, subjectId: String(subjectId) },
    );

  it('lists every provider’s games with machines and who sits there', async () => {
    const games = await gamesList();
    expect(games.map((game) => game.providerId)).toContain('studio');
    const game = await acmeGame();
    expect(game).toMatchObject({
      providerName: 'Acme Games',
      providerEnabled: true,
      enabled: true,
      rtpBasisPoints: 9650,
    });
    expect(game.machines.map((machine) => machine.number)).toEqual([1, 2, 3]);
  });

  it('disables a machine with a reason: its seat is freed, bets and launches are refused, then enables it again', async () => {
    const who = await seated(1000, 2);
    const game = await acmeGame();
    expect(game.machines.find((machine) => machine.id === who.machineId)?.seatedUserId).toBe(who.player.userId);
    refusal(
      await server.call(
        '/v2/admin/game/machine/enabled',
        { machineId: who.machineId, enabled: false },
        { token: operator.token },
      ),
      400,
      'Some fields are not valid',
    );
    await desk('/v2/admin/game/machine/enabled', { machineId: who.machineId, enabled: false, reason: 'Coin jam' });
    const after = await acmeGame();
    expect(after.machines.find((machine) => machine.id === who.machineId)).toMatchObject({
      enabled: false,
      seatedUserId: null,
    });
    expect((await wallet.call('transaction/bet', transaction(who, 'r-after', 1))).status).toBe(
      'RS_ERROR_TOKEN_EXPIRED',
    );
    refusal(
      await server.call('/v2/app/game/launch', { machineId: who.machineId }, { token: who.player.token }),
      404,
      'This machine was not found or is not available now',
    );
    expect((await machinesOf(server, who.player, 'acme-slot')).map((machine) => machine.id)).not.toContain(
      who.machineId,
    );
    refusal(
      await server.call(
        '/v2/admin/game/machine/enabled',
        { machineId: who.machineId, enabled: false, reason: 'again' },
        { token: operator.token },
      ),
      409,
      'This machine is already disabled.',
    );
    await desk('/v2/admin/game/machine/enabled', { machineId: who.machineId, enabled: true, reason: 'Fixed' });
    const launched = await server.call(
      '/v2/app/game/launch',
      { machineId: who.machineId },
      { token: who.player.token },
    );
    expect(launched.body.code).toBe(200);
    const audit = await auditOf('gameMachine', who.machineId);
    expect(audit.list.map((row) => [row.action, row.reason, row.actor?.userId])).toEqual([
      ['gameMachine.enable', 'Fixed', operator.userId],
      ['gameMachine.disable', 'Coin jam', operator.userId],
    ]);
    refusal(
      await server.call(
        '/v2/admin/game/machine/enabled',
        { machineId: 2_000_000_000, enabled: true, reason: 'x' },
        { token: operator.token },
      ),
      404,
      'No such machine.',
    );
  });

  it('disables a game: bets and launches are refused, and a restart keeps the operator’s choice', async () => {
    const who = await seated(1000, 0);
    const gameId = await gameIdOf('acme-slot');
    await desk('/v2/admin/game/enabled', { gameId, enabled: false, reason: 'Provider maintenance' });
    expect((await wallet.call('transaction/bet', transaction(who, 'r-off', 1))).status).toBe('RS_ERROR_TOKEN_EXPIRED');
    refusal(
      await server.call('/v2/app/game/launch', { machineId: who.machineId }, { token: who.player.token }),
      404,
      'This machine was not found or is not available now',
    );
    // The configuration still says enabled: the start-up upsert must not undo the desk.
    await setUpGameHall(server.db, clock, server.url, { providers: [acme.config] });
    expect((await acmeGame()).enabled).toBe(false);
    refusal(
      await server.call(
        '/v2/admin/game/enabled',
        { gameId, enabled: false, reason: 'again' },
        { token: operator.token },
      ),
      409,
      'This game is already disabled.',
    );
    await desk('/v2/admin/game/enabled', { gameId, enabled: true, reason: 'Back' });
    await setUpGameHall(server.db, clock, server.url, { providers: [acme.config] });
    expect((await acmeGame()).enabled).toBe(true);
    const again = await seated(1000, 0);
    expect((await wallet.call('transaction/bet', transaction(again, `r-${randomUUID()}`, 1))).status).toBe('RS_OK');
    const audit = await auditOf('game', gameId);
    expect(audit.list.map((row) => [row.action, row.reason])).toEqual([
      ['game.enable', 'Back'],
      ['game.disable', 'Provider maintenance'],
    ]);
  });

  it('refuses a disabled game’s bets on a session opened before it was disabled', async () => {
    const who = await seated(1000, 1);
    const gameId = await gameIdOf('acme-slot');
    // The game is switched off behind the desk's back, so the session stays open: the wallet still refuses.
    await server.db.update(providerGames).set({ enabled: false }).where(eq(providerGames.id, gameId));
    expect((await wallet.call('transaction/bet', transaction(who, 'r-x', 1))).status).toBe('RS_ERROR_INVALID_GAME');
    await server.db.update(providerGames).set({ enabled: true }).where(eq(providerGames.id, gameId));
  });
});

describe('access', () => {
  it('answers only operator sessions', async () => {
    const player = await newPlayer(server, smtp);
    for (const path of [
      '/v2/admin/game/round/list',
      '/v2/admin/game/round/detail',
      '/v2/admin/game/profit/daily',
      '/v2/admin/game/list',
      '/v2/admin/game/enabled',
      '/v2/admin/game/machine/enabled',
    ]) {
      const answer = await server.call(path, {}, { token: player.token });
      expect(answer.status, path).toBe(403);
      expect((await server.call(path, {})).status, path).toBe(401);
    }
  });
});
