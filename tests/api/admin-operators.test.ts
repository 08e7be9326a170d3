import { operatorCredentials } from '@server/db/schema/admin';
import { users } from '@server/db/schema/auth';
import { totpCodeAt } from '@server/shared/totp';
import { and, arrayContains, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOperator, refusal, type TestPlayer } from '../support/players';
import { createTestClock, createTestServer, type TestServer } from './harness';

// Administrators manage the other operators on the desk: make them (the password and the
// authenticator secret answered once), change their roles, disable, enable, and issue a new
// secret. The desk always keeps one enabled administrator, and nobody disables themselves.

const clock = createTestClock(new Date('2026-06-02T03:00:05Z'));
const stepMs = 30_000;
let server: TestServer;
let chief: TestPlayer;

interface Issued {
  userId: number;
  account: string;
  password: string | null;
  totpSecret: string;
  totpUrl: string;
}

beforeAll(async () => {
  // A database of its own: the administrators counted are the ones this file makes.
  server = await createTestServer({ clock });
  chief = await newOperator(server, ['administrator']);
});
afterAll(async () => {
  await server?.close();
});

/** The desk's sign-in, a new authenticator step each time (a code works once). */
async function deskSignIn(account: string, password: string, secret: string) {
  clock.advance(stepMs);
  return server.call<{ token: string; roles: string[] }>('/v2/admin/auth/login', {
    account,
    password,
    ...(await server.solvedCaptcha()),
    totpCode: totpCodeAt(secret, clock.now()),
  });
}

async function created(by: TestPlayer, account: string, roles: string[]): Promise<Issued> {
  const answer = await server.call<Issued>(
    '/v2/admin/operator/create',
    { account, email: `${account}@example.test`, roles },
    { token: by.token },
  );
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
  return answer.body.data as Issued;
}

async function signedIn(issued: Issued): Promise<TestPlayer> {
  const answer = await deskSignIn(issued.account, issued.password as string, issued.totpSecret);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
  return {
    token: (answer.body.data as { token: string }).token,
    userId: issued.userId,
    account: issued.account,
    email: `${issued.account}@example.test`,
  };
}

const change = (by: TestPlayer, path: string, body: object) =>
  server.call(`/v2/admin/operator/${path}`, body, { token: by.token });

async function auditOf(userId: number) {
  const answer = await server.call<{ list: { action: string; actor: string; reason: string | null }[] }>(
    '/v2/admin/audit/list',
    { subjectType: 'user', subjectId: String(userId), pageSize: 50 },
    { token: chief.token },
  );
  return answer.body.data?.list ?? [];
}

