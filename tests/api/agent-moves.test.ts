import type { MemberMove } from '@contract/agent';
import type { BalanceMovement } from '@contract/record';
import { auditLog, users } from '@server/db/schema/auth';
import { ledgerTransfers } from '@server/db/schema/ledger';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts, solvedCaptcha } from '../support/accounts';
import { ledgerViolations } from '../support/ledger-invariants';
import {
  balanceOfPlayer,
  fundPlayer,
  idempotencyKey,
  ledgerSum,
  manyPlayersLimits,
  newOperator,
  newPlayer,
  refusal,
  type TestPlayer,
  withKey,
} from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestServer, type TestServer } from './harness';

const transferPath = '/v2/app/agent/type/member/transfer';
const decreasePath = '/v2/app/agent/type/member/transfer/decrease';
const memberPassword = 'Cedar grove 2026!';

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

/** A player who applied through the API and whom the operator approved. */
async function newAgent(): Promise<TestPlayer> {
  const agent = await newPlayer(server, smtp, 'agent');
  const applied = await server.call<{ id: number }>('/v2/app/agent/apply', {}, { token: agent.token });
  expect(applied.body, JSON.stringify(applied.body)).toMatchObject({ code: 200 });
  const approved = await server.call(
    '/v2/admin/agent/application/approve',
    { applicationId: applied.body.data?.id },
    { token: operator.token },
  );
  expect(approved.body, JSON.stringify(approved.body)).toMatchObject({ code: 200 });
  return agent;
}

let memberCount = 0;
/** A member the agent creates through the API, signed in with the password the agent set. */
async function newMember(agent: TestPlayer): Promise<TestPlayer> {
  memberCount += 1;
  const account = `member${memberCount}${Date.now().toString(36)}`;
  const created = await server.call<{ userId: number }>(
    '/v2/app/agent/sub/member/create',
    { account, password: memberPassword },
    { token: agent.token },
  );
  expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 200 });
  const signedIn = await server.call<{ token: string }>('/v2/app/auth/login', {
    account,
    password: memberPassword,
    ...(await solvedCaptcha(server, captchaTexts)),
  });
  expect(signedIn.body, JSON.stringify(signedIn.body)).toMatchObject({ code: 200 });
  return {
    token: signedIn.body.data?.token as string,
    userId: created.body.data?.userId as number,
    account,
    email: '',
  };
}

async function move(
  path: string,
  agent: TestPlayer,
  body: Record<string, unknown>,
  key = idempotencyKey(),
  lang = 'en-US',
) {
  return server.call<MemberMove>(path, body, { ...withKey(agent.token, key), lang });
}

