import type { AuditEntry, UserSummary } from '@contract/admin';
import { endpoints } from '@contract/endpoints';
import type { LedgerEntry } from '@contract/ledger';
import { auditLog, users } from '@server/db/schema/auth';
import { setUpOperator } from '@server/modules/admin/operator-accounts';
import { totpCodeAt } from '@server/shared/totp';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundPlayer, manyPlayersLimits, newPlayer, refusal, type TestPlayer } from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, createTestServer, type TestServer } from './harness';

let smtp: SmtpTestServer;
let server: TestServer;
const clock = createTestClock(new Date('2026-03-02T03:00:10Z'));
const password = 'Quiet lantern 2026!';
let desk: { userId: number; username: string; secret: string };
let operatorToken: string;
let player: TestPlayer;

const stepMs = 30_000;
const codeNow = (offsetSteps = 0) => totpCodeAt(desk.secret, new Date(clock.now().getTime() + offsetSteps * stepMs));
const signIn = async (body: Record<string, unknown>, lang = 'en-US') =>
  server.call<{ token: string; userId: number; account: string }>(
    '/v2/admin/auth/login',
    { ...(await server.solvedCaptcha()), ...body },
    { lang },
  );

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({ smtpUrl: smtp.url, authLimits: manyPlayersLimits, clock });
  const setup = await setUpOperator(server.db, clock, {
    username: 'deskone',
    email: 'desk.one@example.test',
    password,
  });
  desk = { userId: setup.userId, username: setup.username, secret: setup.totpSecret };
  player = await newPlayer(server, smtp);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe('/v2/admin/auth/login', () => {
  it('signs an operator in with password and the current code, once per code', async () => {
    clock.advance(stepMs);
    const code = codeNow();
    const first = await signIn({ account: 'deskone', password, totpCode: code });
    expect(first.body).toMatchObject({ code: 200, data: { userId: desk.userId, account: 'deskone' } });
    operatorToken = first.body.data?.token as string;
    const search = await server.call('/v2/admin/user/search', {}, { token: operatorToken });
    expect(search.body.code).toBe(200);

    refusal(
      await signIn({ account: 'deskone', password, totpCode: code }),
      400,
      'The account, password or authenticator code is not correct.',
    );
    // An older code than the one used is refused too.
    refusal(await signIn({ account: 'deskone', password, totpCode: codeNow(-1) }), 400, /not correct/);
    const next = await signIn({ account: 'desk.one@example.test', password, totpCode: codeNow(1) });
    expect(next.body.code).toBe(200);
    const success = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'signIn.success'), eq(auditLog.subject, `user:${desk.userId}`)));
    expect(success.map((row) => row.reason)).toEqual(['operator', 'operator']);
    const reused = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'operatorSignIn.failure'), eq(auditLog.reason, 'codeReused')));
    expect(reused).toHaveLength(2);
  });

  it('accepts the code of the neighbouring step but not two steps away', async () => {
    clock.advance(10 * stepMs);
    refusal(await signIn({ account: 'deskone', password, totpCode: codeNow(-2) }), 400, /not correct/);
    refusal(await signIn({ account: 'deskone', password, totpCode: codeNow(2) }), 400, /not correct/);
    expect((await signIn({ account: 'deskone', password, totpCode: codeNow(-1) })).body.code).toBe(200);
  });

  it('gives a wrong password, a wrong code and a player account the same localised answer', async () => {
    clock.advance(10 * stepMs);
    const wrongPassword = await signIn(
      { account: 'deskone', password: 'Not the password 1', totpCode: codeNow() },
      'ja-JP',
    );
    refusal(wrongPassword, 400, 'アカウント、パスワード、または認証コードが正しくありません。');
    expect(wrongPassword.body.fields?.totpCode).toBe('アカウント、パスワード、または認証コードが正しくありません。');
    const wrongCode = codeNow() === '000000' ? '111111' : '000000';
    refusal(await signIn({ account: 'deskone', password, totpCode: wrongCode }), 400, /not correct/);
    refusal(
      await signIn({ account: player.account, password: 'Maple leaf 2026!', totpCode: codeNow() }),
      400,
      /not correct/,
    );
    refusal(await signIn({ account: 'nobody1234', password, totpCode: codeNow() }), 400, /not correct/);
    const bad = await signIn({ account: 'deskone', password, totpCode: '12ab' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.totpCode).toBe('authenticator code is not valid');
    const reasons = (await server.db.select().from(auditLog).where(eq(auditLog.action, 'operatorSignIn.failure'))).map(
      (row) => row.reason,
    );
    // A player's account is not an operator's: the desk does not find it at all.
    expect(reasons).toEqual(expect.arrayContaining(['wrongPassword', 'wrongCode', 'unknownAccount']));
    expect(reasons).not.toContain('notOperator');
  });

  it('limits failed attempts per account with 429 and Retry-After', async () => {
    clock.advance(60 * 60 * 1000);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await signIn({ account: 'deskone', password: 'Wrong password 99', totpCode: codeNow() })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const limited = await signIn({ account: 'deskone', password, totpCode: codeNow() });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    clock.advance(16 * 60 * 1000);
    expect((await signIn({ account: 'deskone', password, totpCode: codeNow() })).body.code).toBe(200);
  });
});

