import { randomUUID } from 'node:crypto';
import { studioTitles } from '@games/catalogue';
import { gameMachines, gameSeats, providerGames } from '@server/db/schema/hall';
import { gameRecords } from '@server/db/schema/record';
import { releaseIdleSeats } from '@server/modules/hall/hall';
import { setUpGameHall, studioMachinesPerGame } from '@server/modules/hall/providers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchTokenOf, machinesOf, openGameSession, testProvider, type walletClient } from '../support/game-provider';
import { startGameTestServer } from '../support/game-test-server';
import { fundPlayer, newPlayer, refusal, type TestPlayer } from '../support/players';
import type { SmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, type TestServer } from './harness';

// Docs: docs/requirements.md §10, docs/architecture.md "Game wallet" (seats and launches).
const acme = testProvider('acme', 1);
const clock = createTestClock(new Date('2026-05-01T10:00:00Z'));
let smtp: SmtpTestServer;
let server: TestServer;
let wallet: ReturnType<typeof walletClient>;
let closeServer: () => Promise<void>;

beforeAll(async () => {
  ({ server, smtp, wallet, close: closeServer } = await startGameTestServer(acme, clock));
}, 60_000);
afterAll(() => closeServer());

async function fundedPlayer(coins = 100): Promise<TestPlayer> {
  const player = await newPlayer(server, smtp);
  await fundPlayer(server, player, coins);
  return player;
}

const launch = (player: TestPlayer, machineId: number, lang = 'en-US') =>
  server.call<{ url: string; expiresAt: string; gameCode: string; machineNumber: number }>(
    '/v2/app/game/launch',
    { machineId },
    { token: player.token, lang },
  );

async function seatOf(player: TestPlayer): Promise<number | null> {
  const [seat] = await server.db.select().from(gameSeats).where(eq(gameSeats.userId, player.userId));
  return seat?.machineId ?? null;
}

describe('the hall', () => {
  it('lists the studio’s games with a floor of at least 40 machines, and the configured provider’s', async () => {
    const player = await fundedPlayer();
    const hall = await server.call<
      { code: string; kind: string; name: string; rtpBasisPoints: number | null; machines: unknown[] }[]
    >('/v2/app/game/machines', {}, { token: player.token, lang: 'ja-JP' });
    const byCode = new Map(hall.body.data?.map((game) => [game.code, game]));
    // The studio's games are the catalogue's, with its names and stated RTP.
    expect(byCode.get('sakura-sevens')).toMatchObject({ kind: 'slot', name: '桜セブンズ', rtpBasisPoints: 9600 });
    expect(byCode.get('fuji-rush')).toMatchObject({ kind: 'pachinko', name: '富士ラッシュ' });
    const perGame = studioMachinesPerGame(studioTitles.length);
    expect(perGame * studioTitles.length).toBeGreaterThanOrEqual(40);
    expect(byCode.get('sakura-sevens')?.machines).toHaveLength(perGame);
    expect(byCode.get('fuji-rush')?.machines).toHaveLength(perGame);
    expect(byCode.get('acme-slot')?.machines).toHaveLength(3);
  });

  it('takes out of the hall a game its provider no longer names (the studio’s earlier games)', async () => {
    const [studioGame] = await server.db.select().from(providerGames).where(eq(providerGames.gameCode, 'fuji-rush'));
    await server.db.insert(providerGames).values({
      providerId: 'studio',
      gameCode: 'studio-slot',
      kind: 'slot',
      name: { 'ja-JP': 'スタジオスロット' },
      enabled: true,
    });
    await setUpGameHall(server.db, clock, server.url, { providers: [acme.config] });
    const games = await server.db.select().from(providerGames).where(eq(providerGames.providerId, 'studio'));
    expect(Object.fromEntries(games.map((game) => [game.gameCode, game.enabled]))).toEqual({
      ...Object.fromEntries(studioTitles.map((title) => [title.code, true])),
      'studio-slot': false,
    });
    expect(games.find((game) => game.gameCode === 'fuji-rush')?.id).toBe(studioGame?.id);
    const player = await fundedPlayer();
    await expect(machinesOf(server, player, 'studio-slot')).rejects.toThrow(/not in the hall/);
  });

  it('needs a signed-in player', async () => {
    expect((await server.call('/v2/app/game/machines', {})).status).toBe(401);
  });
});

