import type { Profile } from '@contract/auth';
import { auditLog, captchaSpends, users } from '@server/db/schema/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCaptchaTexts, registerThroughMail, solvedCaptcha } from '../support/accounts';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, createTestServer, type TestServer } from './harness';

const clock = createTestClock(new Date('2026-03-02T09:00:00Z'));
const texts = createCaptchaTexts();
let smtp: SmtpTestServer;
let server: TestServer;
const alice = { account: 'alice2026', email: 'Alice@Example.test', password: 'Sakura rush 2026!' };
const bob = { account: 'bob2026', email: 'bob@example.test', password: 'Golden koi 7 spins' };

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({ clock, smtpUrl: smtp.url, captchaText: texts.next });
  await registerThroughMail(server, smtp, alice);
  await registerThroughMail(server, smtp, bob);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});
// Every test starts after the attempt windows of the tests before it.
beforeEach(() => clock.advance(60 * 60 * 1000));

async function signIn(account: string, password: string, options: { remember?: boolean; lang?: string } = {}) {
  const captcha = await solvedCaptcha(server, texts);
  return server.call<{ token: string; expiresAt: string }>(
    '/v2/app/auth/login',
    { account, password, ...captcha, ...(options.remember === undefined ? {} : { remember: options.remember }) },
    { lang: options.lang ?? 'en-US' },
  );
}

describe('captcha', () => {
  it('is an SVG data URL with a signed token that does not hold its answer, and drawing one writes no row', async () => {
    const spentBefore = await server.db.$count(captchaSpends);
    const response = await server.call<{ img: string; uuid: string }>('/v2/app/auth/captcha');
    expect(response.status).toBe(200);
    const { img, uuid } = response.body.data ?? { img: '', uuid: '' };
    expect(uuid).toMatch(/^[A-Za-z0-9_-]{72}$/);
    const tokenBytes = Buffer.from(uuid, 'base64url');
    for (const answer of [texts.last(), texts.last().toLowerCase()]) {
      expect(tokenBytes.includes(Buffer.from(answer)), 'the answer is not in the token').toBe(false);
    }
    expect(img.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(img.slice(img.indexOf(',') + 1), 'base64').toString('utf8')).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(await server.db.$count(captchaSpends)).toBe(spentBefore);
  });

  it('refuses a token with any byte changed (its expiry, its id, its tags) and writes nothing for it', async () => {
    const captcha = await solvedCaptcha(server, texts);
    const spentBefore = await server.db.$count(captchaSpends);
    const bytes = Buffer.from(captcha.uuid, 'base64url');
    for (const index of [0, 15, 16, 21, 22, 37, 38, 53]) {
      const altered = Buffer.from(bytes);
      altered[index]! ^= 0x01;
      const refused = await server.call('/v2/app/auth/login', {
        account: alice.account,
        password: alice.password,
        ...captcha,
        uuid: altered.toString('base64url'),
      });
      expect(refused.status, `byte ${index}`).toBe(400);
      expect(refused.body.fields).toEqual({
        qrcode: 'The image code is wrong or has expired. Please enter the new one.',
      });
    }
    expect(await server.db.$count(captchaSpends)).toBe(spentBefore);
    expect(
      (await server.call('/v2/app/auth/login', { account: alice.account, password: alice.password, ...captcha }))
        .status,
    ).toBe(200);
  });
});

