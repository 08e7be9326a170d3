import { endpoints } from '@contract/endpoints';
import { sessions } from '@server/db/schema/auth';
import { setUpOperator } from '@server/modules/admin/operator-accounts';
import { totpCodeAt } from '@server/shared/totp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityProvider, type TestIdentityProvider } from '../support/identity-provider';
import { manyPlayersLimits, newPlayer, refusal, type TestPlayer } from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, createTestServer, type TestServer } from './harness';

// Operator rights come only from the desk's sign-in (password, captcha, authenticator code); an
// operator account opens nothing anywhere else, and an operator session reaches nothing else.

const clock = createTestClock(new Date('2026-05-11T01:00:05Z'));
const stepMs = 30_000;
const minute = 60_000;
const password = 'Harbour signal 2026!';
let google: TestIdentityProvider;
let smtp: SmtpTestServer;
let server: TestServer;
let desk: { userId: number; account: string; email: string; secret: string };
let player: TestPlayer;

beforeAll(async () => {
  google = await startIdentityProvider({ clientId: 'google-client.apps.test' });
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    clock,
    smtpUrl: smtp.url,
    authLimits: manyPlayersLimits,
    identityProviders: {
      google: { clientId: google.clientId, issuers: [google.issuer], jwksUrl: google.jwksUrl },
      line: null,
    },
  });
  const setup = await setUpOperator(server.db, clock, {
    username: 'deskthree',
    email: 'desk.three@example.test',
    password,
  });
  desk = { userId: setup.userId, account: setup.username, email: 'desk.three@example.test', secret: setup.totpSecret };
  player = await newPlayer(server, smtp);
});
afterAll(async () => {
  await server.close();
  await Promise.all([google.close(), smtp.close()]);
});

/** The desk's sign-in with a solved captcha; each call moves to a new authenticator step. */
async function deskSignIn(body: { account?: string; password?: string; qrcode?: string } = {}) {
  clock.advance(stepMs);
  const captcha = await server.solvedCaptcha();
  return server.call<{ token: string; expiresAt: string }>('/v2/admin/auth/login', {
    account: desk.account,
    password,
    ...captcha,
    totpCode: totpCodeAt(desk.secret, clock.now()),
    ...body,
  });
}

async function operatorToken(): Promise<string> {
  const signedIn = await deskSignIn();
  expect(signedIn.body.code).toBe(200);
  return signedIn.body.data!.token;
}

async function playerSignIn(account: string, withPassword: string) {
  return server.call<{ token: string }>('/v2/app/auth/login', {
    account,
    password: withPassword,
    ...(await server.solvedCaptcha()),
  });
}

const search = (token: string) => server.call('/v2/admin/user/search', {}, { token });

async function kindsOfSessions(userId: number) {
  const rows = await server.db.select({ kind: sessions.kind }).from(sessions).where(eq(sessions.userId, userId));
  return new Set(rows.map((row) => row.kind));
}

describe('an operator account opens no player session', () => {
  it('refuses the player sign-in with the right password exactly as a wrong password', async () => {
    const wrong = await playerSignIn(player.account, 'Not the password 9');
    refusal(wrong, 400, 'The account or password is incorrect.');
    const asOperator = await playerSignIn(desk.account, password);
    refusal(asOperator, 400, 'The account or password is incorrect.');
    expect(asOperator.body.fields).toEqual(wrong.body.fields);
    refusal(await playerSignIn(desk.email, password), 400, 'The account or password is incorrect.');
  });

  it('answers recovery for an operator as for an unknown account, and sends no code', async () => {
    const before = smtp.received.length;
    const sent = await server.call('/v2/app/auth/send/email', {
      account: desk.account,
      ...(await server.solvedCaptcha()),
    });
    expect(sent.body).toMatchObject({ code: 200 });
    clock.advance(2 * minute);
    const unknownSent = await server.call('/v2/app/auth/send/email', {
      account: 'nobody4321',
      ...(await server.solvedCaptcha()),
    });
    expect(unknownSent.body.code).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.slice(before).filter((mail) => mail.to.includes(desk.email))).toEqual([]);

    const reset = { newPassword: 'Taken over 2026!!', qrcode: '123456' };
    const asOperator = await server.call('/v2/app/auth/reset/password', { account: desk.account, ...reset });
    const asUnknown = await server.call('/v2/app/auth/reset/password', { account: 'nobody4321', ...reset });
    expect(asOperator.status).toBe(400);
    expect(asOperator.body.msg).toBe(asUnknown.body.msg);
    expect(asOperator.body.fields).toEqual(asUnknown.body.fields);
    expect((await deskSignIn()).body.code).toBe(200);
  });

  it('refuses a Google sign-in with the operator’s verified address, and links nothing', async () => {
    const idToken = await google.signIdToken(
      { sub: 'google-desk-1', email: desk.email, email_verified: true },
      { now: clock.now() },
    );
    refusal(
      await server.call('/v2/app/auth/login3', { event: 'google', token: idToken }),
      401,
      'Your Google sign-in could not be verified. Please try again.',
    );
  });

  it('left the operator with operator sessions only', async () => {
    expect(await kindsOfSessions(desk.userId)).toEqual(new Set(['operator']));
  });
});