describe('launch and seats', () => {
  it('takes the seat and answers the provider’s URL with a launch token, machine and language', async () => {
    const player = await fundedPlayer();
    const [machine] = await machinesOf(server, player, 'fuji-rush');
    const launched = await launch(player, machine?.id ?? 0, 'ko-KR');
    expect(launched.body).toMatchObject({ code: 200, data: { gameCode: 'fuji-rush', machineNumber: 1 } });
    const url = new URL(launched.body.data?.url ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${server.url}/studio/play`);
    expect(url.searchParams.get('machine')).toBe('1');
    expect(url.searchParams.get('lang')).toBe('ko-KR');
    expect(launchTokenOf(url.toString())).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(launched.body.data?.expiresAt ?? '') - clock.now().getTime()).toBe(60_000);
    expect((await machinesOf(server, player, 'fuji-rush'))[0]?.state).toBe('yours');
    const other = await fundedPlayer();
    expect((await machinesOf(server, other, 'fuji-rush'))[0]?.state).toBe('occupied');
  });

  it('refuses a machine another player holds, and moves a player’s seat to the new machine', async () => {
    const first = await fundedPlayer();
    const second = await fundedPlayer();
    const machines = await machinesOf(server, first, 'sakura-sevens');
    const [a, b] = [machines[2]?.id ?? 0, machines[3]?.id ?? 0];
    expect((await launch(first, a)).status).toBe(200);
    refusal(await launch(second, a), 409, 'Another player is at this machine');
    refusal(await launch(second, a, 'ja-JP'), 409, 'この台は他のお客様がご利用中です');
    expect((await launch(first, b)).status).toBe(200);
    expect(await seatOf(first)).toBe(b);
    expect((await launch(second, a)).status).toBe(200);
  });

  it('gives one machine to one of two players launching at once, and one seat to a player launching many', async () => {
    const players = await Promise.all([fundedPlayer(), fundedPlayer(), fundedPlayer()]);
    // A title of its own, so the seats the tests above took are not in the way.
    const machines = await machinesOf(server, players[0] as TestPlayer, 'classic-gold');
    const contested = machines[0]?.id ?? 0;
    const statuses = (await Promise.all(players.map((player) => launch(player, contested)))).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 409, 409]);
    const busy = players[1] as TestPlayer;
    const targets = [machines[1]?.id ?? 0, machines[2]?.id ?? 0, machines[3]?.id ?? 0];
    const answers = await Promise.all(targets.map((machineId) => launch(busy, machineId)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const seats = await server.db.select().from(gameSeats).where(eq(gameSeats.userId, busy.userId));
    expect(seats).toHaveLength(1);
  });

  it('refuses a player without coins and an unknown machine, in the player’s language', async () => {
    const broke = await newPlayer(server, smtp);
    const [machine] = await machinesOf(server, broke, 'acme-slot');
    refusal(await launch(broke, machine?.id ?? 0), 422, 'Not enough coins: please deposit and try again');
    refusal(await launch(broke, machine?.id ?? 0, 'zh-CN'), 422, '游戏币不足，请充值后再试');
    refusal(await launch(broke, 2_000_000), 404, 'This machine was not found or is not available now');
    expect(await seatOf(broke)).toBeNull();
  });

  it('releases the seat on request; the session then takes no bets', async () => {
    const player = await fundedPlayer();
    const [machine] = await machinesOf(server, player, 'acme-slot');
    const token = await openGameSession(server, wallet, player, machine?.id ?? 0);
    const released = await server.call('/v2/app/game/seat/release', {}, { token: player.token });
    expect(released.body).toMatchObject({ code: 200, data: { released: true } });
    expect((await server.call('/v2/app/game/seat/release', {}, { token: player.token })).body.data).toEqual({
      released: false,
    });
    const bet = await wallet.call('transaction/bet', {
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      user: `player-${player.userId}`,
      token,
      round: 'r1',
      game_code: 'acme-slot',
      currency: 'COIN',
      amount: 1,
    });
    expect(bet.status).toBe('RS_ERROR_TOKEN_EXPIRED');
  });

  it('frees seats left idle when the housekeeping job runs, and bets keep a seat', async () => {
    const idle = await fundedPlayer();
    const playing = await fundedPlayer();
    const machines = await machinesOf(server, idle, 'acme-slot');
    await server.db.delete(gameSeats);
    await launch(idle, machines[1]?.id ?? 0);
    const token = await openGameSession(server, wallet, playing, machines[2]?.id ?? 0);
    const idleMs = server.deps.games.times.seatIdleMs;
    clock.advance(idleMs - 1000);
    const bet = await wallet.call('transaction/bet', {
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      user: `player-${playing.userId}`,
      token,
      round: 'r-idle',
      game_code: 'acme-slot',
      currency: 'COIN',
      amount: 1,
    });
    expect(bet.status).toBe('RS_OK');
    clock.advance(2000);
    expect(await releaseIdleSeats({ db: server.db, clock }, idleMs)).toEqual({ released: 1 });
    expect(await seatOf(idle)).toBeNull();
    expect(await seatOf(playing)).toBe(machines[2]?.id);
  });
});

interface CounterMachine {
  id: number;
  number: number;
  state: string;
  roundsSinceJackpot: number;
  roundsLastDay: number;
  bigWins: { bet: number; win: number; playedAt: string }[];
}
interface CounterGame {
  code: string;
  imageUrl: string;
  popularity: number;
  addedAt: string;
  machines: CounterMachine[];
}

describe('the data counter (docs/requirements.md §10.8)', () => {
  async function hallGame(player: TestPlayer, code: string): Promise<CounterGame> {
    const hall = await server.call<CounterGame[]>('/v2/app/game/machines', {}, { token: player.token });
    const game = hall.body.data?.find((entry) => entry.code === code);
    if (!game) throw new Error(`no ${code} in ${JSON.stringify(hall.body)}`);
    return game;
  }

  it('counts the rounds the wallet writes: big wins, jackpots and the rounds since the last jackpot', async () => {
    const player = await fundedPlayer(1_000);
    const [machine] = await machinesOf(server, player, 'acme-slot');
    const before = await hallGame(player, 'acme-slot');
    const token = await openGameSession(server, wallet, player, machine?.id ?? 0);
    const user = `player-${player.userId}`;
    const played: string[] = [];
    async function round(bet: number, win: number) {
      const id = `counter-${randomUUID()}`;
      const betBody = {
        request_uuid: randomUUID(),
        transaction_uuid: randomUUID(),
        user,
        token,
        round: id,
        game_code: 'acme-slot',
        currency: 'COIN',
        amount: bet,
      };
      expect((await wallet.call('transaction/bet', betBody)).status).toBe('RS_OK');
      if (win > 0) {
        const winBody = {
          ...betBody,
          request_uuid: randomUUID(),
          transaction_uuid: randomUUID(),
          reference_transaction_uuid: betBody.transaction_uuid,
          amount: win,
        };
        expect((await wallet.call('transaction/win', winBody)).status).toBe('RS_OK');
      }
      played.push(clock.now().toISOString());
      clock.advance(1_000);
    }
    await round(2, 40); // 20×: a big win
    await round(1, 19); // 19×: not one
    await round(1, 100); // 100×: a jackpot, and a big win
    await round(2, 0);
    await round(1, 5);

    const after = await hallGame(player, 'acme-slot');
    const counted = after.machines.find((entry) => entry.id === machine?.id);
    expect(counted).toMatchObject({ state: 'yours', roundsSinceJackpot: 2, roundsLastDay: 5 });
    expect(counted?.bigWins).toEqual([
      { bet: 1, win: 100, playedAt: played[2] },
      { bet: 2, win: 40, playedAt: played[0] },
    ]);
    expect(after.popularity).toBe(before.popularity + 5);
    expect(after.imageUrl).toBe('/images/games/slot.svg');
    expect(Number.isNaN(Date.parse(after.addedAt))).toBe(false);
  });

  it('counts paid rounds only, a day and a week back, and shows the five latest big wins', async () => {
    const player = await fundedPlayer();
    const [, machine] = await machinesOf(server, player, 'acme-slot');
    const before = await hallGame(player, 'acme-slot');
    const gameId = (
      await server.db
        .select()
        .from(gameMachines)
        .where(eq(gameMachines.id, machine?.id ?? 0))
    )[0]?.gameId;
    const hoursAgo = (hours: number, index: number) => new Date(clock.now().getTime() - hours * 3_600_000 + index);
    const row = (playedAt: Date, bet: number, win: number) => ({
      userId: player.userId,
      gameName: 'Acme Slot',
      machineId: String(machine?.number),
      betAmount: bet,
      winAmount: win,
      playedAt,
      providerId: 'acme',
      round: `rows-${randomUUID()}`,
      gameId: gameId ?? 0,
      gameMachineId: machine?.id ?? 0,
    });
    await server.db.insert(gameRecords).values([
      ...Array.from({ length: 3 }, (_, index) => row(hoursAgo(8 * 24, index), 1, 0)), // older than a week
      ...Array.from({ length: 4 }, (_, index) => row(hoursAgo(48, index), 1, 0)), // this week, not today
      ...Array.from({ length: 6 }, (_, index) => row(hoursAgo(2, index), 1, 30 + index)), // six big wins today
      row(hoursAgo(1, 0), 0, 500), // a free round: no bet, so no multiple
    ]);
    const counted = (await hallGame(player, 'acme-slot')).machines.find((entry) => entry.id === machine?.id);
    expect(counted).toMatchObject({ roundsSinceJackpot: 13, roundsLastDay: 6 });
    expect(counted?.bigWins.map((win) => win.win)).toEqual([35, 34, 33, 32, 31]);
    expect((await hallGame(player, 'acme-slot')).popularity).toBe(before.popularity + 10);
  });
});
