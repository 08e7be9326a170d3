import type { adminAgentTeam } from '@contract/agent-desk';
import type { DataOf } from '@contract/endpoint';
import { agentTerms } from '@server/db/schema/agent';
import { auditLog } from '@server/db/schema/auth';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import {
  fundPlayer,
  manyPlayersLimits,
  newOperator,
  newPlayer,
  refusal,
  type TestPlayer,
  withKey,
} from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestServer, type TestServer } from './harness';

const rebatePath = '/v2/admin/agent/rebate/set';
const teamPath = '/v2/admin/agent/team';

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

async function newAgent(): Promise<TestPlayer> {
  const agent = await newPlayer(server, smtp, 'agent');
  const applied = await server.call<{ id: number }>('/v2/app/agent/apply', {}, { token: agent.token });
  const approved = await server.call(
    '/v2/admin/agent/application/approve',
    { applicationId: applied.body.data?.id },
    { token: operator.token },
  );
  expect(approved.body, JSON.stringify(approved.body)).toMatchObject({ code: 200 });
  return agent;
}

let memberCount = 0;
async function newMember(agent: TestPlayer): Promise<number> {
  memberCount += 1;
  const created = await server.call<{ userId: number }>(
    '/v2/app/agent/sub/member/create',
    { account: `deskm${memberCount}${Date.now() % 100_000}`, password: 'Cedar grove 2026!' },
    { token: agent.token },
  );
  expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 200 });
  return created.body.data!.userId;
}

describe('the desk sets an agent’s rebate rate (§12.5)', () => {
  it('stores the rate, answers it, and keeps the old and new rates with the reason in the audit log', async () => {
    const agent = await newAgent();
    const set = await server.call(
      rebatePath,
      { userId: agent.userId, rebateBasisPoints: 250, reason: 'top agent of the month' },
      { token: operator.token },
    );
    expect(set.body).toEqual({
      code: 200,
      msg: expect.any(String),
      data: { userId: agent.userId, rebateBasisPoints: 250 },
    });
    const again = await server.call(
      rebatePath,
      { userId: agent.userId, rebateBasisPoints: 300, reason: 'raised again' },
      { token: operator.token },
    );
    expect(again.body).toMatchObject({ code: 200 });
    const [terms] = await server.db.select().from(agentTerms).where(eq(agentTerms.userId, agent.userId));
    expect(terms?.rebateBasisPoints).toBe(300);
    const audit = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, `user:${agent.userId}`), eq(auditLog.action, 'agent.rebateSet')));
    expect(audit.map((row) => [row.actor, row.reason])).toEqual(
      expect.arrayContaining([
        [`user:${operator.userId}`, 'top agent of the month (rebate 0 → 250 basis points)'],
        [`user:${operator.userId}`, 'raised again (rebate 250 → 300 basis points)'],
      ]),
    );
    // The agent reads the rate on their team overview.
    const overview = await server.call<{ rebateBasisPoints: number }>(
      '/v2/app/agent/data/statistics',
      {},
      { token: agent.token },
    );
    expect(overview.body.data?.rebateBasisPoints).toBe(300);
  });

  it('refuses a rate outside 0–100 %, a fraction, a missing reason, a non-agent and an unknown player, changing nothing', async () => {
    const agent = await newAgent();
    const player = await newPlayer(server, smtp, 'plain');
    for (const rebateBasisPoints of [-1, 10_001, 12.5, '100']) {
      const refused = await server.call(
        rebatePath,
        { userId: agent.userId, rebateBasisPoints, reason: 'try' },
        { token: operator.token, lang: 'ja-JP' },
      );
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.fields?.rebateBasisPoints).toContain('リベート率');
    }
    const noReason = await server.call(
      rebatePath,
      { userId: agent.userId, rebateBasisPoints: 100, reason: ' ' },
      { token: operator.token },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toHaveProperty('reason');
    refusal(
      await server.call(
        rebatePath,
        { userId: player.userId, rebateBasisPoints: 100, reason: 'not one' },
        { token: operator.token, lang: 'ja-JP' },
      ),
      409,
      'このプレイヤーはエージェントではありません。',
    );
    refusal(
      await server.call(
        rebatePath,
        { userId: 999_999, rebateBasisPoints: 100, reason: 'nobody' },
        { token: operator.token },
      ),
      404,
      'No such player.',
    );
    const [terms] = await server.db.select().from(agentTerms).where(eq(agentTerms.userId, agent.userId));
    expect(terms?.rebateBasisPoints).toBe(0);
    const audit = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'agent.rebateSet'), eq(auditLog.subject, `user:${agent.userId}`)));
    expect(audit).toEqual([]);
  });

  it('is the desk’s only: a player session, even the agent’s, is refused', async () => {
    const agent = await newAgent();
    const answer = await server.call(
      rebatePath,
      { userId: agent.userId, rebateBasisPoints: 10_000, reason: 'myself' },
      { token: agent.token },
    );
    expect([401, 403]).toContain(answer.status);
    const team = await server.call(teamPath, { userId: agent.userId }, { token: agent.token });
    expect([401, 403]).toContain(team.status);
  });
});

