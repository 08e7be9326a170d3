import type { Profile } from '@contract/auth';
import { auditLog, identities, sessions, users } from '@server/db/schema/auth';
import { totpCodeAt } from '@server/shared/totp';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts, registerThroughMail } from '../support/accounts';
import { startIdentityProvider, type TestIdentityProvider } from '../support/identity-provider';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, createTestServer, type TestServer } from './harness';

const clock = createTestClock(new Date('2026-03-04T09:00:00Z'));
const lineRedirectUri = 'http://127.0.0.1/auth/line/callback';
let google: TestIdentityProvider;
let line: TestIdentityProvider;
let smtp: SmtpTestServer;
let server: TestServer;

beforeAll(async () => {
  google = await startIdentityProvider({ clientId: 'google-client.apps.test' });
  line = await startIdentityProvider({
    clientId: '1650000000',
    clientSecret: 'line-channel-secret',
    redirectUri: lineRedirectUri,
  });
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    clock,
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    identityProviders: {
      google: { clientId: google.clientId, issuers: [google.issuer], jwksUrl: google.jwksUrl },
      line: {
        clientId: line.clientId,
        channelSecret: 'line-channel-secret',
        issuers: [line.issuer],
        jwksUrl: line.jwksUrl,
        tokenUrl: line.tokenUrl,
        authorizeUrl: `${line.issuer}/authorize`,
        redirectUri: lineRedirectUri,
      },
    },
  });
});
afterAll(async () => {
  await server.close();
  await Promise.all([google.close(), line.close(), smtp.close()]);
});

const signIn = (event: string, token: string, extra: Record<string, unknown> = {}, lang = 'en-US') =>
  server.call<{ token: string }>('/v2/app/auth/login3', { event, token, ...extra }, { lang });

async function profileOf(token: string) {
  const response = await server.call<Profile>('/v2/app/user/info', {}, { token });
  expect(response.status).toBe(200);
  return response.body.data!;
}

describe('Google sign-in', () => {
  it('creates an account for a new Google user and signs the same user in next time', async () => {
    const idToken = await google.signIdToken(
      { sub: 'google-user-1', email: 'new.player@gmail.test', email_verified: true, name: 'New Player' },
      { now: clock.now() },
    );
    const first = await signIn('google', idToken);
    expect(first.status).toBe(200);
    const profile = await profileOf(first.body.data!.token);
    expect(profile.username).toMatch(/^google[a-z0-9]{12}$/);
    expect(profile.email).toBe('new.player@gmail.test');
    expect(profile.nickname).toBe('New Player');
    expect(profile.hasPassword).toBe(false);

    const again = await signIn('google', await google.signIdToken({ sub: 'google-user-1' }, { now: clock.now() }));
    expect((await profileOf(again.body.data!.token)).userId).toBe(profile.userId);
  });

  it('links to the account that has the verified address', async () => {
    const who = { account: 'linked2026', email: 'Linked@Example.test', password: 'Linking works 2026' };
    await registerThroughMail(server, smtp, who);
    const idToken = await google.signIdToken(
      { sub: 'google-user-2', email: 'linked@example.test', email_verified: true },
      { now: clock.now() },
    );
    const response = await signIn('google', idToken);
    expect(response.status).toBe(200);
    expect((await profileOf(response.body.data!.token)).username).toBe(who.account);
    const [link] = await server.db.select().from(identities).where(eq(identities.subject, 'google-user-2'));
    expect(link?.provider).toBe('google');
  });

  it('does not link by an unverified address: a new account without an address is made', async () => {
    const who = { account: 'victim2026', email: 'victim@example.test', password: 'Keep me safe 2026' };
    await registerThroughMail(server, smtp, who);
    const idToken = await google.signIdToken(
      { sub: 'google-attacker', email: 'victim@example.test', email_verified: false },
      { now: clock.now() },
    );
    const response = await signIn('google', idToken);
    expect(response.status).toBe(200);
    const profile = await profileOf(response.body.data!.token);
    expect(profile.username).not.toBe(who.account);
    expect(profile.email).toBeNull();
  });

  it.each([
    ['signed with another key', { key: 'forged' as const }],
    ['expired', { expiresAt: new Date(clock.now().getTime() - 60_000) }],
    ['for another client', { audience: 'someone-else.apps.test' }],
    ['from another issuer', { issuer: 'https://evil.example' }],
  ])('refuses a token %s with 401 and a localised message, creating nothing', async (_name, options) => {
    const before = await server.db.select({ id: users.id }).from(users);
    const idToken = await google.signIdToken(
      { sub: 'google-refused', email: 'refused@gmail.test', email_verified: true },
      { now: clock.now(), ...options },
    );
    const response = await signIn('google', idToken, {}, 'ja-JP');
    expect(response.status).toBe(401);
    expect(response.body.msg).toBe('Google のログインを確認できませんでした。もう一度お試しください。');
    expect(await server.db.select({ id: users.id }).from(users)).toEqual(before);
  });

  it('refuses garbage and tokens that have expired by the server clock', async () => {
    expect((await signIn('google', 'not.a.jwt')).status).toBe(401);
    const idToken = await google.signIdToken({ sub: 'google-user-3' }, { now: clock.now() });
    clock.advance(2 * 3600_000);
    const late = await signIn('google', idToken);
    expect(late.status).toBe(401);
    expect(late.body.msg).toBe('Your Google sign-in could not be verified. Please try again.');
  });

  it('keeps control characters out of the database: cleans the name, refuses such a subject', async () => {
    const named = await signIn(
      'google',
      await google.signIdToken({ sub: 'google-user-5', name: 'Evil\u0000 Na\u0007me' }, { now: clock.now() }),
    );
    expect(named.status).toBe(200);
    expect((await profileOf(named.body.data!.token)).nickname).toBe('Evil Name');
    const badSubject = await signIn(
      'google',
      await google.signIdToken({ sub: 'google\u0000user' }, { now: clock.now() }),
    );
    expect(badSubject.status).toBe(401);
  });

  it('records the agent code of a new account and refuses an unknown one', async () => {
    await server.db.insert(users).values({
      username: 'agentLine',
      email: 'agentline@example.test',
      isAgent: true,
      referralCode: 'INVITE7',
      registeredAt: clock.now(),
    });
    const unknown = await signIn('google', await google.signIdToken({ sub: 'google-user-4' }, { now: clock.now() }), {
      agentCode: 'NOPE',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ agentCode: 'This agent code does not exist.' });
    const known = await signIn('google', await google.signIdToken({ sub: 'google-user-4' }, { now: clock.now() }), {
      agentCode: 'INVITE7',
    });
    expect(known.status).toBe(200);
    const [user] = await server.db
      .select()
      .from(users)
      .where(eq(users.id, (await profileOf(known.body.data!.token)).userId));
    expect(user?.agentCode).toBe('INVITE7');
  });
});

