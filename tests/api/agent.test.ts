import type { AgentApplication, MemberMove, TeamMember } from '@contract/agent';
import type { AgentApplicationReviewItem } from '@contract/agent-desk';
import { agentApplications } from '@server/db/schema/agent';
import { auditLog, users } from '@server/db/schema/auth';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts, registerThroughMail, solvedCaptcha } from '../support/accounts';
import {
  fundPlayer,
  idempotencyKey,
  manyPlayersLimits,
  newOperator,
  newPlayer,
  refusal,
  type TestPlayer,
  withKey,
} from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { type CallResult, createTestServer, type TestServer } from './harness';

let smtp: SmtpTestServer;
let server: TestServer;
let operator: TestPlayer;
const captchaTexts = createCaptchaTexts();

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({ smtpUrl: smtp.url, captchaText: captchaTexts.next, authLimits: manyPlayersLimits });
  operator = await newOperator(server);
}, 60_000);
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const apply = (player: TestPlayer, body: Record<string, unknown> = {}, lang = 'en-US') =>
  server.call<AgentApplication>('/v2/app/agent/apply', body, { token: player.token, lang });
const applicationOf = (player: TestPlayer) =>
  server.call<AgentApplication | null>('/v2/app/agent/apply/status', {}, { token: player.token });
const queue = (body: Record<string, unknown> = {}) =>
  server.call<{ list: AgentApplicationReviewItem[]; total: number }>('/v2/admin/agent/application/list', body, {
    token: operator.token,
  });
const approve = (applicationId: number | undefined, as = operator) =>
  server.call('/v2/admin/agent/application/approve', { applicationId, remark: 'known partner' }, { token: as.token });
const reject = (applicationId: number | undefined, reason = 'Not enough activity yet', as = operator) =>
  server.call('/v2/admin/agent/application/reject', { applicationId, reason }, { token: as.token });
const isAgent = async (player: TestPlayer) =>
  (await server.call<boolean>('/v2/app/agent/is/agent', {}, { token: player.token })).body.data;
const agentCode = (agent: TestPlayer) =>
  server.call<{ agentCode: string; invitationUrl: string }>('/v2/app/agent/code', {}, { token: agent.token });
const members = (agent: TestPlayer, body: Record<string, unknown> = {}) =>
  server.call<{ list: TeamMember[]; total: number }>('/v2/app/agent/sub/member/page', body, { token: agent.token });
const createMember = (agent: TestPlayer, body: Record<string, unknown>, lang = 'en-US') =>
  server.call<{ userId: number; account: string; createdAt: string }>('/v2/app/agent/sub/member/create', body, {
    token: agent.token,
    lang,
  });

async function newAgent(): Promise<TestPlayer> {
  const agent = await newPlayer(server, smtp, 'agent');
  const applied = await apply(agent);
  expect((await approve(applied.body.data?.id)).body).toMatchObject({ code: 200 });
  return agent;
}

async function auditRows(action: string, subject: string) {
  return server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subject, subject)));
}

async function signIn(account: string, password: string): Promise<CallResult<{ token: string }>> {
  return server.call<{ token: string }>('/v2/app/auth/login', {
    account,
    password,
    ...(await solvedCaptcha(server, captchaTexts)),
  });
}

describe('/v2/app/agent/is/agent', () => {
  it('answers whether the signed-in player is an agent, as the database says now', async () => {
    const token = await registerThroughMail(server, smtp, {
      account: 'agentcheck1',
      email: 'agentcheck1@example.test',
      password: 'Plum blossom 2026!',
    });
    const before = await server.call<boolean>('/v2/app/agent/is/agent', {}, { token });
    expect(before.body).toMatchObject({ code: 200, data: false });
    await server.db.update(users).set({ isAgent: true }).where(eq(users.username, 'agentcheck1'));
    const after = await server.call<boolean>('/v2/app/agent/is/agent', {}, { token });
    expect(after.body).toMatchObject({ code: 200, data: true });
  });

  it('asks visitors to sign in', async () => {
    const response = await server.call('/v2/app/agent/is/agent', {});
    expect(response.status).toBe(401);
  });
});