describe('operator management', () => {
  it('makes an operator whose issued password and secret sign in, with the roles given', async () => {
    const issued = await created(chief, 'deskwriter', ['content']);
    expect(issued.password).toMatch(/.{16,}/);
    expect(issued.totpUrl).toContain(`secret=${issued.totpSecret}`);
    const answer = await deskSignIn(issued.account, issued.password as string, issued.totpSecret);
    expect(answer.body.data?.roles).toEqual(['content']);

    const list = await server.call<{ list: { account: string; roles: string[]; disabled: boolean }[] }>(
      '/v2/admin/operator/list',
      {},
      { token: chief.token },
    );
    expect(list.body.data?.list).toContainEqual(
      expect.objectContaining({ account: 'deskwriter', roles: ['content'], disabled: false }),
    );
    expect(JSON.stringify(list.body)).not.toContain(issued.totpSecret);
    expect((await auditOf(issued.userId)).map((entry) => entry.action)).toContain('operator.create');
  });

  it('refuses a taken account name or e-mail address, an unknown role and no role at all', async () => {
    await created(chief, 'deskcopy', ['support']);
    refusal(
      await change(chief, 'create', { account: 'deskcopy', email: 'other@example.test', roles: ['support'] }),
      409,
      'This account name or e-mail address is already in use.',
    );
    refusal(
      await change(chief, 'create', { account: 'deskother', email: 'deskcopy@example.test', roles: ['support'] }),
      409,
      'This account name or e-mail address is already in use.',
    );
    for (const roles of [[], ['cashier'], ['support', 'support']]) {
      const answer = await change(chief, 'create', { account: 'deskrole', email: 'deskrole@example.test', roles });
      expect(answer.status, JSON.stringify(roles)).toBe(400);
    }
    const japanese = await server.call(
      '/v2/admin/operator/create',
      { account: 'deskcopy', email: 'deskcopy@example.test', roles: ['support'] },
      { token: chief.token, lang: 'ja-JP' },
    );
    expect(japanese.status).toBe(409);
    expect(japanese.body.msg).not.toBe('This account name or e-mail address is already in use.');
  });

  it('ends the operator’s sessions when their roles change; signed in again, the new roles apply, audited with both sets', async () => {
    const issued = await created(chief, 'deskmover', ['content']);
    const writer = await signedIn(issued);
    expect((await server.call('/v2/admin/withdrawal/list', {}, { token: writer.token })).status).toBe(403);
    expect(
      (await change(chief, 'roles', { userId: writer.userId, roles: ['finance'], reason: 'moved to payouts' })).status,
    ).toBe(200);
    refusal(
      await server.call('/v2/admin/withdrawal/list', {}, { token: writer.token }),
      402,
      'Your operator roles were changed, so you have been signed out. Please sign in again to use them.',
    );
    const again = await signedIn(issued);
    expect((await server.call('/v2/admin/withdrawal/list', {}, { token: again.token })).status).toBe(200);
    expect((await server.call('/v2/admin/notice/list', {}, { token: again.token })).status).toBe(403);
    const entry = (await auditOf(writer.userId)).find((row) => row.action === 'operator.roles');
    expect(entry?.reason).toBe('moved to payouts (content → finance)');
  });

  it('ends a disabled operator’s session and sign-in, and enables them again', async () => {
    const issued = await created(chief, 'deskpaused', ['support']);
    const paused = await signedIn(issued);
    expect((await change(chief, 'disable', { userId: paused.userId, reason: 'on leave' })).status).toBe(200);
    expect((await server.call('/v2/admin/user/list', {}, { token: paused.token })).status).toBe(402);
    expect((await deskSignIn(issued.account, issued.password as string, issued.totpSecret)).status).not.toBe(200);
    refusal(
      await change(chief, 'disable', { userId: paused.userId, reason: 'twice' }),
      409,
      'This operator is already disabled.',
    );
    expect((await change(chief, 'enable', { userId: paused.userId, reason: 'back' })).status).toBe(200);
    await signedIn(issued);
    refusal(
      await change(chief, 'enable', { userId: paused.userId, reason: 'twice' }),
      409,
      'This operator is not disabled.',
    );
    const actions = (await auditOf(paused.userId)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['operator.disable', 'operator.enable']));
  });

  it('refuses to disable oneself, and a player or an unknown id as the operator changed', async () => {
    refusal(
      await change(chief, 'disable', { userId: chief.userId, reason: 'leaving' }),
      403,
      'You cannot disable your own account.',
    );
    refusal(await change(chief, 'enable', { userId: 999_999, reason: 'who' }), 404, 'No such operator.');
  });

  it('issues a new authenticator secret: the old one and the operator’s sessions end', async () => {
    const issued = await created(chief, 'desklostphone', ['support']);
    const before = await signedIn(issued);
    const answer = await change(chief, 'authenticator/reset', { userId: issued.userId, reason: 'lost phone' });
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
    const renewed = answer.body.data as Issued;
    expect(renewed.password).toBeNull();
    expect(renewed.totpSecret).not.toBe(issued.totpSecret);
    refusal(
      await server.call('/v2/admin/user/list', {}, { token: before.token }),
      402,
      "This operator's authenticator was reset, so you have been signed out. Please sign in again with the new code.",
    );
    expect((await deskSignIn(issued.account, issued.password as string, issued.totpSecret)).status).not.toBe(200);
    await signedIn({ ...issued, totpSecret: renewed.totpSecret });
    expect((await auditOf(issued.userId)).map((entry) => entry.action)).toContain('operator.authenticatorReset');
  });

  it('always keeps one enabled administrator, even when two take the role from each other at once', async () => {
    // The chief is the only administrator so far.
    const stepDown = { userId: chief.userId, roles: ['auditor'], reason: 'step down' };
    const lastOne = 'This change would leave no enabled administrator.';
    refusal(await change(chief, 'roles', stepDown), 409, lastOne);
    const second = await signedIn(await created(chief, 'desksecond', ['administrator']));
    expect((await change(chief, 'disable', { userId: second.userId, reason: 'not yet' })).status).toBe(200);
    // A disabled administrator does not count.
    refusal(await change(chief, 'roles', stepDown), 409, lastOne);
    expect((await change(chief, 'enable', { userId: second.userId, reason: 'now' })).status).toBe(200);
    const colleague = await signedIn(await created(chief, 'deskthird', ['administrator']));

    const both = await Promise.all([
      change(colleague, 'roles', { userId: chief.userId, roles: ['finance'], reason: 'swap' }),
      change(chief, 'roles', { userId: colleague.userId, roles: ['finance'], reason: 'swap' }),
      change(chief, 'disable', { userId: second.userId, reason: 'swap' }),
    ]);
    expect(both.map((answer) => answer.status).filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    // A changed operator's session ends (402) when the other's change of their roles lands first.
    for (const answer of both) expect([200, 402, 403, 409], JSON.stringify(answer.body)).toContain(answer.status);
    const enabledAdministrators = await server.db
      .select({ userId: operatorCredentials.userId })
      .from(operatorCredentials)
      .innerJoin(users, eq(users.id, operatorCredentials.userId))
      .where(and(arrayContains(operatorCredentials.roles, ['administrator']), eq(users.frozen, false)));
    expect(enabledAdministrators.length).toBeGreaterThanOrEqual(1);
    expect(both.filter((answer) => answer.status === 200).length).toBeLessThan(3);
  });
});