describe('agent moves between the agent and a direct member', () => {
  it('hands coins to a member and takes them back, with balances after each move and audit rows', async () => {
    const agent = await newAgent();
    const member = await newMember(agent);
    await fundPlayer(server, agent, 10_000);

    const given = await move(transferPath, agent, {
      memberUserId: member.userId,
      amount: 1_500,
      remark: 'welcome bonus',
    });
    expect(given.body, JSON.stringify(given.body)).toMatchObject({
      code: 200,
      data: { amount: 1_500, agentBalance: 8_500, memberBalance: 1_500 },
    });
    expect(given.body.data?.transferSn).toMatch(/^\d+$/);
    expect(await balanceOfPlayer(server, agent)).toBe(8_500);
    expect(await balanceOfPlayer(server, member)).toBe(1_500);

    const taken = await move(decreasePath, agent, { memberUserId: member.userId, amount: 400 });
    expect(taken.body).toMatchObject({ code: 200, data: { amount: 400, agentBalance: 8_900, memberBalance: 1_100 } });
    expect(await balanceOfPlayer(server, member)).toBe(1_100);

    const records = await server.call<{ list: BalanceMovement[] }>(
      '/v2/app/record/balance/query',
      {},
      { token: member.token },
    );
    expect(records.body.data?.list.map(({ kind, amount, balanceAfter }) => ({ kind, amount, balanceAfter }))).toEqual([
      { kind: 'agentTransferOut', amount: -400, balanceAfter: 1_100 },
      { kind: 'agentTransferIn', amount: 1_500, balanceAfter: 1_500 },
    ]);

    for (const moved of [given, taken]) {
      const audit = await server.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.subject, `ledgerTransfer:${moved.body.data?.transferSn}`),
            eq(auditLog.action, 'ledger.transfer'),
          ),
        );
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor: `user:${agent.userId}` });
      expect(audit[0]?.reason).toContain(`member ${member.userId}`);
    }
  });

  it('names each move from the reader’s side in both records, with its transfer number (§12.4)', async () => {
    const agent = await newAgent();
    const member = await newMember(agent);
    await fundPlayer(server, agent, 5_000);
    const given = await move(transferPath, agent, { memberUserId: member.userId, amount: 2_000 });
    const taken = await move(decreasePath, agent, { memberUserId: member.userId, amount: 300 });
    const givenSn = given.body.data?.transferSn;
    const takenSn = taken.body.data?.transferSn;
    expect(givenSn).toMatch(/^\d+$/);
    expect(takenSn).toMatch(/^\d+$/);

    const recordOf = async (player: TestPlayer, kind?: string) => {
      const answer = await server.call<{ list: BalanceMovement[]; credited: number; debited: number }>(
        '/v2/app/record/balance/query',
        kind ? { kind } : {},
        { token: player.token },
      );
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
      return answer.body.data!;
    };
    const moves = (data: { list: BalanceMovement[] }) =>
      data.list
        .filter((line) => line.kind.startsWith('agentTransfer'))
        .map(({ kind, amount, reference }) => ({ kind, amount, reference }));

    expect(moves(await recordOf(member))).toEqual([
      { kind: 'agentTransferOut', amount: -300, reference: takenSn },
      { kind: 'agentTransferIn', amount: 2_000, reference: givenSn },
    ]);
    expect(moves(await recordOf(agent))).toEqual([
      { kind: 'agentTransferIn', amount: 300, reference: takenSn },
      { kind: 'agentTransferOut', amount: -2_000, reference: givenSn },
    ]);

    // The filter follows the same names: the agent's coins out are the moves to the member.
    const agentOut = await recordOf(agent, 'agentTransferOut');
    expect(moves(agentOut)).toEqual([{ kind: 'agentTransferOut', amount: -2_000, reference: givenSn }]);
    expect(agentOut).toMatchObject({ credited: 0, debited: 2_000 });
    const memberIn = await recordOf(member, 'agentTransferIn');
    expect(moves(memberIn)).toEqual([{ kind: 'agentTransferIn', amount: 2_000, reference: givenSn }]);
    expect(memberIn).toMatchObject({ credited: 2_000, debited: 0 });
  });

  it('needs no pay password: the agent never set one', async () => {
    const agent = await newAgent();
    const member = await newMember(agent);
    await fundPlayer(server, agent, 100);
    const [row] = await server.db
      .select({ payPasswordHash: users.payPasswordHash })
      .from(users)
      .where(eq(users.id, agent.userId));
    expect(row?.payPasswordHash).toBeNull();
    const given = await move(transferPath, agent, { memberUserId: member.userId, amount: 100 });
    expect(given.body).toMatchObject({ code: 200, data: { agentBalance: 0, memberBalance: 100 } });
  });

  it('answers a retry with the same key with the first move and moves nothing more', async () => {
    const agent = await newAgent();
    const member = await newMember(agent);
    await fundPlayer(server, agent, 5_000);
    const key = idempotencyKey();
    const first = await move(transferPath, agent, { memberUserId: member.userId, amount: 700 }, key);
    expect(first.body).toMatchObject({ code: 200 });
    // A later move changes the balances; the retry still answers with the first move's balances.
    await move(transferPath, agent, { memberUserId: member.userId, amount: 100 });
    const retried = await move(transferPath, agent, { memberUserId: member.userId, amount: 700 }, key);
    expect(retried.body).toEqual(first.body);
    expect(await balanceOfPlayer(server, agent)).toBe(4_200);
    expect(await balanceOfPlayer(server, member)).toBe(800);
  });

  it('refuses the same key with other parameters (409) and moves nothing', async () => {
    const agent = await newAgent();
    const member = await newMember(agent);
    const otherMember = await newMember(agent);
    await fundPlayer(server, agent, 5_000);
    const key = idempotencyKey();
    expect((await move(transferPath, agent, { memberUserId: member.userId, amount: 700 }, key)).body).toMatchObject({
      code: 200,
    });
    const conflicts = [
      await move(transferPath, agent, { memberUserId: member.userId, amount: 701 }, key),
      await move(transferPath, agent, { memberUserId: otherMember.userId, amount: 700 }, key),
      await move(transferPath, agent, { memberUserId: member.userId, amount: 700, remark: 'another note' }, key),
      await move(decreasePath, agent, { memberUserId: member.userId, amount: 700 }, key),
    ];
    for (const conflict of conflicts)
      refusal(conflict, 409, 'This request was already used for a different operation; please start again');
    expect(await balanceOfPlayer(server, agent)).toBe(4_300);
    expect(await balanceOfPlayer(server, member)).toBe(700);
    expect(await balanceOfPlayer(server, otherMember)).toBe(0);
  });

  it('moves money once when the same request is submitted many times at once', async () => {
    const agent = await newAgent();
    const member = await newMember(agent);
    await fundPlayer(server, agent, 1_000);
    const key = idempotencyKey();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => move(transferPath, agent, { memberUserId: member.userId, amount: 300 }, key)),
    );
    for (const answer of answers)
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200, data: { amount: 300 } });
    expect(new Set(answers.map((answer) => answer.body.data?.transferSn)).size).toBe(1);
    expect(await balanceOfPlayer(server, agent)).toBe(700);
    expect(await balanceOfPlayer(server, member)).toBe(300);
    const stored = await server.db
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, `%${key}`));
    expect(stored).toHaveLength(1);
  });

  it('never overdraws the agent when different moves race for the last coins', async () => {
    const agent = await newAgent();
    const members = [await newMember(agent), await newMember(agent)];
    await fundPlayer(server, agent, 1_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        move(transferPath, agent, { memberUserId: members[index % 2]!.userId, amount: 150 }),
      ),
    );
    const moved = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(moved).toHaveLength(6);
    for (const answer of refused) refusal(answer, 422, 'Your balance is not enough for this amount.');
    expect(await balanceOfPlayer(server, agent)).toBe(100);
    const memberBalances = await Promise.all(members.map((member) => balanceOfPlayer(server, member)));
    expect(memberBalances.reduce((sum, balance) => sum + balance, 0)).toBe(900);
  });

  it('refuses a player outside the team, an unknown id and the agent itself (404), moving nothing', async () => {
    const agent = await newAgent();
    const otherAgent = await newAgent();
    const othersMember = await newMember(otherAgent);
    const outsider = await newPlayer(server, smtp, 'outsider');
    await fundPlayer(server, agent, 1_000);
    await fundPlayer(server, othersMember, 1_000);
    for (const memberUserId of [outsider.userId, othersMember.userId, agent.userId, 2_000_000]) {
      for (const path of [transferPath, decreasePath]) {
        refusal(
          await move(path, agent, { memberUserId, amount: 10 }),
          404,
          'This player is not a direct member of your team.',
        );
      }
    }
    refusal(
      await move(transferPath, agent, { memberUserId: outsider.userId, amount: 10 }, idempotencyKey(), 'ja-JP'),
      404,
      'このプレイヤーはあなたのチームの直属メンバーではありません。',
    );
    expect(await balanceOfPlayer(server, agent)).toBe(1_000);
    expect(await balanceOfPlayer(server, othersMember)).toBe(1_000);
    expect(await balanceOfPlayer(server, outsider)).toBe(0);
  });

  it('refuses to overdraw the agent or the member with a localised 422 on the amount', async () => {
    const agent = await newAgent();
    const member = await newMember(agent);
    await fundPlayer(server, agent, 500);
    const tooMuch = await move(transferPath, agent, { memberUserId: member.userId, amount: 501 });
    refusal(tooMuch, 422, 'Your balance is not enough for this amount.');
    expect(tooMuch.body.fields).toEqual({ amount: 'Your balance is not enough for this amount.' });
    expect((await move(transferPath, agent, { memberUserId: member.userId, amount: 200 })).body).toMatchObject({
      code: 200,
    });
    refusal(
      await move(decreasePath, agent, { memberUserId: member.userId, amount: 201 }),
      422,
      "The member's balance is less than this amount.",
    );
    refusal(
      await move(decreasePath, agent, { memberUserId: member.userId, amount: 201 }, idempotencyKey(), 'ja-JP'),
      422,
      'メンバーの残高がこの金額より少ないです。',
    );
    refusal(
      await move(transferPath, agent, { memberUserId: member.userId, amount: 301 }, idempotencyKey(), 'zh-CN'),
      422,
      '您的余额不足以支付此金额。',
    );
    expect(await balanceOfPlayer(server, agent)).toBe(300);
    expect(await balanceOfPlayer(server, member)).toBe(200);
  });

  it('lets a refused key be used again once the move is possible', async () => {
    const agent = await newAgent();
    const member = await newMember(agent);
    const key = idempotencyKey();
    refusal(
      await move(transferPath, agent, { memberUserId: member.userId, amount: 50 }, key),
      422,
      'Your balance is not enough for this amount.',
    );
    await fundPlayer(server, agent, 50);
    expect((await move(transferPath, agent, { memberUserId: member.userId, amount: 50 }, key)).body).toMatchObject({
      code: 200,
      data: { memberBalance: 50 },
    });
  });

  it("leaves a frozen member's balance alone, but answers a retry of a move made before the freeze", async () => {
    const agent = await newAgent();
    const member = await newMember(agent);
    await fundPlayer(server, agent, 1_000);
    const key = idempotencyKey();
    const before = await move(transferPath, agent, { memberUserId: member.userId, amount: 300 }, key);
    expect(before.body).toMatchObject({ code: 200 });
    const frozen = await server.call(
      '/v2/admin/user/freeze',
      { userId: member.userId, reason: 'investigation' },
      { token: operator.token },
    );
    expect(frozen.body).toMatchObject({ code: 200 });
    refusal(
      await move(transferPath, agent, { memberUserId: member.userId, amount: 10 }),
      422,
      "This member's account is frozen; its balance cannot change.",
    );
    refusal(
      await move(decreasePath, agent, { memberUserId: member.userId, amount: 10 }),
      422,
      "This member's account is frozen; its balance cannot change.",
    );
    expect((await move(transferPath, agent, { memberUserId: member.userId, amount: 300 }, key)).body).toEqual(
      before.body,
    );
    refusal(
      await move(transferPath, agent, { memberUserId: member.userId, amount: 301 }, key),
      409,
      'This request was already used for a different operation; please start again',
    );
    expect(await balanceOfPlayer(server, agent)).toBe(700);
  });

  it('needs an Idempotency-Key and a whole positive amount', async () => {
    const agent = await newAgent();
    const member = await newMember(agent);
    await fundPlayer(server, agent, 1_000);
    refusal(
      await server.call(transferPath, { memberUserId: member.userId, amount: 10 }, { token: agent.token }),
      400,
      'This request needs an Idempotency-Key header',
    );
    for (const amount of [0, -5, 1.5, '10', null]) {
      const response = await move(transferPath, agent, { memberUserId: member.userId, amount });
      expect(response.status, JSON.stringify(amount)).toBe(400);
      expect(response.body.fields).toHaveProperty('amount');
    }
    expect(await balanceOfPlayer(server, agent)).toBe(1_000);
  });
});

describe('after every move above', () => {
  it('the ledger keeps all its rules: sums to zero, balances equal entries, every movement audited', async () => {
    expect(await ledgerViolations(server.db)).toEqual([]);
    expect(await ledgerSum(server)).toBe(0n);
  });
});
