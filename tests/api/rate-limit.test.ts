import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { composeApp } from '@server/compose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts, registerThroughMail, solvedCaptcha } from '../support/accounts';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, createTestServer, type TestServer } from './harness';

const clock = createTestClock(new Date('2026-03-06T09:00:00Z'));
const texts = createCaptchaTexts();
let smtp: SmtpTestServer;
let server: TestServer;
const player = { account: 'limited2026', email: 'limited@example.test', password: 'Limits hold 2026!' };

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({ clock, smtpUrl: smtp.url, captchaText: texts.next });
  await registerThroughMail(server, smtp, player);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

async function signInAt(url: string, account: string, password: string) {
  const captcha = await solvedCaptcha(server, texts);
  const response = await fetch(`${url}/v2/app/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: server.xsrf.cookie, 'x-xsrf-token': server.xsrf.token },
    body: JSON.stringify({ account, password, ...captcha }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after') };
}

describe('attempt limits', () => {
  it('hold across API processes sharing the database', async () => {
    clock.advance(3600_000);
    // A second, separately composed app over the same database, as another process would be.
    const { app, stopBackgroundWork } = await composeApp(
      {
        db: server.db,
        kind: server.databaseKind,
        listen: server.listen,
        migrate: async () => undefined,
        close: async () => undefined,
      },
      { logger: pino({ level: 'silent' }), production: false, publicUrl: 'http://127.0.0.1', staticDir: null, clock },
    );
    const second = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => second.once('listening', () => resolve()));
    const secondUrl = `http://127.0.0.1:${(second.address() as AddressInfo).port}`;
    try {
      const statuses = [];
      for (let i = 0; i < 5; i += 1)
        statuses.push((await signInAt(i % 2 ? secondUrl : server.url, player.account, 'wrong guess 123')).status);
      expect(statuses).toEqual([400, 400, 400, 400, 400]);
      expect((await signInAt(secondUrl, player.account, player.password)).status).toBe(429);
      expect((await signInAt(server.url, player.account, player.password)).status).toBe(429);
    } finally {
      await new Promise<void>((resolve) => second.close(() => resolve()));
      await stopBackgroundWork();
    }
  });

  it('count concurrent attempts exactly: twenty at once let five through to the password check', async () => {
    clock.advance(3600_000);
    const captchas = [];
    for (let i = 0; i < 20; i += 1) captchas.push(await solvedCaptcha(server, texts));
    const responses = await Promise.all(
      captchas.map((captcha) =>
        server.call('/v2/app/auth/login', { account: player.account, password: 'parallel guess 1', ...captcha }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});

describe('per client address', () => {
  let tight: TestServer;
  const tightTexts = createCaptchaTexts();
  beforeAll(async () => {
    tight = await createTestServer({
      clock,
      captchaText: tightTexts.next,
      authLimits: {
        signInPerAddress: { limit: 3, windowMs: 10 * 60 * 1000 },
        captchaPerAddress: { limit: 6, windowMs: 60 * 1000 },
        emailPerAddress: { limit: 2, windowMs: 60 * 60 * 1000 },
      },
    });
  });
  afterAll(() => tight.close());

  it('limits failed sign-ins over all accounts, and forgets them after the window', async () => {
    clock.advance(3600_000);
    const attempt = async (account: string) => {
      const captcha = await solvedCaptcha(tight, tightTexts);
      return tight.call('/v2/app/auth/login', { account, password: 'Something wrong 1', ...captcha });
    };
    for (const account of ['someone1', 'someone2', 'someone3']) expect((await attempt(account)).status).toBe(400);
    clock.advance(30_000);
    const refused = await attempt('someone4');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(10 * 60 - 30));
    clock.advance(10 * 60 * 1000);
    expect((await attempt('someone5')).status).toBe(400);
  });

  it('limits captchas', async () => {
    clock.advance(3600_000);
    for (let i = 0; i < 6; i += 1) expect((await tight.call('/v2/app/auth/captcha')).status).toBe(200);
    const refused = await tight.call('/v2/app/auth/captcha', undefined, { lang: 'vi-VN' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body.msg).toBe('Bạn đã thử quá nhiều lần. Vui lòng thử lại sau 60 giây.');
  });

  it('limits registration and reset mails', async () => {
    clock.advance(3600_000);
    for (const email of ['one@example.test', 'two@example.test']) {
      expect((await tight.call('/v2/app/register/send/email/code', { email })).status).toBe(200);
    }
    const refused = await tight.call('/v2/app/register/send/email/code', { email: 'three@example.test' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3600');
  });
});
