import type { Profile } from '@contract/auth';
import { auditLog, emailCodes, mailOutbox, users } from '@server/db/schema/auth';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCaptchaTexts, registerThroughMail } from '../support/accounts';
import { codeIn, type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, createTestServer, type TestServer } from './harness';

const clock = createTestClock(new Date('2026-03-01T09:00:00Z'));
const texts = createCaptchaTexts();
let smtp: SmtpTestServer;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({ clock, smtpUrl: smtp.url, captchaText: texts.next });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});
// Each test starts past every resend interval of the tests before it.
beforeEach(() => clock.advance(10 * 60 * 1000));

let sequence = 0;
const fresh = () => {
  sequence += 1;
  return {
    account: `player${sequence}x`,
    email: `player${sequence}@example.test`,
    password: `Correct horse ${sequence}!`,
  };
};

async function sendCode(email: string, lang = 'en-US') {
  const before = smtp.received.length;
  const response = await server.call('/v2/app/register/send/email/code', { email }, { lang });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return smtp.latestTo(email, before);
}

async function otherBrowser() {
  const response = await fetch(`${server.url}/v2/xsrf`);
  const cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  return { cookie, 'x-xsrf-token': cookie.slice(cookie.indexOf('=') + 1) };
}

describe('registration by e-mail code', () => {
  it('sends a code over SMTP, verifies it, creates the account and signs it in', async () => {
    const who = fresh();
    const mail = await sendCode(who.email);
    expect(mail.subject).toBe('Your Game Hall registration code');
    expect(mail.text).toContain('valid for 10 minutes');
    const code = codeIn(mail);
    const valid = await server.call('/v2/app/register/valid', { email: who.email, code, acceptTerms: true });
    expect(valid.status).toBe(200);
    const registered = await server.call<{ token: string; expiresAt: string }>('/v2/app/register/user', who);
    expect(registered.status).toBe(200);
    const token = registered.body.data?.token ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(registered.body.data?.expiresAt ?? 0).getTime() - clock.now().getTime()).toBe(12 * 3600_000);

    const info = await server.call<Profile>('/v2/app/user/info', {}, { token });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({
      username: who.account,
      email: who.email,
      balance: 0,
      isAgent: false,
      hasPassword: true,
      hasPayPassword: false,
      kycStatus: 'notSubmitted',
      registeredAt: clock.now().toISOString(),
      lastLoginAt: clock.now().toISOString(),
    });
    const again = await server.call('/v2/app/register/user', { ...who, account: `${who.account}again` });
    expect(again.status, 'the verified address was spent by the registration').toBe(400);
    const [user] = await server.db.select().from(users).where(eq(users.username, who.account));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const audit = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `user:${user?.id}`));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['account.create', 'signIn.success']));
  });

  it('writes the mail in the request language', async () => {
    const who = fresh();
    const mail = await sendCode(who.email, 'ja-JP');
    expect(mail.subject).toBe('ゲームホール 会員登録の認証コード');
    expect(mail.text).toContain('有効期限は 10 分です');
    expect(mail.html).toContain(codeIn(mail));
  });

  it('refuses a second code within 60 s with 429 and Retry-After, and allows it after', async () => {
    const who = fresh();
    await sendCode(who.email);
    clock.advance(20_000);
    const tooSoon = await server.call('/v2/app/register/send/email/code', { email: who.email.toUpperCase() });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.headers.get('retry-after')).toBe('40');
    expect(tooSoon.body.msg).toBe('A code was sent a moment ago. You can request another one in 40 s.');
    clock.advance(40_000);
    await sendCode(who.email);
  });

  it('only counts the newest code', async () => {
    const who = fresh();
    const first = codeIn(await sendCode(who.email));
    clock.advance(61_000);
    const second = codeIn(await sendCode(who.email));
    if (first !== second) {
      const old = await server.call('/v2/app/register/valid', { email: who.email, code: first, acceptTerms: true });
      expect(old.body.msg).toBe('The verification code is incorrect.');
    }
    const valid = await server.call('/v2/app/register/valid', { email: who.email, code: second, acceptTerms: true });
    expect(valid.status).toBe(200);
  });

  it('says which problem a code has: wrong, expired, used, never sent', async () => {
    const who = fresh();
    const code = codeIn(await sendCode(who.email));
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await server.call('/v2/app/register/valid', { email: who.email, code: wrongCode, acceptTerms: true });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('The verification code is incorrect.');
    expect(wrong.body.fields).toEqual({ code: 'The verification code is incorrect.' });

    const right = await server.call('/v2/app/register/valid', { email: who.email, code, acceptTerms: true });
    expect(right.status).toBe(200);
    const reused = await server.call(
      '/v2/app/register/valid',
      { email: who.email, code, acceptTerms: true },
      { lang: 'ja-JP' },
    );
    expect(reused.status).toBe(400);
    expect(reused.body.msg).toBe('この認証コードはすでに使用されています。新しいコードをリクエストしてください。');

    const late = fresh();
    const lateCode = codeIn(await sendCode(late.email));
    clock.advance(10 * 60 * 1000 + 1);
    const expired = await server.call('/v2/app/register/valid', {
      email: late.email,
      code: lateCode,
      acceptTerms: true,
    });
    expect(expired.status).toBe(400);
    expect(expired.body.msg).toBe('The verification code has expired or was never sent. Please request a new one.');

    const never = await server.call('/v2/app/register/valid', {
      email: 'nobody@example.test',
      code: '123456',
      acceptTerms: true,
    });
    expect(never.body.msg).toBe(expired.body.msg);
  });

  it('burns a code after five wrong tries, even for the right code afterwards', async () => {
    const who = fresh();
    const code = codeIn(await sendCode(who.email));
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(
        await server.call('/v2/app/register/valid', { email: who.email, code: wrongCode, acceptTerms: true }),
      );
    }
    expect(answers.slice(0, 4).map((a) => a.status)).toEqual([400, 400, 400, 400]);
    expect(answers[4]?.status).toBe(422);
    expect(answers[4]?.body.msg).toBe(
      'Too many wrong tries: this verification code no longer works. Please request a new one.',
    );
    const right = await server.call('/v2/app/register/valid', { email: who.email, code, acceptTerms: true });
    expect(right.status).toBe(422);
    const [row] = await server.db.select().from(emailCodes).where(eq(emailCodes.email, who.email));
    expect(row?.wrongAttempts).toBe(5);
    expect(row?.usedAt).toBeNull();
  });

  it('asks for the user agreement before checking the code, and leaves the code alone', async () => {
    const who = fresh();
    const code = codeIn(await sendCode(who.email));
    const refused = await server.call('/v2/app/register/valid', { email: who.email, code, acceptTerms: false });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ acceptTerms: 'Please choose the user agreement.' });
    const accepted = await server.call('/v2/app/register/valid', { email: who.email, code, acceptTerms: true });
    expect(accepted.status).toBe(200);
  });

  it('registers only an address verified in this browser, within 30 minutes, once', async () => {
    const who = fresh();
    const unverified = await server.call('/v2/app/register/user', who);
    expect(unverified.status).toBe(400);
    expect(unverified.body.fields).toEqual({
      email: 'Please verify this e-mail address with the code we send you first.',
    });

    const code = codeIn(await sendCode(who.email));
    expect((await server.call('/v2/app/register/valid', { email: who.email, code, acceptTerms: true })).status).toBe(
      200,
    );
    const elsewhere = await server.call('/v2/app/register/user', who, { headers: await otherBrowser() });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.msg).toBe('Please verify this e-mail address with the code we send you first.');

    clock.advance(30 * 60 * 1000 + 1);
    const stale = await server.call('/v2/app/register/user', who);
    expect(stale.status).toBe(400);
    expect(await server.db.select({ n: count() }).from(users).where(eq(users.email, who.email))).toEqual([{ n: 0 }]);
  });

  it('refuses a taken user name and a taken address, each with its own message', async () => {
    const first = fresh();
    await registerThroughMail(server, smtp, first);

    clock.advance(61_000);
    const second = fresh();
    const code = codeIn(await sendCode(second.email));
    await server.call('/v2/app/register/valid', { email: second.email, code, acceptTerms: true });
    const sameName = await server.call('/v2/app/register/user', { ...second, account: first.account.toUpperCase() });
    expect(sameName.status).toBe(409);
    expect(sameName.body.msg).toBe('This account name is already taken.');
    expect(sameName.body.fields).toEqual({ account: 'This account name is already taken.' });

    // Two verifications of one address in this browser, then two registrations with it.
    const third = fresh();
    const firstCode = codeIn(await sendCode(third.email));
    await server.call('/v2/app/register/valid', { email: third.email, code: firstCode, acceptTerms: true });
    clock.advance(61_000);
    const secondCode = codeIn(await sendCode(third.email));
    await server.call('/v2/app/register/valid', { email: third.email, code: secondCode, acceptTerms: true });
    expect((await server.call('/v2/app/register/user', third)).status).toBe(200);
    const sameAddress = await server.call('/v2/app/register/user', {
      ...third,
      account: `${third.account}b`,
      email: third.email.toUpperCase(),
    });
    expect(sameAddress.status).toBe(409);
    expect(sameAddress.body.msg).toBe('This e-mail address is already registered.');
  });

  it('answers a code request for a registered address the same, mailing a notice instead of a code', async () => {
    const who = fresh();
    await registerThroughMail(server, smtp, who);
    clock.advance(61_000);
    const mail = await sendCode(who.email);
    expect(mail.subject).toBe('You already have a Game Hall account');
    expect(mail.text).toContain(who.account);
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
    const codes = await server.db.select().from(emailCodes).where(eq(emailCodes.email, who.email));
    expect(codes).toHaveLength(1);
  });

  it('checks the user name format and the password policy on the server', async () => {
    const who = fresh();
    const code = codeIn(await sendCode(who.email));
    await server.call('/v2/app/register/valid', { email: who.email, code, acceptTerms: true });
    const cases: [Record<string, string>, string, string][] = [
      [
        { account: 'bad_name' },
        'account',
        'The account can only use a combination of letters and numbers (4 to 20 characters).',
      ],
      [
        { account: 'abc' },
        'account',
        'The account can only use a combination of letters and numbers (4 to 20 characters).',
      ],
      [
        { account: 'ユーザー名前' },
        'account',
        'The account can only use a combination of letters and numbers (4 to 20 characters).',
      ],
      [{ password: 'Ab1!xyz' }, 'password', 'The password must have at least 8 characters.'],
      [{ password: 'Long passphrase '.repeat(9) }, 'password', 'The password may have at most 128 characters.'],
      [
        { password: 'password1' },
        'password',
        'This password is too common and easy to guess. Please choose another one.',
      ],
      [
        { password: 'Qwertyuiop' },
        'password',
        'This password is too common and easy to guess. Please choose another one.',
      ],
      [{ agentCode: 'NOSUCHCODE' }, 'agentCode', 'This agent code does not exist.'],
    ];
    for (const [change, field, message] of cases) {
      const response = await server.call('/v2/app/register/user', { ...who, ...change });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.body.fields, JSON.stringify(change)).toEqual({ [field]: message });
    }
    // None of the refusals spent the proof.
    expect((await server.call('/v2/app/register/user', who)).status).toBe(200);
  });

  it('links a new player to the agent whose code was used', async () => {
    const [agent] = await server.db
      .insert(users)
      .values({
        username: 'agentSmith',
        email: 'agent@example.test',
        isAgent: true,
        referralCode: 'AGENT42',
        registeredAt: clock.now(),
      })
      .returning();
    const who = { ...fresh(), agentCode: ' agent42 ' };
    await registerThroughMail(server, smtp, who);
    const [user] = await server.db.select().from(users).where(eq(users.username, who.account));
    expect(user?.agentCode).toBe('AGENT42');
    expect(agent?.id).toBeTypeOf('number');
    // An empty code (an empty agentCode query parameter) means none.
    const plain = { ...fresh(), agentCode: '' };
    await registerThroughMail(server, smtp, plain);
    const [plainUser] = await server.db.select().from(users).where(eq(users.username, plain.account));
    expect(plainUser?.agentCode).toBeNull();
  });

  it('keeps every mail in the outbox, marked sent', async () => {
    const rows = await server.db
      .select({ status: mailOutbox.status, n: count() })
      .from(mailOutbox)
      .groupBy(mailOutbox.status)
      .orderBy(sql`1`);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    expect(rows[0]?.n).toBe(smtp.received.length);
  });
});