describe('access to the desk', () => {
  const adminEndpoints = endpoints.filter((endpoint) => endpoint.access === 'admin');

  it('answers a player 403 and a visitor 401 on every admin call', async () => {
    expect(adminEndpoints.length).toBeGreaterThan(10);
    for (const endpoint of adminEndpoints) {
      const asPlayer = await server.call(endpoint.path, {}, { token: player.token });
      expect(asPlayer.status, endpoint.path).toBe(403);
      const asVisitor = await server.call(endpoint.path, {});
      expect(asVisitor.status, endpoint.path).toBe(401);
    }
  });
});

describe('players: search, freeze, ledger', () => {
  // The sign-ins above moved the clock past the first session's idle time: a fresh one.
  beforeAll(async () => {
    clock.advance(stepMs);
    const signedIn = await signIn({ account: 'deskone', password, totpCode: codeNow() });
    operatorToken = signedIn.body.data?.token as string;
  });

  it('finds players by account, e-mail and id, with balance and KYC state', async () => {
    await fundPlayer(server, player, 12_345);
    for (const keyword of [player.account.toUpperCase(), player.email, String(player.userId)]) {
      const found = await server.call<{ list: UserSummary[]; total: number }>(
        '/v2/admin/user/search',
        { keyword },
        { token: operatorToken },
      );
      expect(
        found.body.data?.list.map((user) => user.userId),
        keyword,
      ).toContain(player.userId);
    }
    const found = await server.call<{ list: UserSummary[]; total: number }>(
      '/v2/admin/user/search',
      { keyword: player.account },
      { token: operatorToken },
    );
    expect(found.body.data).toMatchObject({
      total: 1,
      list: [{ userId: player.userId, balance: 12_345, status: 'active', kycStatus: 'notSubmitted', isAgent: false }],
    });
    const none = await server.call<{ list: UserSummary[]; total: number }>(
      '/v2/admin/user/search',
      { keyword: '%_' },
      { token: operatorToken },
    );
    expect(none.body.data).toEqual({ list: [], total: 0 });
  });

  it('lists players only: no operator account in the list, its count or a search (§14.2)', async () => {
    const search = (body: Record<string, unknown>) =>
      server.call<{ list: UserSummary[]; total: number }>('/v2/admin/user/search', body, { token: operatorToken });
    for (const body of [{ keyword: 'deskone' }, { keyword: 'desk.one@example.test' }, { userId: desk.userId }])
      expect((await search(body)).body.data, JSON.stringify(body)).toEqual({ list: [], total: 0 });
    const all = await search({ pageNum: 1, pageSize: 100 });
    expect(all.body.data?.list.map((user) => user.userId)).not.toContain(desk.userId);
    const [players] = await server.db.select({ total: count() }).from(users).where(eq(users.role, 'player'));
    expect(all.body.data?.total).toBe(players?.total);
  });

  it('freezes a player with a reason: the next call is 402 until the freeze is lifted', async () => {
    const before = await server.call('/v2/app/user/info', {}, { token: player.token });
    expect(before.body.code).toBe(200);
    const missingReason = await server.call(
      '/v2/admin/user/freeze',
      { userId: player.userId },
      { token: operatorToken },
    );
    expect(missingReason.status).toBe(400);
    expect((await server.call('/v2/app/user/info', {}, { token: player.token })).body.code).toBe(200);

    const frozen = await server.call(
      '/v2/admin/user/freeze',
      { userId: player.userId, reason: 'Chargeback under investigation' },
      { token: operatorToken },
    );
    expect(frozen.body.code).toBe(200);
    refusal(await server.call('/v2/app/user/info', {}, { token: player.token }), 402, /frozen/i);
    refusal(
      await server.call('/v2/admin/user/freeze', { userId: player.userId, reason: 'again' }, { token: operatorToken }),
      409,
      'This account is already frozen.',
    );
    const search = await server.call<{ list: UserSummary[] }>(
      '/v2/admin/user/search',
      { status: 'frozen' },
      { token: operatorToken },
    );
    expect(search.body.data?.list.map((user) => user.userId)).toEqual([player.userId]);

    const unfrozen = await server.call(
      '/v2/admin/user/unfreeze',
      { userId: player.userId, reason: 'Cleared' },
      { token: operatorToken },
    );
    expect(unfrozen.body.code).toBe(200);
    expect((await server.call('/v2/app/user/info', {}, { token: player.token })).body.code).toBe(200);
    refusal(
      await server.call(
        '/v2/admin/user/unfreeze',
        { userId: player.userId, reason: 'again' },
        { token: operatorToken },
      ),
      409,
      'This account is not frozen.',
    );

    const rows = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `user:${player.userId}`));
    const changes = rows.filter((row) => row.action.startsWith('user.'));
    expect(changes.map((row) => [row.action, row.actor, row.reason])).toEqual([
      ['user.freeze', `user:${desk.userId}`, 'Chargeback under investigation'],
      ['user.unfreeze', `user:${desk.userId}`, 'Cleared'],
    ]);
  });

  it('refuses to freeze the operator themself, another operator or nobody', async () => {
    refusal(
      await server.call('/v2/admin/user/freeze', { userId: desk.userId, reason: 'x' }, { token: operatorToken }),
      403,
      'You cannot review your own request.',
    );
    const other = await setUpOperator(server.db, clock, {
      username: 'desktwo',
      email: 'desk.two@example.test',
      password,
    });
    refusal(
      await server.call('/v2/admin/user/freeze', { userId: other.userId, reason: 'x' }, { token: operatorToken }),
      403,
      'Operator accounts cannot be frozen here.',
    );
    refusal(
      await server.call('/v2/admin/user/freeze', { userId: 99_999_999, reason: 'x' }, { token: operatorToken }),
      404,
      'No such player.',
    );
  });

  it("shows a player's ledger newest first with the running balance, and audits the view", async () => {
    await fundPlayer(server, player, 655);
    const ledger = await server.call<{ list: LedgerEntry[]; total: number; balance: number; heldAmount: number }>(
      '/v2/admin/user/ledger',
      { userId: player.userId },
      { token: operatorToken },
    );
    expect(ledger.body.data).toMatchObject({ total: 2, balance: 13_000, heldAmount: 0 });
    expect(ledger.body.data?.list.map((entry) => [entry.kind, entry.amount, entry.balanceAfter])).toEqual([
      ['deposit', 655, 13_000],
      ['deposit', 12_345, 12_345],
    ]);
    const paged = await server.call<{ list: LedgerEntry[]; total: number }>(
      '/v2/admin/user/ledger',
      { userId: player.userId, pageSize: 1, pageNum: 2 },
      { token: operatorToken },
    );
    expect(paged.body.data?.list.map((entry) => entry.amount)).toEqual([12_345]);
    const games = await server.call<{ list: LedgerEntry[]; total: number }>(
      '/v2/admin/user/ledger',
      { userId: player.userId, kind: 'gameBet' },
      { token: operatorToken },
    );
    expect(games.body.data).toMatchObject({ list: [], total: 0 });
    refusal(
      await server.call('/v2/admin/user/ledger', { userId: 99_999_999 }, { token: operatorToken }),
      404,
      'No such player.',
    );
    const views = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.ledgerView'), eq(auditLog.subject, `user:${player.userId}`)));
    expect(views).toHaveLength(3);
  });
});