describe('sign-in', () => {
  it('signs in by user name or e-mail in any letter case and returns a working token', async () => {
    for (const account of [alice.account, alice.account.toUpperCase(), 'alice@example.TEST']) {
      const response = await signIn(account, alice.password);
      expect(response.status, account).toBe(200);
      const token = response.body.data?.token ?? '';
      for (const path of ['/v2/app/user/info', '/v2/app/user/get/info', '/v2/app/auth/get']) {
        const info = await server.call<Profile>(path, {}, { token });
        expect(info.status, path).toBe(200);
        expect(info.body.data?.username).toBe(alice.account);
        expect(info.body.data?.lastLoginAt).toBe(clock.now().toISOString());
      }
    }
  });

  it('refuses a wrong captcha with its own message, and spends the captcha', async () => {
    const captcha = await solvedCaptcha(server, texts);
    const wrong = await server.call('/v2/app/auth/login', {
      account: alice.account,
      password: alice.password,
      uuid: captcha.uuid,
      qrcode: 'zzzz',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('The image code is wrong or has expired. Please enter the new one.');
    expect(wrong.body.fields).toEqual({ qrcode: 'The image code is wrong or has expired. Please enter the new one.' });
    const retried = await server.call('/v2/app/auth/login', {
      account: alice.account,
      password: alice.password,
      ...captcha,
    });
    expect(retried.status, 'a spent captcha never works again').toBe(400);
    expect(retried.body.msg).toBe(wrong.body.msg);
  });

  it('spends the captcha on success too, ignores its letter case, and lets it expire after two minutes', async () => {
    const captcha = await solvedCaptcha(server, texts);
    const body = {
      account: bob.account,
      password: bob.password,
      uuid: captcha.uuid,
      qrcode: captcha.qrcode.toUpperCase(),
    };
    expect((await server.call('/v2/app/auth/login', body)).status).toBe(200);
    expect((await server.call('/v2/app/auth/login', body)).status).toBe(400);

    const late = await solvedCaptcha(server, texts);
    clock.advance(120_001);
    const expired = await server.call('/v2/app/auth/login', { account: bob.account, password: bob.password, ...late });
    expect(expired.status).toBe(400);
    expect(expired.body.msg).toBe('The image code is wrong or has expired. Please enter the new one.');
  });

  it('gives unknown accounts and wrong passwords the same message, in the request language, and audits both', async () => {
    const unknown = await signIn('nobody2026', 'Whatever it is 1', { lang: 'ja-JP' });
    const wrong = await signIn(alice.account, 'Not her password 1', { lang: 'ja-JP' });
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(400);
    expect(unknown.body.msg).toBe('アカウントまたはパスワードが正しくありません。');
    expect(wrong.body.msg).toBe(unknown.body.msg);
    const failures = await server.db.select().from(auditLog).where(eq(auditLog.action, 'signIn.failure'));
    expect(failures.map((row) => row.reason)).toEqual(expect.arrayContaining(['unknownAccount', 'wrongPassword']));
    expect(failures.find((row) => row.reason === 'unknownAccount')?.subject).toBe('account:nobody2026');
  });

  it('locks an account for the rest of the window after five failures, with 429 and Retry-After', async () => {
    for (let i = 0; i < 5; i += 1) {
      // The user name and the address count as the same account.
      const account = i % 2 === 0 ? bob.account : bob.email;
      expect((await signIn(account, `wrong password ${i}`)).status).toBe(400);
      clock.advance(60_000);
    }
    const locked = await signIn(bob.account, bob.password);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe(String(15 * 60 - 5 * 60));
    expect(locked.body.msg).toBe(`Too many attempts. Please try again in ${15 * 60 - 5 * 60} s.`);
    // Other accounts are not affected.
    expect((await signIn(alice.account, alice.password)).status).toBe(200);
    clock.advance(10 * 60 * 1000);
    expect((await signIn(bob.account, bob.password)).status).toBe(200);
  });

  it('locks unknown account names the same way', async () => {
    for (let i = 0; i < 5; i += 1) expect((await signIn('ghost2026', 'Any password 123')).status).toBe(400);
    const locked = await signIn('ghost2026', 'Any password 123');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBe(900);
  });

  it('clears the account count after a successful sign-in', async () => {
    for (let i = 0; i < 4; i += 1) expect((await signIn(alice.account, 'not it at all 1')).status).toBe(400);
    expect((await signIn(alice.account, alice.password)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await signIn(alice.account, 'not it at all 1')).status).toBe(400);
    expect((await signIn(alice.account, alice.password)).status).toBe(200);
  });
});

describe('sessions', () => {
  it('lasts 12 hours, or 30 days with remember, then answers 401', async () => {
    const short = (await signIn(alice.account, alice.password)).body.data!;
    const long = (await signIn(alice.account, alice.password, { remember: true })).body.data!;
    expect(new Date(short.expiresAt).getTime() - clock.now().getTime()).toBe(12 * 3600_000);
    expect(new Date(long.expiresAt).getTime() - clock.now().getTime()).toBe(30 * 24 * 3600_000);
    clock.advance(12 * 3600_000);
    const expired = await server.call('/v2/app/user/info', {}, { token: short.token });
    expect(expired.status).toBe(401);
    expect(expired.body.msg).toBe('Please sign in first');
    expect((await server.call('/v2/app/user/info', {}, { token: long.token })).status).toBe(200);
    clock.advance(30 * 24 * 3600_000);
    expect((await server.call('/v2/app/user/info', {}, { token: long.token })).status).toBe(401);
  });

  it('ends only this session on logout', async () => {
    const first = (await signIn(bob.account, bob.password)).body.data!.token;
    const second = (await signIn(bob.account, bob.password)).body.data!.token;
    const out = await server.call('/v2/app/auth/logout', {}, { token: first });
    expect(out.status).toBe(200);
    expect((await server.call('/v2/app/user/info', {}, { token: first })).status).toBe(401);
    expect((await server.call('/v2/app/auth/logout', {}, { token: first })).status).toBe(401);
    expect((await server.call('/v2/app/user/info', {}, { token: second })).status).toBe(200);
  });

  it('treats made-up tokens as nobody: 401 on user calls, public calls still answer', async () => {
    for (const token of ['x', 'A'.repeat(43), 'not a token at all, with spaces']) {
      expect((await server.call('/v2/app/user/info', {}, { token })).status).toBe(401);
      expect((await server.call('/v2/app/banner/query', {}, { token })).status).toBe(200);
    }
  });

  it('answers 402 with the reason for a frozen account, and refuses its sign-in after the password check', async () => {
    const frozen = { account: 'frozen2026', email: 'frozen@example.test', password: 'Ice cold 2026 xyz' };
    const token = await registerThroughMail(server, smtp, frozen);
    await server.db.update(users).set({ frozen: true }).where(eq(users.username, frozen.account));
    const info = await server.call('/v2/app/user/info', {}, { token });
    expect(info.status).toBe(402);
    expect(info.body.msg).toBe('This account is frozen. Please contact customer support.');
    const wrong = await signIn(frozen.account, 'not the password 1');
    expect(wrong.status, 'a guesser does not learn that the account is frozen').toBe(400);
    const right = await signIn(frozen.account, frozen.password, { lang: 'zh-CN' });
    expect(right.status).toBe(402);
    expect(right.body.msg).toBe('该账号已被冻结,请联系客服。');
  });
});

describe('requests', () => {
  it('are refused without the XSRF header, before the captcha is spent', async () => {
    const captcha = await solvedCaptcha(server, texts);
    const refused = await server.call(
      '/v2/app/auth/login',
      { account: alice.account, password: alice.password, ...captcha },
      { withoutXsrf: true },
    );
    expect(refused.status).toBe(403);
    expect(
      (await server.call('/v2/app/auth/login', { account: alice.account, password: alice.password, ...captcha }))
        .status,
    ).toBe(200);
  });

  it('name every missing field in the request language', async () => {
    const response = await server.call('/v2/app/auth/login', {}, { lang: 'ja-JP' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toMatchObject({
      account: 'アカウントを入力してください',
      password: 'パスワードを入力してください',
      uuid: '画像認証を入力してください',
      qrcode: '認証コードを入力してください',
    });
  });
});
