import { createHash } from 'node:crypto';
import { appAliases, appKeys } from '@server/db/schema/app-access';
import { auditLog, sessions } from '@server/db/schema/auth';
import { totpCodeAt } from '@server/shared/totp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import { manyPlayersLimits, newPlayer, refusal, type TestPlayer } from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, createTestServer, type TestServer } from './harness';

let smtp: SmtpTestServer;
let server: TestServer;
const clock = createTestClock(new Date('2026-05-01T03:00:00Z'));

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    clock,
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: manyPlayersLimits,
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

interface Alias {
  aliasAccount: string;
  createdAt: string;
}

const aliasOf = async (player: TestPlayer, path = '/v2/app/user/alias/account') => {
  const response = await server.call<Alias>(path, undefined, { token: player.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as Alias;
};

describe('account alias (docs/requirements.md §14.1)', () => {
  it('is made on first request, stays the same, and is unique and unrelated to the account', async () => {
    const first = await newPlayer(server, smtp);
    const second = await newPlayer(server, smtp);
    const alias = await aliasOf(first);
    expect(alias.aliasAccount).toMatch(/^[2-9a-hjkmnp-z]{3}-[2-9a-hjkmnp-z]{3}-[2-9a-hjkmnp-z]{4}$/);
    expect(alias.aliasAccount).not.toContain(first.account.slice(0, 4));
    expect((await aliasOf(first)).aliasAccount).toBe(alias.aliasAccount);
    expect((await aliasOf(second)).aliasAccount).not.toBe(alias.aliasAccount);
  });

  it('makes one alias when two first requests come at once', async () => {
    const player = await newPlayer(server, smtp);
    const [a, b] = await Promise.all([aliasOf(player), aliasOf(player)]);
    expect(a.aliasAccount).toBe(b.aliasAccount);
    expect(await server.db.select().from(appAliases).where(eq(appAliases.userId, player.userId))).toHaveLength(1);
  });

  it('reset gives a new alias; the old one names nobody', async () => {
    const player = await newPlayer(server, smtp);
    const before = await aliasOf(player);
    const after = await aliasOf(player, '/v2/app/user/alias/account/reset');
    expect(after.aliasAccount).not.toBe(before.aliasAccount);
    expect((await aliasOf(player)).aliasAccount).toBe(after.aliasAccount);
    expect(await server.db.select().from(appAliases).where(eq(appAliases.alias, before.aliasAccount))).toEqual([]);
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, `user:${player.userId}`), eq(auditLog.action, 'appAlias.reset')));
    expect(audits).toHaveLength(1);
  });

  it('takes no body and is for signed-in players only', async () => {
    const player = await newPlayer(server, smtp);
    expect((await server.call('/v2/app/user/alias/account', { extra: 1 }, { token: player.token })).status).toBe(400);
    expect((await server.call('/v2/app/user/alias/account', {})).status).toBe(401);
  });
});

interface Key {
  secret: string | null;
  otpauthUri: string | null;
  createdAt: string;
  boundAt: string | null;
  webSignIn: boolean;
}

const password = 'Maple leaf 2026!';
const payPassword = '739164';

async function ok<T>(path: string, body: unknown, player: TestPlayer): Promise<T> {
  const response = await server.call<T>(path, body, { token: player.token });
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.data as T;
}

const keyOf = (player: TestPlayer) => ok<Key>('/v2/app/user/google/key', undefined, player);
const codeNow = (secret: string) => totpCodeAt(secret, clock.now());
/** The next 30-second step, so the code of the step before no longer counts as new. */
const nextStep = () => clock.advance(30_000);

async function boundPlayer() {
  const player = await newPlayer(server, smtp);
  const key = await keyOf(player);
  const secret = key.secret as string;
  await ok('/v2/app/user/google/key/bind', { totpCode: codeNow(secret) }, player);
  nextStep();
  return { player, secret };
}