describe('LINE sign-in', () => {
  it('exchanges the authorization code on the server with the channel secret, then verifies the ID token', async () => {
    const code = await line.issueAuthorizationCode(
      { sub: 'U1234567890abcdef', email: 'line.user@line.test', name: 'LINE User' },
      { now: clock.now() },
    );
    const response = await signIn('line', code);
    expect(response.status).toBe(200);
    const profile = await profileOf(response.body.data!.token);
    expect(profile.username).toMatch(/^line[a-z0-9]{12}$/);
    expect(profile.email).toBe('line.user@line.test');
    expect(line.tokenRequests.at(-1)).toEqual({
      grant_type: 'authorization_code',
      code,
      redirect_uri: lineRedirectUri,
      client_id: line.clientId,
      client_secret: 'line-channel-secret',
    });
    const reused = await signIn('line', code);
    expect(reused.status, 'an authorization code works once').toBe(401);
    expect(reused.body.msg).toBe('Your LINE sign-in could not be verified. Please try again.');
  });

  it('refuses an unknown code and a forged or foreign ID token behind a real code', async () => {
    expect((await signIn('line', 'made-up-code')).status).toBe(401);
    const forged = await line.issueAuthorizationCode({ sub: 'U-forged' }, { now: clock.now(), key: 'forged' });
    expect((await signIn('line', forged)).status).toBe(401);
    const foreign = await line.issueAuthorizationCode(
      { sub: 'U-foreign' },
      { now: clock.now(), audience: '1659999999' },
    );
    expect((await signIn('line', foreign)).status).toBe(401);
    expect(await server.db.select().from(identities).where(eq(identities.subject, 'U-forged'))).toEqual([]);
  });
});