describe('agent applications', () => {
  it('go from waiting to rejected with a reason the player sees, and again from waiting to approved', async () => {
    const player = await newPlayer(server, smtp, 'applicant');
    expect((await applicationOf(player)).body).toMatchObject({ code: 200, data: null });

    const applied = await apply(player, { remark: '  I run a pachinko club  ' });
    expect(applied.body).toMatchObject({
      code: 200,
      data: { status: 'pendingReview', remark: 'I run a pachinko club', reviewedAt: null, rejectReason: null },
    });
    const firstId = applied.body.data?.id;
    expect((await applicationOf(player)).body.data).toEqual(applied.body.data);
    refusal(await apply(player), 409, 'Your agent application is already waiting for review.');
    refusal(await apply(player, {}, 'ja-JP'), 409, 'エージェントの申請はすでに審査待ちです。');

    const waiting = await queue({ keyword: player.account });
    expect(waiting.body.data).toMatchObject({
      total: 1,
      list: [
        {
          id: firstId,
          status: 'pendingReview',
          user: { userId: player.userId, account: player.account, email: player.email },
        },
      ],
    });

    expect((await reject(firstId)).body).toMatchObject({ code: 200 });
    expect((await applicationOf(player)).body.data).toMatchObject({
      id: firstId,
      status: 'rejected',
      rejectReason: 'Not enough activity yet',
    });
    expect((await applicationOf(player)).body.data?.reviewedAt).toEqual(expect.any(String));
    expect(await isAgent(player)).toBe(false);
    expect((await queue({ keyword: player.account })).body.data?.total).toBe(0);
    expect(
      (await queue({ keyword: player.account, status: 'rejected' })).body.data?.list.map((item) => item.id),
    ).toEqual([firstId]);
    refusal(await approve(firstId), 409, 'This agent application has already been reviewed.');

    const again = await apply(player);
    expect(again.body).toMatchObject({ code: 200, data: { status: 'pendingReview' } });
    expect(again.body.data?.id).not.toBe(firstId);
    expect((await approve(again.body.data?.id)).body).toMatchObject({ code: 200 });
    expect((await applicationOf(player)).body.data).toMatchObject({ id: again.body.data?.id, status: 'approved' });
    expect(await isAgent(player)).toBe(true);
    refusal(await apply(player), 409, 'You are already an agent.');
    refusal(await reject(again.body.data?.id), 409, 'This agent application has already been reviewed.');

    expect(await auditRows('agentApplication.submit', `agentApplication:${firstId}`)).toMatchObject([
      { actor: `user:${player.userId}`, reason: 'I run a pachinko club' },
    ]);
    expect(await auditRows('agentApplication.reject', `agentApplication:${firstId}`)).toMatchObject([
      { actor: `user:${operator.userId}`, reason: 'Not enough activity yet' },
    ]);
    expect(await auditRows('agentApplication.approve', `agentApplication:${again.body.data?.id}`)).toMatchObject([
      { actor: `user:${operator.userId}`, reason: 'known partner' },
    ]);
    const granted = await auditRows('agent.grant', `user:${player.userId}`);
    expect(granted).toHaveLength(1);
    const code = (await agentCode(player)).body.data?.agentCode;
    expect(granted[0]?.reason).toContain(code);
  });

  it('are decided once when two operators decide at the same moment', async () => {
    const secondOperator = await newOperator(server);
    for (let round = 0; round < 3; round += 1) {
      const player = await newPlayer(server, smtp, 'race');
      const applied = await apply(player);
      const answers = await Promise.all([
        approve(applied.body.data?.id),
        reject(applied.body.data?.id, 'Too late', secondOperator),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const [row] = await server.db
        .select()
        .from(agentApplications)
        .where(eq(agentApplications.id, applied.body.data?.id as number));
      expect(await isAgent(player)).toBe(row?.status === 'approved');
      const decisions = await server.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subject, `agentApplication:${applied.body.data?.id}`));
      expect(decisions.map((entry) => entry.action).sort()).toEqual(
        ['agentApplication.submit', `agentApplication.${row?.status === 'approved' ? 'approve' : 'reject'}`].sort(),
      );
    }
  });

  it('cannot be made by an operator session, nor decided when unknown, nor rejected without a reason', async () => {
    refusal(await apply(operator), 403, 'You are not allowed to do this');
    const player = await newPlayer(server, smtp, 'noreason');
    const applied = await apply(player);
    expect(applied.body).toMatchObject({ code: 200 });
    refusal(await approve(2_000_000), 404, 'The agent application was not found.');
    const noReason = await reject(applied.body.data?.id, '   ');
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toHaveProperty('reason');
    expect((await applicationOf(player)).body.data).toMatchObject({ status: 'pendingReview' });
  });

  it('are listed oldest first, by status, keyword and submission day', async () => {
    const first = await newPlayer(server, smtp, 'queuefirst');
    const second = await newPlayer(server, smtp, 'queuesecond');
    const firstId = (await apply(first)).body.data?.id;
    const secondId = (await apply(second)).body.data?.id;
    const ids = (await queue({ pageSize: 100 })).body.data?.list.map((item) => item.id) ?? [];
    expect(ids.indexOf(firstId as number)).toBeLessThan(ids.indexOf(secondId as number));
    expect((await queue({ keyword: 'queuesecond' })).body.data?.list.map((item) => item.id)).toEqual([secondId]);
    expect((await queue({ keyword: 'queue', period: { from: '2001-01-01', to: '2001-01-31' } })).body.data?.total).toBe(
      0,
    );
    const tooLong = await queue({ period: { from: '2026-01-01', to: '2026-12-31' } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields).toHaveProperty('period.to');
  });
});

describe('agent code and sign-up with it', () => {
  it('gives each agent one code and a link that pre-fills it; signing up with it makes a direct member', async () => {
    const agent = await newAgent();
    const first = await agentCode(agent);
    expect(first.body.data?.agentCode).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect((await agentCode(agent)).body.data).toEqual(first.body.data);
    const link = new URL(first.body.data?.invitationUrl ?? '');
    expect(link.origin).toBe(server.url);
    expect(link.pathname).toBe('/');
    expect(link.searchParams.get('agentCode')).toBe(first.body.data?.agentCode);

    const account = `invited${Date.now().toString(36)}`;
    const token = await registerThroughMail(server, smtp, {
      account,
      email: `${account}@example.test`,
      password: 'Plum blossom 2026!',
      agentCode: link.searchParams.get('agentCode') ?? '',
    });
    const team = await members(agent);
    expect(team.body.data).toMatchObject({ total: 1, list: [{ account, isAgent: false, balance: 0 }] });

    // The new member can receive coins from the agent at once.
    const memberId = team.body.data?.list[0]?.userId as number;
    await fundPlayer(server, agent, 100);
    const moved = await server.call<MemberMove>(
      '/v2/app/agent/type/member/transfer',
      { memberUserId: memberId, amount: 60 },
      withKey(agent.token),
    );
    expect(moved.body).toMatchObject({ code: 200, data: { memberBalance: 60, agentBalance: 40 } });
    const info = await server.call<{ balance: number }>('/v2/app/user/info', {}, { token });
    expect(info.body.data?.balance).toBe(60);
  });

  it('is issued on first use to an agent that has none, with an audit row', async () => {
    const player = await newPlayer(server, smtp, 'flagged');
    await server.db.update(users).set({ isAgent: true }).where(eq(users.id, player.userId));
    const answer = await agentCode(player);
    expect(answer.body).toMatchObject({ code: 200 });
    const [row] = await server.db
      .select({ referralCode: users.referralCode })
      .from(users)
      .where(eq(users.id, player.userId));
    expect(row?.referralCode).toBe(answer.body.data?.agentCode);
    expect(await auditRows('agent.codeIssue', `user:${player.userId}`)).toHaveLength(1);
    await agentCode(player);
    expect(await auditRows('agent.codeIssue', `user:${player.userId}`)).toHaveLength(1);
  });

  it('of another agent does not put the player in this agent’s team', async () => {
    const agent = await newAgent();
    const other = await newAgent();
    const code = (await agentCode(other)).body.data?.agentCode ?? '';
    const account = `elsewhere${Date.now().toString(36)}`;
    await registerThroughMail(server, smtp, {
      account,
      email: `${account}@example.test`,
      password: 'Plum blossom 2026!',
      agentCode: code,
    });
    expect((await members(agent)).body.data?.total).toBe(0);
    expect((await members(other)).body.data?.list.map((member) => member.account)).toEqual([account]);
  });
});

describe('/v2/app/agent/sub/member/create', () => {
  it('opens an account under the agent that signs in with the password the agent set', async () => {
    const agent = await newAgent();
    const account = `Sub${Date.now().toString(36)}`;
    const created = await createMember(agent, { account, password: 'Cedar grove 2026!', nickname: ' Ken ' });
    expect(created.body).toMatchObject({ code: 200, data: { account } });
    const memberId = created.body.data?.userId as number;
    const [row] = await server.db.select().from(users).where(eq(users.id, memberId));
    expect(row).toMatchObject({
      nickname: 'Ken',
      email: null,
      isAgent: false,
      agentCode: (await agentCode(agent)).body.data?.agentCode,
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await auditRows('agent.memberCreate', `user:${memberId}`)).toMatchObject([
      { actor: `user:${agent.userId}` },
    ]);

    const signedIn = await signIn(account.toLowerCase(), 'Cedar grove 2026!');
    expect(signedIn.body).toMatchObject({ code: 200 });
    expect((await members(agent)).body.data?.list).toMatchObject([{ userId: memberId, account, nickname: 'Ken' }]);
  });

  it('follows the sign-up rules for user names and passwords, with localised refusals', async () => {
    const agent = await newAgent();
    const taken = `Taken${Date.now().toString(36)}`;
    expect((await createMember(agent, { account: taken, password: 'Cedar grove 2026!' })).body).toMatchObject({
      code: 200,
    });
    const cases: [Record<string, unknown>, number, string, string][] = [
      [
        { account: 'has space', password: 'Cedar grove 2026!' },
        400,
        'account',
        'can only use a combination of letters and numbers',
      ],
      [
        { account: 'abc', password: 'Cedar grove 2026!' },
        400,
        'account',
        'can only use a combination of letters and numbers',
      ],
      [{ account: `ok${Date.now().toString(36)}`, password: '' }, 400, 'password', 'password'],
      [{ account: `ok${Date.now().toString(36)}` }, 400, 'password', 'password'],
      [{ account: `ok${Date.now().toString(36)}`, password: 'short' }, 400, 'password', 'at least 8'],
      [{ account: `ok${Date.now().toString(36)}`, password: 'password123' }, 400, 'password', 'too common'],
      [{ account: taken.toUpperCase(), password: 'Cedar grove 2026!' }, 409, 'account', 'taken'],
    ];
    for (const [body, status, field, message] of cases) {
      const response = await createMember(agent, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.fields?.[field]?.toLowerCase(), JSON.stringify(response.body)).toContain(
        message.toLowerCase(),
      );
    }
    const japanese = await createMember(agent, { account: 'has space', password: 'Cedar grove 2026!' }, 'ja-JP');
    expect(japanese.body.msg).not.toBe(
      (await createMember(agent, { account: 'has space', password: 'Cedar grove 2026!' })).body.msg,
    );
    expect((await members(agent)).body.data?.total).toBe(1);
  });
});

describe('/v2/app/agent/sub/member/page', () => {
  it("shows each direct member's state: frozen while an operator holds the freeze, active again once lifted", async () => {
    const agent = await newAgent();
    const stamp = Date.now().toString(36);
    await createMember(agent, { account: `kept${stamp}`, password: 'Cedar grove 2026!' });
    const held = (await createMember(agent, { account: `held${stamp}`, password: 'Cedar grove 2026!' })).body.data;
    const states = async () =>
      Object.fromEntries((await members(agent)).body.data?.list.map((member) => [member.account, member.state]) ?? []);
    expect(await states()).toEqual({ [`kept${stamp}`]: 'active', [`held${stamp}`]: 'active' });

    const freeze = (path: string) =>
      server.call(
        `/v2/admin/user/${path}`,
        { userId: held?.userId, reason: 'checking a report' },
        { token: operator.token },
      );
    expect((await freeze('freeze')).body).toMatchObject({ code: 200 });
    expect(await states()).toEqual({ [`kept${stamp}`]: 'active', [`held${stamp}`]: 'frozen' });
    expect((await members(agent, { account: 'held' })).body.data?.list).toMatchObject([
      { userId: held?.userId, state: 'frozen', balance: 0 },
    ]);
    expect((await freeze('unfreeze')).body).toMatchObject({ code: 200 });
    expect(await states()).toEqual({ [`kept${stamp}`]: 'active', [`held${stamp}`]: 'active' });
  });
});

describe('who may call the agent programme', () => {
  it('lets each call through only to its access level: visitor 401, the wrong role 403', async () => {
    const player = await newPlayer(server, smtp, 'matrix');
    const agent = await newAgent();
    const member = (
      await createMember(agent, { account: `matrix${Date.now().toString(36)}`, password: 'Cedar grove 2026!' })
    ).body.data?.userId;
    await fundPlayer(server, agent, 100);
    const move = { memberUserId: member, amount: 1 };
    type Role = 'visitor' | 'player' | 'agent' | 'operator';
    const tokens: Record<Role, string | undefined> = {
      visitor: undefined,
      player: player.token,
      agent: agent.token,
      operator: operator.token,
    };
    const calls: { path: string; body: () => Record<string, unknown>; allowed: Partial<Record<Role, number>> }[] = [
      { path: '/v2/app/agent/is/agent', body: () => ({}), allowed: { player: 200, agent: 200 } },
      { path: '/v2/app/agent/apply/status', body: () => ({}), allowed: { player: 200, agent: 200 } },
      { path: '/v2/app/agent/apply', body: () => ({}), allowed: { player: 200, agent: 409 } },
      { path: '/v2/app/agent/code', body: () => ({}), allowed: { agent: 200 } },
      {
        path: '/v2/app/agent/sub/member/create',
        body: () => ({
          account: `m${idempotencyKey()
            .slice(-10)
            .replace(/[^a-z0-9]/gi, '')}`,
          password: 'Cedar grove 2026!',
        }),
        allowed: { agent: 200 },
      },
      { path: '/v2/app/agent/type/member/transfer', body: () => move, allowed: { agent: 200 } },
      { path: '/v2/app/agent/type/member/transfer/decrease', body: () => move, allowed: { agent: 200 } },
      { path: '/v2/app/agent/sub/member/page', body: () => ({}), allowed: { agent: 200 } },
      { path: '/v2/app/agent/sub/member/report/page', body: () => ({}), allowed: { agent: 200 } },
      { path: '/v2/app/agent/sub/member/recharge/page', body: () => ({}), allowed: { agent: 200 } },
      { path: '/v2/app/agent/sub/member/draw/page', body: () => ({}), allowed: { agent: 200 } },
      { path: '/v2/app/agent/data/statistics', body: () => ({}), allowed: { agent: 200 } },
      { path: '/v2/app/agent/type/report/statistics', body: () => ({}), allowed: { agent: 200 } },
      { path: '/v2/admin/agent/application/list', body: () => ({}), allowed: { operator: 200 } },
      {
        path: '/v2/admin/agent/application/approve',
        body: () => ({ applicationId: 2_000_000 }),
        allowed: { operator: 404 },
      },
      {
        path: '/v2/admin/agent/application/reject',
        body: () => ({ applicationId: 2_000_000, reason: 'no' }),
        allowed: { operator: 404 },
      },
    ];
    for (const call of calls) {
      for (const role of ['visitor', 'player', 'agent', 'operator'] as const) {
        const token = tokens[role];
        const response = await server.call(call.path, call.body(), {
          ...(token ? { token } : {}),
          headers: { 'idempotency-key': idempotencyKey() },
        });
        const expected = call.allowed[role] ?? (role === 'visitor' ? 401 : 403);
        expect(response.status, `${role} ${call.path}: ${JSON.stringify(response.body)}`).toBe(expected);
        expect(response.body.code).toBe(expected);
      }
    }
  });
});