describe('app key (docs/requirements.md §14.2)', () => {
  it('is made once, as an otpauth URL of a base32 secret, and shown until bound', async () => {
    const player = await newPlayer(server, smtp);
    const key = await keyOf(player);
    expect(key.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(key.otpauthUri).toMatch(new RegExp(`^otpauth://totp/.*secret=${key.secret}`));
    expect(key.otpauthUri).toContain('algorithm=SHA1');
    expect(key.otpauthUri).toContain('digits=6');
    expect(key.otpauthUri).toContain('period=30');
    expect(key).toMatchObject({ boundAt: null, webSignIn: false });
    const [again, racing] = await Promise.all([keyOf(player), keyOf(player)]);
    expect(again.secret).toBe(key.secret);
    expect(racing.secret).toBe(key.secret);
    expect(await server.db.select().from(appKeys).where(eq(appKeys.userId, player.userId))).toHaveLength(1);
  });

  it('binds with a right code; a wrong code is refused on its field and changes nothing', async () => {
    const player = await newPlayer(server, smtp);
    const { secret } = await keyOf(player);
    const right = codeNow(secret as string);
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await server.call(
      '/v2/app/user/google/key/bind',
      { totpCode: wrong },
      { token: player.token, lang: 'ja-JP' },
    );
    refusal(refused, 400, '認証コードが正しくないか、すでに使用されています。');
    expect(refused.body.fields).toEqual({ totpCode: '認証コードが正しくないか、すでに使用されています。' });
    expect((await keyOf(player)).boundAt).toBeNull();

    const bound = await ok<Key>('/v2/app/user/google/key/bind', { totpCode: right }, player);
    expect(bound).toMatchObject({ secret: null, otpauthUri: null, webSignIn: false });
    expect(bound.boundAt).not.toBeNull();
    refusal(
      await server.call('/v2/app/user/google/key/bind', { totpCode: right }, { token: player.token }),
      409,
      'This key is already bound.',
    );
  });

  it('never accepts a code twice, nor one of an older step', async () => {
    const player = await newPlayer(server, smtp);
    const secret = (await keyOf(player)).secret as string;
    const first = codeNow(secret);
    await ok('/v2/app/user/google/key/bind', { totpCode: first }, player);
    const replayed = await server.call(
      '/v2/app/user/google/key/web-sign-in',
      { enabled: true, totpCode: first },
      { token: player.token },
    );
    refusal(replayed, 400, 'The authenticator code is wrong or was already used.');
    const older = totpCodeAt(secret, new Date(clock.now().getTime() - 30_000));
    refusal(
      await server.call(
        '/v2/app/user/google/key/web-sign-in',
        { enabled: true, totpCode: older },
        { token: player.token },
      ),
      400,
      'The authenticator code is wrong or was already used.',
    );
    expect((await keyOf(player)).webSignIn).toBe(false);
    nextStep();
    expect(
      (await ok<Key>('/v2/app/user/google/key/web-sign-in', { enabled: true, totpCode: codeNow(secret) }, player))
        .webSignIn,
    ).toBe(true);
  });

  it('accepts a code of the step before or after', async () => {
    const player = await newPlayer(server, smtp);
    const secret = (await keyOf(player)).secret as string;
    const late = totpCodeAt(secret, new Date(clock.now().getTime() - 30_000));
    await ok('/v2/app/user/google/key/bind', { totpCode: late }, player);
    const early = totpCodeAt(secret, new Date(clock.now().getTime() + 30_000));
    await ok('/v2/app/user/google/key/web-sign-in', { enabled: false, totpCode: early }, player);
  });

  it('is replaced only after a confirmation with the right pay password, once', async () => {
    const { player, secret } = await boundPlayer();
    refusal(
      await server.call('/v2/app/user/google/key/reset', undefined, { token: player.token }),
      403,
      /pay password/,
    );
    refusal(
      await server.call('/v2/app/user/google/key/reset/confirm', { payPassword }, { token: player.token }),
      422,
      'Please set a pay password first.',
    );
    await ok('/v2/app/auth/password/update/payment', { newPayPassword: payPassword, password }, player);

    const wrong = await server.call(
      '/v2/app/user/google/key/reset/confirm',
      { payPassword: '111999' },
      { token: player.token, lang: 'ja-JP' },
    );
    refusal(wrong, 400, '支払いパスワードが正しくありません。');
    expect(wrong.body.fields).toEqual({ payPassword: '支払いパスワードが正しくありません。' });
    refusal(await server.call('/v2/app/user/google/key/reset', {}, { token: player.token }), 403, /pay password/);
    const [unchanged] = await server.db.select().from(appKeys).where(eq(appKeys.userId, player.userId));
    expect(unchanged).toMatchObject({ totpSecret: secret, resetAllowedUntil: null });
    expect(unchanged?.boundAt).not.toBeNull();

    await ok('/v2/app/user/google/key/reset/confirm', { payPassword }, player);
    const replaced = await ok<Key>('/v2/app/user/google/key/reset', undefined, player);
    expect(replaced.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(replaced.secret).not.toBe(secret);
    expect(replaced).toMatchObject({ boundAt: null, webSignIn: false });
    refusal(await server.call('/v2/app/user/google/key/reset', {}, { token: player.token }), 403, /pay password/);
    // The old key's codes no longer bind anything.
    refusal(
      await server.call('/v2/app/user/google/key/bind', { totpCode: codeNow(secret) }, { token: player.token }),
      400,
      'The authenticator code is wrong or was already used.',
    );
  });

  it('lets a confirmation lapse after five minutes', async () => {
    const player = await newPlayer(server, smtp);
    await ok('/v2/app/auth/password/update/payment', { newPayPassword: payPassword, password }, player);
    await ok('/v2/app/user/google/key/reset/confirm', { payPassword }, player);
    clock.advance(5 * 60 * 1000 + 1000);
    refusal(await server.call('/v2/app/user/google/key/reset', {}, { token: player.token }), 403, /pay password/);
  });

  it('needs a bound key to turn the web sign-in code on', async () => {
    const player = await newPlayer(server, smtp);
    const secret = (await keyOf(player)).secret as string;
    refusal(
      await server.call(
        '/v2/app/user/google/key/web-sign-in',
        { enabled: true, totpCode: codeNow(secret) },
        { token: player.token },
      ),
      422,
      'Please bind your authenticator key first.',
    );
  });
});

describe('web sign-in with the app key (docs/requirements.md §14.3)', () => {
  const signIn = async (player: TestPlayer) =>
    server.call<{ token?: string; appKeyTicket?: string }>('/v2/app/auth/login', {
      account: player.account,
      password,
      ...(await server.solvedCaptcha()),
    });

  it('asks for a code after the password once turned on, and opens the session with it', async () => {
    const { player, secret } = await boundPlayer();
    expect((await signIn(player)).body.data?.token).toBeTruthy();
    await ok('/v2/app/user/google/key/web-sign-in', { enabled: true, totpCode: codeNow(secret) }, player);
    nextStep();

    const first = await signIn(player);
    expect(first.status).toBe(200);
    expect(first.body.data?.token).toBeUndefined();
    const ticket = first.body.data?.appKeyTicket as string;
    expect(ticket).toBeTruthy();

    const wrongCode = codeNow(secret) === '000000' ? '111111' : '000000';
    refusal(
      await server.call('/v2/app/auth/login/app-key', { appKeyTicket: ticket, totpCode: wrongCode }),
      400,
      'The authenticator code is wrong or was already used.',
    );
    const code = codeNow(secret);
    const second = await server.call<{ token: string }>('/v2/app/auth/login/app-key', {
      appKeyTicket: ticket,
      totpCode: code,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const token = second.body.data?.token as string;
    expect((await server.call('/v2/app/user/get/info', {}, { token })).status).toBe(200);
    // The same code again is refused, even with the ticket.
    refusal(
      await server.call('/v2/app/auth/login/app-key', { appKeyTicket: ticket, totpCode: code }),
      400,
      /already used/,
    );
  });

  it('refuses a forged or expired ticket', async () => {
    const { player, secret } = await boundPlayer();
    await ok('/v2/app/user/google/key/web-sign-in', { enabled: true, totpCode: codeNow(secret) }, player);
    nextStep();
    const ticket = (await signIn(player)).body.data?.appKeyTicket as string;
    const forged = ticket.replace(/^\d+/, String(player.userId + 1));
    refusal(
      await server.call('/v2/app/auth/login/app-key', { appKeyTicket: forged, totpCode: codeNow(secret) }),
      400,
      'The sign-in has expired. Please sign in again.',
    );
    clock.advance(5 * 60 * 1000 + 1000);
    refusal(
      await server.call('/v2/app/auth/login/app-key', { appKeyTicket: ticket, totpCode: codeNow(secret) }),
      400,
      'The sign-in has expired. Please sign in again.',
    );
  });
});

describe('QR sign-in on the app (docs/requirements.md §14.5)', () => {
  interface LoginCode {
    loginCode: string;
    expiresAt: string;
  }
  interface Asked {
    requestToken: string;
    expiresAt: string;
  }
  interface Claimed {
    status: string;
    token: string | null;
  }
  const newCode = (player: TestPlayer) => ok<LoginCode>('/v2/app/user/login/qr/code', undefined, player);
  const followed = (player: TestPlayer, loginCode: string) =>
    ok<{ status: string; device: string | null }>('/v2/app/user/login/qr/status', { loginCode }, player);
  const statusOf = async (player: TestPlayer, loginCode: string) => (await followed(player, loginCode)).status;
  const decide = (player: TestPlayer, loginCode: string, approve: boolean) =>
    ok<{ status: string }>('/v2/app/user/login/qr/decide', { loginCode, approve }, player);
  const exchange = (body: { loginCode: string; totpCode?: string; device?: string }, lang = 'en-US') =>
    server.call<Asked>('/v2/app/login/qr/exchange', body, { lang });
  const claim = (body: { loginCode: string; requestToken: string }, lang = 'en-US') =>
    server.call<Claimed>('/v2/app/login/qr/claim', body, { lang });
  const asked = async (loginCode: string, device = 'Chrome on Android') => {
    const answer = await exchange({ loginCode, device });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as Asked;
  };

  it('asks the player, and only once approved gives the asking app one session of the player', async () => {
    const player = await newPlayer(server, smtp);
    const { loginCode, expiresAt } = await newCode(player);
    expect(Date.parse(expiresAt) - clock.now().getTime()).toBe(2 * 60 * 1000);
    expect(await followed(player, loginCode)).toEqual({ status: 'waiting', device: null });

    const { requestToken } = await asked(loginCode);
    expect(await followed(player, loginCode)).toEqual({ status: 'awaitingApproval', device: 'Chrome on Android' });
    expect((await claim({ loginCode, requestToken })).body.data).toEqual({
      status: 'awaitingApproval',
      token: null,
      expiresAt: null,
    });
    expect(await decide(player, loginCode, true)).toEqual({ status: 'approved' });

    const claimed = await claim({ loginCode, requestToken });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const token = claimed.body.data?.token as string;
    const info = await server.call<{ username: string }>('/v2/app/user/get/info', {}, { token });
    expect(info.body.data?.username).toBe(player.account);
    const [session] = await server.db
      .select({ kind: sessions.kind })
      .from(sessions)
      .where(eq(sessions.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(session?.kind).toBe('app');
    expect(await statusOf(player, loginCode)).toBe('signedIn');

    refusal(
      await claim({ loginCode, requestToken }, 'ja-JP'),
      400,
      'このログインコードは無効か、有効期限が切れているか、すでに使用されています。',
    );
    refusal(await exchange({ loginCode }), 400, /not valid/);
    expect(await decide(player, loginCode, false)).toEqual({ status: 'signedIn' });
  });

  it('signs nobody in when the player refuses, and a later answer changes nothing', async () => {
    const player = await newPlayer(server, smtp);
    const { loginCode } = await newCode(player);
    const { requestToken } = await asked(loginCode);
    expect(await decide(player, loginCode, false)).toEqual({ status: 'refused' });
    expect(await followed(player, loginCode)).toEqual({ status: 'refused', device: null });
    refusal(
      await claim({ loginCode, requestToken }, 'ja-JP'),
      400,
      'このログインは、コードを表示しているデバイスで拒否されました。',
    );
    expect(await decide(player, loginCode, true)).toEqual({ status: 'refused' });
    refusal(
      await claim({ loginCode, requestToken }),
      400,
      'This sign-in was refused on the device that shows the code.',
    );
    const [audit] = await server.db
      .select({ action: auditLog.action, reason: auditLog.reason })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'appSignIn.refused'), eq(auditLog.subject, `user:${player.userId}`)));
    expect(audit?.reason).toBe('Chrome on Android');
  });

  it('answers one device per code: a second scan, or a claim without the asking app’s token, is refused', async () => {
    const player = await newPlayer(server, smtp);
    const { loginCode } = await newCode(player);
    const answers = await Promise.all([exchange({ loginCode }), exchange({ loginCode })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    refusal(await exchange({ loginCode }), 400, /not valid/);
    await decide(player, loginCode, true);
    refusal(await claim({ loginCode, requestToken: 'A'.repeat(32) }), 400, /not valid/);
    expect(await statusOf(player, loginCode)).toBe('approved');
  });

  it('expires after two minutes unscanned, and two minutes after the scan undecided', async () => {
    const player = await newPlayer(server, smtp);
    const { loginCode } = await newCode(player);
    clock.advance(2 * 60 * 1000);
    expect(await statusOf(player, loginCode)).toBe('expired');
    refusal(await exchange({ loginCode }), 400, 'This sign-in code is not valid, has expired or was already used.');
    expect(await statusOf(player, loginCode)).toBe('expired');

    const { loginCode: scanned } = await newCode(player);
    clock.advance(90 * 1000);
    const { requestToken } = await asked(scanned);
    clock.advance(90 * 1000);
    expect(await statusOf(player, scanned)).toBe('awaitingApproval');
    clock.advance(30 * 1000);
    expect(await statusOf(player, scanned)).toBe('expired');
    expect(await decide(player, scanned, true)).toEqual({ status: 'expired' });
    refusal(await claim({ loginCode: scanned, requestToken }), 400, /not valid/);
  });

  it('refuses a made-up code, and shows or decides a code only for its player', async () => {
    const player = await newPlayer(server, smtp);
    const other = await newPlayer(server, smtp);
    const { loginCode } = await newCode(player);
    refusal(await exchange({ loginCode: 'A'.repeat(32) }), 400, /not valid/);
    await asked(loginCode);
    expect((await server.call('/v2/app/user/login/qr/status', { loginCode }, { token: other.token })).status).toBe(404);
    const decided = await server.call(
      '/v2/app/user/login/qr/decide',
      { loginCode, approve: true },
      { token: other.token },
    );
    expect(decided.status).toBe(404);
    expect(await statusOf(player, loginCode)).toBe('awaitingApproval');
  });

  it('needs a current code of a bound key before it asks the player, spent once', async () => {
    const { player, secret } = await boundPlayer();
    const { loginCode } = await newCode(player);
    const without = await exchange({ loginCode }, 'ja-JP');
    refusal(without, 400, '認証アプリのコードを入力してください。');
    expect(without.body.fields).toEqual({ totpCode: '認証アプリのコードを入力してください。' });
    const wrong = codeNow(secret) === '000000' ? '111111' : '000000';
    refusal(await exchange({ loginCode, totpCode: wrong }), 400, /wrong or was already used/);
    expect(await statusOf(player, loginCode)).toBe('waiting');
    const code = codeNow(secret);
    expect((await exchange({ loginCode, totpCode: code })).status).toBe(200);
    expect(await statusOf(player, loginCode)).toBe('awaitingApproval');

    const { loginCode: second } = await newCode(player);
    refusal(await exchange({ loginCode: second, totpCode: code }), 400, /wrong or was already used/);
  });

  it('counts exchanges per client address like other sign-ins', async () => {
    const tight = await createTestServer({
      clock,
      captchaText: createCaptchaTexts().next,
      authLimits: { signInPerAddress: { limit: 2, windowMs: 60_000 } },
    });
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        expect((await tight.call('/v2/app/login/qr/exchange', { loginCode: 'B'.repeat(32) })).status).toBe(400);
      }
      const limited = await tight.call('/v2/app/login/qr/exchange', { loginCode: 'B'.repeat(32) });
      expect(limited.status).toBe(429);
    } finally {
      await tight.close();
    }
  });
});
