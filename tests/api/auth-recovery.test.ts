import type { Profile } from '@contract/auth';
import { auditLog, emailCodes, sessions, users } from '@server/db/schema/auth';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCaptchaTexts, registerThroughMail, solvedCaptcha } from '../support/accounts';
import { codeIn, type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, createTestServer, type TestServer } from './harness';

const clock = createTestClock(new Date('2026-03-03T09:00:00Z'));
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
beforeEach(() => clock.advance(60 * 60 * 1000));

let sequence = 0;
async function newPlayer() {
  sequence += 1;
  const who = {
    account: `keeper${sequence}`,
    email: `keeper${sequence}@example.test`,
    password: `Original secret ${sequence}!`,
  };
  const token = await registerThroughMail(server, smtp, who);
  return { ...who, token };
}

async function signIn(account: string, password: string) {
  const captcha = await solvedCaptcha(server, texts);
  return server.call<{ token: string }>('/v2/app/auth/login', { account, password, ...captcha });
}

async function requestReset(account: string, lang = 'en-US') {
  const captcha = await solvedCaptcha(server, texts);
  return server.call('/v2/app/auth/send/email', { account, ...captcha }, { lang });
}

describe('password recovery', () => {
  it('mails a reset code, sets the new password with it and ends every session', async () => {
    const who = await newPlayer();
    const other = (await signIn(who.account, who.password)).body.data!.token;
    const before = smtp.received.length;
    const sent = await requestReset(who.account);
    expect(sent.status).toBe(200);
    const mail = await smtp.latestTo(who.email, before);
    expect(mail.subject).toBe('Your Game Hall password reset code');
    expect(mail.text).toContain(who.account);
    const code = codeIn(mail);

    const newPassword = 'Brand new secret 42';
    const reset = await server.call('/v2/app/auth/reset/password', { account: who.email, newPassword, qrcode: code });
    expect(reset.status).toBe(200);
    for (const token of [who.token, other]) {
      const ended = await server.call('/v2/app/user/info', {}, { token });
      expect(ended.status).toBe(402);
      expect(ended.body.msg).toBe(
        'The password of this account was changed, so you have been signed out. Please sign in again.',
      );
    }
    expect((await signIn(who.account, who.password)).status).toBe(400);
    expect((await signIn(who.account, newPassword)).status).toBe(200);
    const notice = await smtp.waitFor(
      (m) => m.to.includes(who.email) && m.subject === 'Your Game Hall password was changed',
    );
    expect(notice.text).toContain(who.account);
    const audit = await server.db.select().from(auditLog).where(eq(auditLog.action, 'password.reset'));
    expect(audit).toHaveLength(1);

    const reused = await server.call('/v2/app/auth/reset/password', {
      account: who.account,
      newPassword: 'Another new one 43',
      qrcode: code,
    });
    expect(reused.status).toBe(400);
    expect(reused.body.msg).toBe(
      'The verification code is wrong or no longer valid. Please check it, or request a new one.',
    );
  });

  it('answers an unknown account exactly like a known one and mails nobody', async () => {
    const who = await newPlayer();
    const before = smtp.received.length;
    const known = await requestReset(who.account, 'ko-KR');
    const unknown = await requestReset('nosuchplayer', 'ko-KR');
    const unknownAddress = await requestReset('nobody@example.test', 'ko-KR');
    for (const response of [unknown, unknownAddress]) {
      expect(response.status).toBe(known.status);
      expect(response.body).toEqual({ ...known.body });
    }
    await smtp.latestTo(who.email, before);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([[who.email]]);
    const resetCodes = await server.db
      .select({ n: count() })
      .from(emailCodes)
      .where(and(eq(emailCodes.purpose, 'reset'), eq(emailCodes.email, who.email)));
    expect(resetCodes).toEqual([{ n: 1 }]);

    // The resend interval applies to unknown accounts too, so it tells nothing either.
    const tooSoonKnown = await requestReset(who.account);
    const tooSoonUnknown = await requestReset('nosuchplayer');
    expect(tooSoonKnown.status).toBe(429);
    expect(tooSoonUnknown.status).toBe(429);
    expect(tooSoonUnknown.headers.get('retry-after')).toBe(tooSoonKnown.headers.get('retry-after'));
    expect(tooSoonUnknown.body.msg).toBe(tooSoonKnown.body.msg);
  });

  it('needs the captcha, and spends it when refused', async () => {
    const who = await newPlayer();
    const captcha = await solvedCaptcha(server, texts);
    const wrong = await server.call('/v2/app/auth/send/email', {
      account: who.account,
      uuid: captcha.uuid,
      qrcode: 'nope',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('The image code is wrong or has expired. Please enter the new one.');
    expect((await server.call('/v2/app/auth/send/email', { account: who.account, ...captcha })).status).toBe(400);
  });

  const codeRefused = {
    qrcode: 'The verification code is wrong or no longer valid. Please check it, or request a new one.',
  };
  const attemptReset = (account: string, qrcode: string) =>
    server.call('/v2/app/auth/reset/password', { account, newPassword: 'Fresh secret 77', qrcode });
  /** The answer without its request id, which differs on every call. */
  const answerOf = (response: Awaited<ReturnType<typeof attemptReset>>) => ({
    status: response.status,
    ...response.body,
    requestId: undefined,
  });

  it('answers wrong, expired and never-sent codes and unknown accounts alike, and keeps the old password', async () => {
    const who = await newPlayer();
    const withoutCode = await newPlayer();
    const before = smtp.received.length;
    await requestReset(who.account);
    const code = codeIn(await smtp.latestTo(who.email, before));
    const wrongCode = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    const wrong = await attemptReset(who.account, wrongCode);
    // Nothing tells an account that exists from one that does not, or from one without a code.
    for (const response of [
      await attemptReset(withoutCode.account, code),
      await attemptReset(withoutCode.email, code),
      await attemptReset('nosuchplayer', code),
      await attemptReset('nobody@example.test', code),
    ]) {
      expect(answerOf(response)).toEqual(answerOf(wrong));
    }
    clock.advance(10 * 60 * 1000 + 1);
    expect(answerOf(await attemptReset(who.account, code))).toEqual(answerOf(wrong));
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual(codeRefused);
    expect((await signIn(who.account, who.password)).status).toBe(200);
  });

  it('burns a code after five wrong tries and refuses a used one, with the same answer', async () => {
    const who = await newPlayer();
    let before = smtp.received.length;
    await requestReset(who.account);
    const code = codeIn(await smtp.latestTo(who.email, before));
    const wrongCode = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await attemptReset(who.account, wrongCode));
    // The right code no longer works once five wrong ones were tried.
    answers.push(await attemptReset(who.account, code));
    for (const response of answers) expect(answerOf(response)).toEqual(answerOf(answers[0]!));
    expect(answers[0]!.status).toBe(400);
    expect(answers[0]!.body.fields).toEqual(codeRefused);
    expect((await signIn(who.account, who.password)).status).toBe(200);

    clock.advance(2 * 60 * 1000);
    before = smtp.received.length;
    await requestReset(who.account);
    const fresh = codeIn(await smtp.latestTo(who.email, before));
    expect((await attemptReset(who.account, fresh)).status).toBe(200);
    expect(answerOf(await attemptReset(who.account, fresh))).toEqual(answerOf(answers[0]!));
  });

  it('checks the new password against the policy before spending the code', async () => {
    const who = await newPlayer();
    const before = smtp.received.length;
    await requestReset(who.account);
    const code = codeIn(await smtp.latestTo(who.email, before));
    const weak = await server.call('/v2/app/auth/reset/password', {
      account: who.account,
      newPassword: 'iloveyou',
      qrcode: code,
    });
    expect(weak.status).toBe(400);
    expect(weak.body.fields).toEqual({
      newPassword: 'This password is too common and easy to guess. Please choose another one.',
    });
    expect(
      (
        await server.call('/v2/app/auth/reset/password', {
          account: who.account,
          newPassword: 'Not in any list 9',
          qrcode: code,
        })
      ).status,
    ).toBe(200);
  });

  it('unlocks an account locked by failed sign-ins', async () => {
    const who = await newPlayer();
    for (let i = 0; i < 5; i += 1) await signIn(who.account, 'guessing wrong 1');
    expect((await signIn(who.account, who.password)).status).toBe(429);
    const before = smtp.received.length;
    await requestReset(who.account);
    const code = codeIn(await smtp.latestTo(who.email, before));
    await server.call('/v2/app/auth/reset/password', {
      account: who.account,
      newPassword: 'Recovered at last 5',
      qrcode: code,
    });
    expect((await signIn(who.account, 'Recovered at last 5')).status).toBe(200);
  });
});

describe('changing the password while signed in', () => {
  it('needs the current password, ends the other sessions and keeps this one', async () => {
    const who = await newPlayer();
    const other = (await signIn(who.account, who.password)).body.data!.token;
    const wrong = await server.call(
      '/v2/app/auth/password/update',
      { oldPassword: 'not my password 1', newPassword: 'Changed it myself 8' },
      { token: who.token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ oldPassword: 'The current password is incorrect.' });
    const short = await server.call(
      '/v2/app/auth/password/update',
      { oldPassword: who.password, newPassword: 'short1' },
      { token: who.token },
    );
    expect(short.body.fields).toEqual({ newPassword: 'The password must have at least 8 characters.' });

    const changed = await server.call(
      '/v2/app/auth/password/update',
      { oldPassword: who.password, newPassword: 'Changed it myself 8' },
      { token: who.token },
    );
    expect(changed.status).toBe(200);
    expect((await server.call('/v2/app/user/info', {}, { token: who.token })).status).toBe(200);
    expect((await server.call('/v2/app/user/info', {}, { token: other })).status).toBe(402);
    expect((await signIn(who.account, 'Changed it myself 8')).status).toBe(200);
    const [user] = await server.db.select().from(users).where(eq(users.username, who.account));
    const revoked = await server.db
      .select({ reason: sessions.revokedReason })
      .from(sessions)
      .where(and(eq(sessions.userId, user!.id)));
    expect(revoked.map((row) => row.reason)).toContain('passwordChanged');
  });

  it('needs a signed-in caller', async () => {
    const response = await server.call('/v2/app/auth/password/update', { oldPassword: 'a', newPassword: 'b' });
    expect(response.status).toBe(401);
  });
});

describe('the pay password', () => {
  it('is set with the login password, changed with the old pay password, and stored as argon2id', async () => {
    const who = await newPlayer();
    const missing = await server.call(
      '/v2/app/auth/password/update/payment',
      { newPayPassword: '135790' },
      { token: who.token },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ password: 'please input password' });
    const badFormat = await server.call(
      '/v2/app/auth/password/update/payment',
      { newPayPassword: '12ab56', password: who.password },
      { token: who.token },
    );
    expect(badFormat.body.fields).toEqual({ newPayPassword: 'The pay password must be 6 digits.' });
    const wrongLogin = await server.call(
      '/v2/app/auth/password/update/payment',
      { newPayPassword: '135790', password: 'wrong one 1' },
      { token: who.token },
    );
    expect(wrongLogin.body.fields).toEqual({ password: 'The current password is incorrect.' });

    const set = await server.call(
      '/v2/app/auth/password/update/payment',
      { newPayPassword: '135790', password: who.password },
      { token: who.token },
    );
    expect(set.status).toBe(200);
    expect((await server.call<Profile>('/v2/app/user/info', {}, { token: who.token })).body.data?.hasPayPassword).toBe(
      true,
    );
    const [user] = await server.db.select().from(users).where(eq(users.username, who.account));
    expect(user?.payPasswordHash).toMatch(/^\$argon2id\$/);

    const withLogin = await server.call(
      '/v2/app/auth/password/update/payment',
      { newPayPassword: '246801', password: who.password },
      { token: who.token },
    );
    expect(withLogin.body.fields).toEqual({ oldPayPassword: 'please input current pay password' });
    const wrongOld = await server.call(
      '/v2/app/auth/password/update/payment',
      { newPayPassword: '246801', oldPayPassword: '000000' },
      { token: who.token },
    );
    expect(wrongOld.body.fields).toEqual({ oldPayPassword: 'The current pay password is incorrect.' });
    const changed = await server.call(
      '/v2/app/auth/password/update/payment',
      { newPayPassword: '246801', oldPayPassword: '135790' },
      { token: who.token },
    );
    expect(changed.status).toBe(200);
    const actions = await server.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subject, `user:${user!.id}`));
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['payPassword.set', 'payPassword.change']));
  });

  it('locks after five wrong old pay passwords', async () => {
    const who = await newPlayer();
    await server.call(
      '/v2/app/auth/password/update/payment',
      { newPayPassword: '135790', password: who.password },
      { token: who.token },
    );
    for (let i = 0; i < 5; i += 1) {
      const wrong = await server.call(
        '/v2/app/auth/password/update/payment',
        { newPayPassword: '246801', oldPayPassword: `00000${i}` },
        { token: who.token },
      );
      expect(wrong.status).toBe(400);
    }
    const locked = await server.call(
      '/v2/app/auth/password/update/payment',
      { newPayPassword: '246801', oldPayPassword: '135790' },
      { token: who.token },
    );
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
