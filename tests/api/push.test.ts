import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { composeApp } from '@server/compose';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mineBlocks, sendOnChain } from '../support/chain-sandbox';
import { machinesOf, openGameSession, testProvider, type walletClient } from '../support/game-provider';
import { startGameTestServer } from '../support/game-test-server';
import { fundPlayer, newOperator, newPlayer, type TestPlayer, withKey } from '../support/players';
import { openPushStream, type PushStreamReader, type ReceivedPushEvent } from '../support/push-stream';
import type { SmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, type TestServer } from './harness';

/** The push channel: docs/requirements.md §19, docs/architecture.md §14. */

const unit = 100;
const acme = testProvider('acme', unit);
const clock = createTestClock(new Date('2026-05-01T10:00:00Z'));
let server: TestServer;
let smtp: SmtpTestServer;
let wallet: ReturnType<typeof walletClient>;
let closeServer: () => Promise<void>;
const streams: PushStreamReader[] = [];

beforeAll(async () => {
  ({ server, smtp, wallet, close: closeServer } = await startGameTestServer(acme, clock));
}, 60_000);
afterAll(async () => {
  for (const stream of streams) stream.close();
  await closeServer();
});

async function streamOf(url: string, player?: TestPlayer, lang = 'en-US') {
  const stream = await openPushStream(url, player?.token, lang);
  streams.push(stream);
  if (stream.status === 200) await stream.next((event) => event.event === 'ready');
  return stream;
}

const balanceOf = async (player: TestPlayer) => {
  const profile = await server.call<{ balance: number }>('/v2/app/user/info', {}, { token: player.token });
  return profile.body.data?.balance as number;
};

const isBalance = (balance: number) => (event: ReceivedPushEvent) =>
  event.event === 'balance' && event.data.balance === balance;

describe('opening the stream', () => {
  it('is refused without a session, with a sentence in the caller’s language, and to an operator', async () => {
    const anonymous = await streamOf(server.url, undefined, 'ja-JP');
    expect(anonymous.status).toBe(401);
    expect(anonymous.refusal?.code).toBe(401);
    expect(anonymous.refusal?.msg).toMatch(/[ぁ-んァ-ン一-龯]/);
    const forged = await openPushStream(server.url, 'not-a-token');
    expect(forged.status).toBe(401);
    const operator = await newOperator(server);
    expect((await streamOf(server.url, operator)).status).toBe(403);
  });

  it('starts with `ready`, so the page fetches what it may have missed', async () => {
    const player = await newPlayer(server, smtp);
    const stream = await streamOf(server.url, player);
    expect(stream.received[0]).toEqual({ event: 'ready', data: { kind: 'ready' } });
  });
});

