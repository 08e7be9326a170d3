import { appAliases } from '@server/db/schema/app-access';
import { auditLog } from '@server/db/schema/auth';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import { manyPlayersLimits, newPlayer, type TestPlayer } from '../support/players';
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

describe('account alias (docs/requirements.md §13.1)', () => {
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