describe('the app key code step (docs/requirements.md §14.3)', () => {
  const codeNow = (secret: string) => totpCodeAt(secret, clock.now());

  /** A player with a bound key who asked for its code at web sign-in; each code step is a new one. */
  async function guardedPlayer(name: string) {
    const email = `${name}@example.test`;
    const token = await registerThroughMail(server, smtp, { account: name, email, password: 'Guarded by a key 2026' });
    const key = await server.call<{ secret: string }>('/v2/app/user/google/key', undefined, { token });
    const secret = key.body.data?.secret as string;
    const bound = await server.call('/v2/app/user/google/key/bind', { totpCode: codeNow(secret) }, { token });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    clock.advance(30_000);
    const [user] = await server.db.select({ id: users.id }).from(users).where(eq(users.username, name));
    return {
      userId: user?.id as number,
      email,
      secret,
      askForCode: async () => {
        const on = await server.call(
          '/v2/app/user/google/key/web-sign-in',
          { enabled: true, totpCode: codeNow(secret) },
          { token },
        );
        expect(on.status, JSON.stringify(on.body)).toBe(200);
        clock.advance(30_000);
      },
    };
  }

  const sessionsOf = async (userId: number) =>
    (await server.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;

  it('Google asks for the code instead of opening a session, and the code opens it', async () => {
    const player = await guardedPlayer('keyguard1');
    const googleToken = () =>
      google.signIdToken({ sub: 'google-guarded-1', email: player.email, email_verified: true }, { now: clock.now() });
    // A bound key alone does not ask: the player has not turned the code step on.
    expect((await signIn('google', await googleToken())).body.data?.token).toBeTruthy();
    await player.askForCode();

    const before = await sessionsOf(player.userId);
    const asked = await server.call<{ token?: string; appKeyTicket?: string; expiresAt: string }>(
      '/v2/app/auth/login3',
      { event: 'google', token: await googleToken() },
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data?.token).toBeUndefined();
    const ticket = asked.body.data?.appKeyTicket as string;
    expect(ticket).toBeTruthy();
    expect(await sessionsOf(player.userId)).toBe(before);

    const wrongCode = codeNow(player.secret) === '000000' ? '111111' : '000000';
    const refused = await server.call(
      '/v2/app/auth/login/app-key',
      { appKeyTicket: ticket, totpCode: wrongCode },
      { lang: 'ja-JP' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ totpCode: '認証コードが正しくないか、すでに使用されています。' });
    expect(await sessionsOf(player.userId)).toBe(before);

    const opened = await server.call<{ token: string }>('/v2/app/auth/login/app-key', {
      appKeyTicket: ticket,
      totpCode: codeNow(player.secret),
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect((await profileOf(opened.body.data!.token)).userId).toBe(player.userId);
    const [audit] = await server.db
      .select({ reason: auditLog.reason })
      .from(auditLog)
      .where(and(eq(auditLog.subject, `user:${player.userId}`), eq(auditLog.action, 'signIn.success')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.reason).toBe('google+appKey');
  });

  it('LINE asks for the code too, for an account it links and for one linked before', async () => {
    const player = await guardedPlayer('keyguard2');
    await player.askForCode();
    const before = await sessionsOf(player.userId);
    for (const claims of [{ sub: 'U-guarded-2', email: player.email }, { sub: 'U-guarded-2' }]) {
      const code = await line.issueAuthorizationCode(claims, { now: clock.now() });
      const asked = await server.call<{ token?: string; appKeyTicket?: string }>('/v2/app/auth/login3', {
        event: 'line',
        token: code,
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      expect(asked.body.data?.token).toBeUndefined();
      expect(asked.body.data?.appKeyTicket).toBeTruthy();
    }
    const [link] = await server.db.select().from(identities).where(eq(identities.subject, 'U-guarded-2'));
    expect(link?.userId).toBe(player.userId);
    expect(await sessionsOf(player.userId)).toBe(before);
  });
});

describe('without configuration', () => {
  it('answers 422 for a provider that is not set up, and lists none', async () => {
    const bare = await createTestServer({ clock });
    try {
      const response = await bare.call('/v2/app/auth/login3', { event: 'google', token: 'x' });
      expect(response.status).toBe(422);
      expect(response.body.msg).toBe('Sign-in with Google is not available right now.');
      const providers = await bare.call('/v2/app/auth/providers');
      expect(providers.body.data).toEqual({ google: null, line: null });
    } finally {
      await bare.close();
    }
  });

  it('lists the configured providers for the sign-in buttons', async () => {
    const providers = await server.call('/v2/app/auth/providers');
    expect(providers.body.data).toEqual({
      google: { clientId: google.clientId },
      line: { channelId: line.clientId, authorizeUrl: `${line.issuer}/authorize`, redirectUri: lineRedirectUri },
    });
  });
});