describe('the desk sees an agent’s team (§12.5)', () => {
  it('lists the direct members with balance, registration and state, and the agent’s terms', async () => {
    const agent = await newAgent();
    const first = await newMember(agent);
    const second = await newMember(agent);
    const outsider = await newPlayer(server, smtp, 'outside');
    await fundPlayer(server, agent, 1_000);
    const moved = await server.call(
      '/v2/app/agent/type/member/transfer',
      { memberUserId: first, amount: 700 },
      withKey(agent.token),
    );
    expect(moved.body, JSON.stringify(moved.body)).toMatchObject({ code: 200 });
    const frozen = await server.call(
      '/v2/admin/user/freeze',
      { userId: second, reason: 'chargeback' },
      { token: operator.token },
    );
    expect(frozen.body).toMatchObject({ code: 200 });
    await server.call(
      rebatePath,
      { userId: agent.userId, rebateBasisPoints: 150, reason: 'start' },
      { token: operator.token },
    );

    const team = await server.call<DataOf<typeof adminAgentTeam>>(
      teamPath,
      { userId: agent.userId },
      { token: operator.token },
    );
    expect(team.body, JSON.stringify(team.body)).toMatchObject({ code: 200 });
    const data = team.body.data!;
    expect(data.total).toBe(2);
    expect(data.list.map(({ userId, balance, status }) => ({ userId, balance, status }))).toEqual([
      { userId: second, balance: 0, status: 'frozen' },
      { userId: first, balance: 700, status: 'active' },
    ]);
    expect(data.list.every((member) => !Number.isNaN(Date.parse(member.registeredAt)))).toBe(true);
    expect(data.list.map((member) => member.userId)).not.toContain(outsider.userId);
    expect(data.agent).toMatchObject({
      userId: agent.userId,
      rebateBasisPoints: 150,
      teamBalance: 700,
      agentCode: expect.stringMatching(/^[A-Z0-9]{8}$/),
    });

    const searched = await server.call<DataOf<typeof adminAgentTeam>>(
      teamPath,
      { userId: agent.userId, keyword: data.list[1]?.account },
      { token: operator.token },
    );
    expect(searched.body.data?.list.map((member) => member.userId)).toEqual([first]);
    expect(searched.body.data?.agent.teamBalance).toBe(700);
  });

  it('refuses a player who is not an agent, localised', async () => {
    const player = await newPlayer(server, smtp, 'plain');
    refusal(
      await server.call(teamPath, { userId: player.userId }, { token: operator.token, lang: 'zh-CN' }),
      409,
      '该玩家不是代理。',
    );
  });
});