describe('/v2/admin/audit/list', () => {
  it('lists the log newest first, filtered by actor, subject and action', async () => {
    const byActor = await server.call<{ list: AuditEntry[]; total: number }>(
      '/v2/admin/audit/list',
      { actorUserId: desk.userId, subjectType: 'user', subjectId: String(player.userId), pageSize: 100 },
      { token: operatorToken },
    );
    const actions = byActor.body.data?.list.map((entry) => entry.action) ?? [];
    expect(actions.slice(0, 4)).toEqual(['user.ledgerView', 'user.ledgerView', 'user.ledgerView', 'user.unfreeze']);
    expect(byActor.body.data?.list[3]).toMatchObject({
      actor: { userId: desk.userId, account: 'deskone' },
      subjectType: 'user',
      subjectId: String(player.userId),
      reason: 'Cleared',
    });
    const freezes = await server.call<{ list: AuditEntry[]; total: number }>(
      '/v2/admin/audit/list',
      { action: 'user.freeze' },
      { token: operatorToken },
    );
    expect(freezes.body.data?.total).toBe(1);
    const system = await server.call<{ list: AuditEntry[]; total: number }>(
      '/v2/admin/audit/list',
      { action: 'operator.create' },
      { token: operatorToken },
    );
    expect(system.body.data?.total).toBe(2);
    expect(system.body.data?.list[1]).toMatchObject({
      actor: null,
      subjectType: 'user',
      subjectId: String(desk.userId),
      reason: 'npm run operator:create',
    });
    const bad = await server.call('/v2/admin/audit/list', { actorUserId: 'me' }, { token: operatorToken });
    expect(bad.status).toBe(400);
  });
});