describe('what the stream says', () => {
  it('sends the balance after a deposit and after a bet, to each of the player’s streams and no one else', async () => {
    const player = await newPlayer(server, smtp);
    const other = await newPlayer(server, smtp);
    const [firstTab, secondTab, othersTab] = [
      await streamOf(server.url, player),
      await streamOf(server.url, player),
      await streamOf(server.url, other),
    ];
    await fundPlayer(server, player, 5_000);
    await firstTab?.next(isBalance(5_000));
    await secondTab?.next(isBalance(5_000));

    const machines = await machinesOf(server, player, 'acme-slot');
    const machine = machines.find((each) => each.state === 'free') ?? machines[0];
    await server.db.execute(sql`DELETE FROM game_seats WHERE machine_id = ${machine?.id ?? 0}`);
    const gameToken = await openGameSession(server, wallet, player, machine?.id ?? 0);
    const bet = await wallet.call('transaction/bet', {
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      user: `player-${player.userId}`,
      token: gameToken,
      round: `round-${randomUUID()}`,
      game_code: 'acme-slot',
      currency: 'COIN',
      amount: 300 * unit,
      is_free: false,
      round_closed: false,
    });
    expect(bet.status).toBe('RS_OK');
    await firstTab?.next(isBalance(4_700));
    await secondTab?.next(isBalance(4_700));
    expect(await balanceOf(player)).toBe(4_700);
    expect(othersTab?.received.filter((event) => event.event === 'balance')).toEqual([]);
  });

  it('tells of a letter to the player, of a letter to everyone, and of a letter read', async () => {
    const operator = await newOperator(server);
    const player = await newPlayer(server, smtp);
    const other = await newPlayer(server, smtp);
    const stream = await streamOf(server.url, player);
    const othersStream = await streamOf(server.url, other);
    const texts = { 'ja-JP': { title: 'お知らせ', body: '本文' } };
    const sent = await server.call<{ letterId: number }>(
      '/v2/admin/station/send',
      { audience: 'player', userId: player.userId, texts },
      withKey(operator.token),
    );
    expect(sent.body.code).toBe(200);
    await stream.next((event) => event.event === 'letters');
    expect(othersStream.received.some((event) => event.event === 'letters')).toBe(false);

    const from = othersStream.received.length;
    const broadcast = await server.call(
      '/v2/admin/station/send',
      { audience: 'allPlayers', texts },
      withKey(operator.token),
    );
    expect(broadcast.body.code).toBe(200);
    await othersStream.next((event) => event.event === 'letters', from);

    const before = stream.received.length;
    const read = await server.call(
      '/v2/app/station/read',
      { letterId: sent.body.data?.letterId },
      { token: player.token },
    );
    expect(read.body.code).toBe(200);
    await stream.next((event) => event.event === 'letters', before);
  });

  it('tells of a crypto deposit from its first block, and of the balance once it is credited', async () => {
    const player = await newPlayer(server, smtp);
    const address = await server.call<{ address: string; confirmations: number }>(
      '/v2/cpp/coins/deposit/address',
      { coin: 'USDT', network: 'TRC20' },
      { token: player.token },
    );
    const stream = await streamOf(server.url, player);
    await sendOnChain(server, {
      network: 'TRC20',
      coin: 'USDT',
      address: address.body.data?.address ?? '',
      amount: '20000000',
    });
    await mineBlocks(server, 'TRC20', 1);
    await stream.next((event) => event.event === 'cryptoDeposits');
    await mineBlocks(server, 'TRC20', address.body.data?.confirmations ?? 0);
    const credited = await stream.next((event) => event.event === 'balance');
    expect(credited.data.balance).toBe(await balanceOf(player));
    expect(credited.data.balance).toBeGreaterThan(0);
  });

  it('tells every stream to fetch again when notifications may have been missed', async (context) => {
    if (server.databaseKind !== 'postgres') context.skip();
    const player = await newPlayer(server, smtp);
    const stream = await streamOf(server.url, player);
    await server.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'listen:player_push'`,
    );
    // Once as the listening connection drops, once more when it listens again (what came between is lost).
    const dropped = await stream.next((event) => event.event === 'refetch');
    await stream.next((event) => event.event === 'refetch', stream.received.indexOf(dropped) + 1);
    // Listening again, it goes on.
    await fundPlayer(server, player, 70);
    await stream.next(isBalance(70));
  });
});

describe('two processes on one database', () => {
  it('a change made through one process reaches a stream served by the other', async (context) => {
    if (server.databaseKind !== 'postgres') context.skip();
    const otherDatabase = await server.anotherDatabase();
    const otherServer = serve({ fetch: (request) => other.app.fetch(request), port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => otherServer.once('listening', () => resolve()));
    const otherUrl = `http://127.0.0.1:${(otherServer.address() as AddressInfo).port}`;
    const other = await composeApp(otherDatabase, {
      logger: pino({ level: 'silent' }),
      production: false,
      publicUrl: otherUrl,
      staticDir: null,
      clock,
    });
    try {
      const player = await newPlayer(server, smtp);
      const stream = await streamOf(otherUrl, player);
      await fundPlayer(server, player, 1_234);
      await stream.next(isBalance(1_234));
      const operator = await newOperator(server);
      const sent = await server.call(
        '/v2/admin/station/send',
        { audience: 'player', userId: player.userId, texts: { 'ja-JP': { title: '件名', body: '本文' } } },
        withKey(operator.token),
      );
      expect(sent.body.code).toBe(200);
      await stream.next((event) => event.event === 'letters');
      stream.close();
    } finally {
      other.refuseNewCalls();
      await new Promise<void>((resolve) => otherServer.close(() => resolve()));
      await other.stopBackgroundWork();
      await otherDatabase.close();
    }
  });
});
