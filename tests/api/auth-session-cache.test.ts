import type { AddressInfo } from 'node:net';
import type { Profile } from '@contract/auth';
import { serve } from '@hono/node-server';
import { composeApp } from '@server/compose';
import type { JsonText } from '@server/contract-router';
import type { ChannelHandlers, ChannelSubscription, DatabaseHandle } from '@server/db/client';
import { sessions, users } from '@server/db/schema/auth';
import { createSessionCache } from '@server/modules/auth/cached-sessions';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import { fundPlayer, manyPlayersLimits, newPlayer } from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, createTestServer, type TestServer } from './harness';

let smtp: SmtpTestServer;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: manyPlayersLimits,
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

async function info(url: string, token: string) {
  const response = await fetch(`${url}/v2/app/user/info`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: server.xsrf.cookie,
      'x-xsrf-token': server.xsrf.token,
      token,
    },
    body: '{}',
  });
  return {
    status: response.status,
    body: (await response.json()) as { data?: { nickname: string | null; balance: number } },
  };
}

/** Changes a nickname without the user_changes announcement, as nothing in the product can. */
async function renameUnannounced(userId: number, nickname: string) {
  await server.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(users).set({ nickname }).where(eq(users.id, userId));
  });
}

describe('resolved sessions', () => {
  it('are answered from the cache while nothing announced a change, and read again after one', async () => {
    const player = await newPlayer(server, smtp);
    await server.call('/v2/app/user/update', { nickname: 'First' }, { token: player.token });
    expect((await info(server.url, player.token)).body.data?.nickname).toBe('First');

    await renameUnannounced(player.userId, 'Unannounced');
    expect((await info(server.url, player.token)).body.data?.nickname, 'served from the cache').toBe('First');

    await fundPlayer(server, player, 700);
    expect((await info(server.url, player.token)).body.data).toMatchObject({ nickname: 'Unannounced', balance: 700 });
  });

  it('count a change from the very next call in the process that made it', async () => {
    const player = await newPlayer(server, smtp);
    expect((await info(server.url, player.token)).status).toBe(200);
    await server.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'passwordChanged' })
      .where(eq(sessions.userId, player.userId));
    expect((await info(server.url, player.token)).status).toBe(402);
  });

  it('are forgotten by another process on the same database once a change reaches it', async () => {
    const player = await newPlayer(server, smtp);
    const { app, stopBackgroundWork } = await composeApp(
      {
        db: server.db,
        kind: server.databaseKind,
        listen: server.listen,
        migrate: async () => undefined,
        close: async () => undefined,
      },
      { logger: pino({ level: 'silent' }), production: false, publicUrl: 'http://127.0.0.1', staticDir: null },
    );
    const second = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => second.once('listening', () => resolve()));
    const secondUrl = `http://127.0.0.1:${(second.address() as AddressInfo).port}`;
    try {
      expect((await info(secondUrl, player.token)).body.data?.balance).toBe(0);
      await fundPlayer(server, player, 1_200);
      await expect.poll(async () => (await info(secondUrl, player.token)).body.data?.balance).toBe(1_200);
      expect((await server.call('/v2/app/auth/logout', {}, { token: player.token })).status).toBe(200);
      await expect.poll(async () => (await info(secondUrl, player.token)).status).toBe(401);
    } finally {
      await new Promise<void>((resolve) => second.close(() => resolve()));
      await stopBackgroundWork();
    }
  });

  it('announce the coin moves of a player only while a process keeps a profile showing them', async () => {
    const player = await newPlayer(server, smtp);
    const announced: string[] = [];
    const listening = await server.listen('user_changes', {
      onNotification: (payload) => announced.push(payload),
      onGap: () => undefined,
    });
    try {
      await fundPlayer(server, player, 100);
      await listening.caughtUp();
      expect(announced, 'nobody shows this balance').not.toContain(String(player.userId));

      expect((await info(server.url, player.token)).body.data?.balance).toBe(100);
      await fundPlayer(server, player, 50);
      await listening.caughtUp();
      expect(announced).toContain(String(player.userId));
      expect((await info(server.url, player.token)).body.data?.balance).toBe(150);
    } finally {
      await listening.close();
    }
  });

  it('are announced for every change a session or profile shows, and not for the times of use', async () => {
    const player = await newPlayer(server, smtp);
    const suffix = String(player.userId);
    const watchedUserChanges: Partial<typeof users.$inferInsert>[] = [
      { role: 'operator' },
      { isAgent: true },
      { frozen: true },
      { username: `renamed${suffix}` },
      { email: `renamed${suffix}@example.test` },
      { passwordHash: 'changed' },
      { payPasswordHash: 'changed' },
      { nickname: 'Changed' },
      { phone: '09012345678' },
      { firstName: 'Changed' },
      { lastName: 'Changed' },
      { pinyinName: 'changed' },
      { registeredAt: new Date(Date.UTC(2020, 0, 1)) },
    ];
    const watchedSessionChanges: Partial<typeof sessions.$inferInsert>[] = [
      { expiresAt: new Date(Date.UTC(2099, 0, 1)) },
      { revokedAt: new Date(), revokedReason: 'logout' },
    ];
    const announced: string[] = [];
    const listening = await server.listen('user_changes', {
      onNotification: (payload) => announced.push(payload),
      onGap: () => undefined,
    });
    const announcedBy = async (change: () => Promise<unknown>) => {
      announced.length = 0;
      await change();
      await listening.caughtUp();
      return announced.includes(suffix);
    };
    try {
      expect(
        await announcedBy(() =>
          server.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, player.userId)),
        ),
      ).toBe(false);
      expect(
        await announcedBy(() =>
          server.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.userId, player.userId)),
        ),
      ).toBe(false);
      expect(
        await announcedBy(() =>
          server.db.update(users).set({ nickname: sql`nickname` }).where(eq(users.id, player.userId)),
        ),
        'named, not changed',
      ).toBe(false);
      for (const change of watchedUserChanges) {
        expect(
          await announcedBy(() => server.db.update(users).set(change).where(eq(users.id, player.userId))),
          JSON.stringify(change),
        ).toBe(true);
      }
      for (const change of watchedSessionChanges) {
        expect(
          await announcedBy(() => server.db.update(sessions).set(change).where(eq(sessions.userId, player.userId))),
          JSON.stringify(change),
        ).toBe(true);
      }
    } finally {
      await listening.close();
    }
  });

  it('are read from the database while the listening connection is down, and cached again once it is back', async () => {
    if (server.databaseKind !== 'postgres') return;
    const player = await newPlayer(server, smtp);
    expect((await info(server.url, player.token)).status).toBe(200);
    await server.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'listen:user_changes'`,
    );
    await renameUnannounced(player.userId, 'While down');
    expect((await info(server.url, player.token)).body.data?.nickname).toBe('While down');

    // Listening again after a moment: the cache serves the session once more.
    await expect
      .poll(
        async () => {
          await renameUnannounced(player.userId, `Probe ${Date.now()}`);
          const before = (await info(server.url, player.token)).body.data?.nickname;
          await renameUnannounced(player.userId, 'After the probe');
          return (await info(server.url, player.token)).body.data?.nickname === before;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(true);
  });
});

/** The cache against a channel the test drives: notifications, gaps and reads that race them. */
function scriptedChannel() {
  let handlers: ChannelHandlers | null = null;
  let live = true;
  const subscription: ChannelSubscription = {
    get live() {
      return live;
    },
    caughtUp: () => Promise.resolve(),
    close: async () => undefined,
  };
  const database = {
    listen: async (_channel: string, given: ChannelHandlers) => {
      handlers = given;
      return subscription;
    },
  } as unknown as DatabaseHandle;
  return {
    database,
    notify: (userId: number) => handlers!.onNotification(String(userId)),
    drop() {
      live = false;
      handlers!.onGap();
    },
    resume() {
      handlers!.onGap();
      live = true;
    },
  };
}

describe('the session cache', () => {
  const principal = (userId: number) => ({
    userId,
    sessionId: userId * 10,
    isAgent: false,
    isOperator: false,
    operatorRoles: [],
  });
  const profile = (userId: number) => JSON.stringify({ userId }) as JsonText<Profile>;
  const hour = 3600_000;
  const settings = { sessionMaxAgeMs: 60_000, profileWatchMs: 120_000 };

  it('keeps a session and its profile until its user changes, its session expires or it is older than the maximum age', async () => {
    const clock = createTestClock(new Date('2026-11-24T00:00:00Z'));
    const channel = scriptedChannel();
    const cache = await createSessionCache(channel.database, clock, settings);
    const expiresMs = clock.now().getTime() + hour;
    cache.keepSession('a', { principal: principal(1), expiresMs }, cache.beginRead());
    cache.keepProfile(principal(1), profile(1), cache.beginRead());
    cache.keepSession('b', { principal: { ...principal(1), sessionId: 11 }, expiresMs }, cache.beginRead());
    cache.keepSession('c', { principal: principal(2), expiresMs: clock.now().getTime() + 1000 }, cache.beginRead());
    expect(await cache.session('a')).toEqual(principal(1));
    expect(await cache.profile(principal(1))).toBe(profile(1));
    expect(await cache.profile({ ...principal(1), sessionId: 11 }), 'read per session').toBeNull();

    channel.notify(1);
    expect(await cache.session('a')).toBeNull();
    expect(await cache.profile(principal(1))).toBeNull();
    expect(await cache.session('b')).toBeNull();
    expect(await cache.session('c')).toEqual(principal(2));

    clock.advance(1000);
    expect(await cache.session('c'), 'expired').toBeNull();
    cache.keepSession('a', { principal: principal(1), expiresMs }, cache.beginRead());
    clock.advance(60_000);
    expect(await cache.session('a'), 'older than the maximum age').toBeNull();
  });

  it('does not keep what was read while its user changed or notifications lapsed', async () => {
    const clock = createTestClock();
    const channel = scriptedChannel();
    const cache = await createSessionCache(channel.database, clock, settings);
    const expiresMs = clock.now().getTime() + hour;

    const readBeforeChange = cache.beginRead();
    channel.notify(1);
    cache.keepSession('a', { principal: principal(1), expiresMs }, readBeforeChange);
    expect(await cache.session('a')).toBeNull();
    cache.keepSession('b', { principal: principal(2), expiresMs }, readBeforeChange);
    expect(await cache.session('b'), 'another user did not change').toEqual(principal(2));
    const profileRead = cache.beginRead();
    channel.notify(2);
    cache.keepSession('b', { principal: principal(2), expiresMs }, cache.beginRead());
    cache.keepProfile(principal(2), profile(2), profileRead);
    expect(await cache.profile(principal(2)), 'profile read before the change').toBeNull();

    const readBeforeGap = cache.beginRead();
    channel.drop();
    expect(await cache.session('b'), 'forgotten in the gap').toBeNull();
    cache.keepSession('c', { principal: principal(3), expiresMs }, cache.beginRead());
    expect(await cache.session('c'), 'nothing kept while down').toBeNull();
    channel.resume();
    cache.keepSession('d', { principal: principal(4), expiresMs }, readBeforeGap);
    expect(await cache.session('d'), 'read before the gap').toBeNull();
    cache.keepSession('d', { principal: principal(4), expiresMs }, cache.beginRead());
    expect(await cache.session('d')).toEqual(principal(4));
  });
});