describe('an operator session', () => {
  it('reaches the desk but no player or agent call, so it moves no player money', async () => {
    const token = await operatorToken();
    expect((await search(token)).body.code).toBe(200);
    const playerCalls = endpoints.filter((endpoint) => endpoint.access === 'user' || endpoint.access === 'agent');
    expect(playerCalls.map((endpoint) => endpoint.path)).toEqual(
      expect.arrayContaining(['/v2/app/draw/withdraw', '/v2/app/agent/type/member/transfer', '/v2/app/user/info']),
    );
    for (const endpoint of playerCalls) {
      const answer = await server.call(
        endpoint.path,
        {},
        { token, headers: { 'idempotency-key': 'operator-tries-1' } },
      );
      expect(answer.status, endpoint.path).toBe(403);
    }
  });

  it('ends after fifteen minutes without a call, and lives while the desk is used', async () => {
    const token = await operatorToken();
    for (let call = 0; call < 4; call += 1) {
      clock.advance(14 * minute);
      expect((await search(token)).body.code, `call ${call}`).toBe(200);
    }
    clock.advance(16 * minute);
    refusal(await search(token), 401, 'Please sign in first');
  });

  it('ends eight hours after the sign-in however busy the desk is', async () => {
    const token = await operatorToken();
    for (let elapsed = 10; elapsed < 8 * 60; elapsed += 10) {
      clock.advance(10 * minute);
      expect((await search(token)).body.code, `after ${elapsed} minutes`).toBe(200);
    }
    clock.advance(10 * minute);
    refusal(await search(token), 401, 'Please sign in first');
  });

  it('says how long it lives when it opens', async () => {
    const signedIn = await deskSignIn();
    expect(Date.parse(signedIn.body.data!.expiresAt) - clock.now().getTime()).toBe(8 * 60 * minute);
  });

  it('ends when the authenticator is reset, with the reason', async () => {
    const token = await operatorToken();
    const reset = await setUpOperator(server.db, clock, { username: desk.account, email: desk.email, password: null });
    desk.secret = reset.totpSecret;
    refusal(await search(token), 402, /authenticator was reset/);
    expect((await deskSignIn()).body.code).toBe(200);
  });

  it('ends with the desk’s sign-out', async () => {
    const token = await operatorToken();
    expect((await server.call('/v2/admin/auth/logout', {}, { token })).body.code).toBe(200);
    refusal(await search(token), 401, 'Please sign in first');
  });
});

describe('a player’s account never becomes an operator’s', () => {
  it('is refused by the operator set-up', async () => {
    await expect(
      setUpOperator(server.db, clock, { username: player.account, email: player.email, password: null }),
    ).rejects.toThrow(/player's account/);
    expect((await server.call('/v2/app/user/info', {}, { token: player.token })).body.code).toBe(200);
  });
});

describe('lockouts', () => {
  it('failed player sign-ins under an operator’s name do not lock the desk', async () => {
    clock.advance(60 * minute);
    for (let attempt = 0; attempt < 8; attempt += 1) await playerSignIn(desk.account, 'Wrong password 1');
    expect((await deskSignIn()).body.code).toBe(200);
  });

  it('failed desk sign-ins under a player’s name do not lock the player', async () => {
    clock.advance(60 * minute);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      statuses.push((await deskSignIn({ account: player.account, password: 'Wrong password 1' })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect((await playerSignIn(player.account, 'Maple leaf 2026!')).body.code).toBe(200);
  });

  it('desk sign-ins without a solved captcha do not count against the operator', async () => {
    clock.advance(60 * minute);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      refusal(await deskSignIn({ password: 'Wrong password 1', qrcode: 'wrong' }), 400, /image code/i);
    }
    expect((await deskSignIn()).body.code).toBe(200);
  });

  it('five failed desk sign-ins with solved captchas lock the desk for that account, not the others', async () => {
    clock.advance(60 * minute);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      statuses.push((await deskSignIn({ password: 'Wrong password 1' })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const locked = await deskSignIn();
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await playerSignIn(player.account, 'Maple leaf 2026!')).body.code).toBe(200);
  });
});
