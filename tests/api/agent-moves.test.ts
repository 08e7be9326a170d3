import { readFileSync } from 'node:fs';
import type { MemberMove, TeamMember } from '@contract/agent';
import type { StationLetter } from '@contract/letters';
import type { BalanceMovement } from '@contract/record';
import { auditLog, users } from '@server/db/schema/auth';
import { ledgerTransfers } from '@server/db/schema/ledger';
import { houseAccount, playerAccount } from '@server/modules/ledger/accounts';
import { hold, transfer, voidHold } from '@server/modules/ledger/service';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts, registerThroughMail, solvedCaptcha } from '../support/accounts';
import { ledgerViolations, queryRows } from '../support/ledger-invariants';
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
import { type CallResult, createTestServer, type TestServer } from './harness';

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
    const statistics = await server.call<{ transferAmount: number; takenBackAmount: number }>(
      '/v2/app/agent/data/statistics',
      {},
      { token: agent.token },
    );
    expect(statistics.body.data).toMatchObject({ transferAmount: 1_500, takenBackAmount: 400 });

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
      'You can take back at most 200 coins from this member: only coins you gave them that they have not spent.',
    );
    refusal(
      await move(decreasePath, agent, { memberUserId: member.userId, amount: 201 }, idempotencyKey(), 'ja-JP'),
      422,
      'このメンバーから戻せるのは最大 200 コインです（あなたが渡し、まだ使われていないコインのみ）。',
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

/** The member's coins to or from the game house, as a bet or a win moves them (a stand-in for the wallet). */
async function play(member: TestPlayer, coins: number, as: 'bet' | 'win') {
  const memberAccount = playerAccount(member.userId, 'COIN');
  const house = houseAccount('gameHouse', 'COIN');
  await transfer(server.db, server.deps.clock, {
    actor: 'system',
    reason: `test ${as}`,
    from: as === 'bet' ? memberAccount : house,
    to: as === 'bet' ? house : memberAccount,
    amount: BigInt(coins),
    currency: 'COIN',
    idempotencyKey: `play-${idempotencyKey()}`,
    kind: as === 'bet' ? 'gameBet' : 'gameWin',
  });
}

/** A player who signed up through the agent's invitation (its agent code), as the invitation link does. */
async function invitedMember(agent: TestPlayer): Promise<TestPlayer> {
  const code = await server.call<{ agentCode: string }>('/v2/app/agent/code', {}, { token: agent.token });
  memberCount += 1;
  const account = `invited${memberCount}${Date.now().toString(36)}`.slice(0, 20);
  const email = `${account}@example.test`;
  const token = await registerThroughMail(server, smtp, {
    account,
    email,
    password: memberPassword,
    agentCode: code.body.data?.agentCode as string,
  });
  const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.username, account));
  return { token, userId: row?.id as number, account, email };
}

function takeBackRefusal(response: CallResult, max: number) {
  const message = `You can take back at most ${max.toLocaleString('en-US')} coins from this member: only coins you gave them that they have not spent.`;
  refusal(response, 422, message);
  expect(response.body.fields).toEqual({ amount: message });
}

/** What the agent's member list shows for the member: balance and what may be taken back. */
async function listed(agent: TestPlayer, member: TestPlayer) {
  const page = await server.call<{ list: TeamMember[] }>(
    '/v2/app/agent/sub/member/page',
    { account: member.account },
    { token: agent.token },
  );
  const row = page.body.data?.list.find((candidate) => candidate.userId === member.userId);
  return { balance: row?.balance, takeable: row?.takeable };
}

async function lettersOf(player: TestPlayer, lang = 'en-US') {
  const page = await server.call<{ list: StationLetter[] }>('/v2/app/station/query', {}, { token: player.token, lang });
  return page.body.data?.list ?? [];
}

describe('what an agent may take back (§12.11)', () => {
  it("never takes an invited member's own deposit, however large", async () => {
    const agent = await newAgent();
    const member = await invitedMember(agent);
    await fundPlayer(server, agent, 1_000);
    await fundPlayer(server, member, 5_000);
    takeBackRefusal(await move(decreasePath, agent, { memberUserId: member.userId, amount: 1 }), 0);
    takeBackRefusal(await move(decreasePath, agent, { memberUserId: member.userId, amount: 5_000 }), 0);
    expect(await balanceOfPlayer(server, member)).toBe(5_000);
    expect(await balanceOfPlayer(server, agent)).toBe(1_000);
    expect(await listed(agent, member)).toEqual({ balance: 5_000, takeable: 0 });
  });

  it('takes back at most what the agent gave and the member has not spent: spending uses the gift first, wins and deposits never add to it', async () => {
    const agent = await newAgent();
    const member = await invitedMember(agent);
    await fundPlayer(server, agent, 1_000);
    await fundPlayer(server, member, 1_000);
    expect((await move(transferPath, agent, { memberUserId: member.userId, amount: 500 })).body).toMatchObject({
      code: 200,
    });
    expect(await listed(agent, member)).toEqual({ balance: 1_500, takeable: 500 });
    takeBackRefusal(await move(decreasePath, agent, { memberUserId: member.userId, amount: 501 }), 500);

    await play(member, 300, 'bet');
    await play(member, 2_000, 'win');
    await fundPlayer(server, member, 700);
    expect(await listed(agent, member)).toEqual({ balance: 3_900, takeable: 200 });
    takeBackRefusal(await move(decreasePath, agent, { memberUserId: member.userId, amount: 201 }), 200);
    expect((await move(decreasePath, agent, { memberUserId: member.userId, amount: 200 })).body).toMatchObject({
      code: 200,
      data: { amount: 200, memberBalance: 3_700, agentBalance: 700 },
    });
    takeBackRefusal(await move(decreasePath, agent, { memberUserId: member.userId, amount: 1 }), 0);

    // A new gift can be taken back again; what was spent before it is not counted against it.
    await move(transferPath, agent, { memberUserId: member.userId, amount: 100 });
    await play(member, 3_000, 'bet');
    expect(await listed(agent, member)).toEqual({ balance: 800, takeable: 0 });
    await move(transferPath, agent, { memberUserId: member.userId, amount: 250 });
    expect(await listed(agent, member)).toEqual({ balance: 1_050, takeable: 250 });
    expect(await balanceOfPlayer(server, agent)).toBe(350);
  });

  it('leaves out coins held for a withdrawal until the hold is released', async () => {
    const agent = await newAgent();
    const member = await invitedMember(agent);
    await fundPlayer(server, agent, 1_000);
    await move(transferPath, agent, { memberUserId: member.userId, amount: 500 });
    const held = await hold(server.db, server.deps.clock, {
      actor: 'system',
      reason: 'test withdrawal hold',
      from: playerAccount(member.userId, 'COIN'),
      to: houseAccount('withdrawalsInFlight', 'COIN'),
      amount: 400n,
      currency: 'COIN',
      idempotencyKey: `hold-${idempotencyKey()}`,
      kind: 'withdrawal',
    });
    takeBackRefusal(await move(decreasePath, agent, { memberUserId: member.userId, amount: 101 }), 100);
    await voidHold(server.db, server.deps.clock, { actor: 'system', reason: 'test release', holdId: held.transfer.id });
    expect((await move(decreasePath, agent, { memberUserId: member.userId, amount: 500 })).body).toMatchObject({
      code: 200,
      data: { memberBalance: 0, agentBalance: 1_000 },
    });
  });

  it('lets take-backs sent at once take no more than is left', async () => {
    const agent = await newAgent();
    const member = await invitedMember(agent);
    await fundPlayer(server, agent, 500);
    await fundPlayer(server, member, 2_000);
    await move(transferPath, agent, { memberUserId: member.userId, amount: 500 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => move(decreasePath, agent, { memberUserId: member.userId, amount: 100 })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    for (const answer of answers.filter((answer) => answer.status !== 200)) takeBackRefusal(answer, 0);
    expect(await balanceOfPlayer(server, member)).toBe(2_000);
    expect(await balanceOfPlayer(server, agent)).toBe(500);
  });

  it("never lets a take-back and the member's own bet both spend the same gift", async () => {
    const agent = await newAgent();
    await fundPlayer(server, agent, 1_500);
    for (let round = 0; round < 3; round += 1) {
      const member = await invitedMember(agent);
      await move(transferPath, agent, { memberUserId: member.userId, amount: 500 });
      const [bet, taken] = await Promise.allSettled([
        play(member, 400, 'bet'),
        move(decreasePath, agent, { memberUserId: member.userId, amount: 300 }),
      ]);
      const tookBack = taken.status === 'fulfilled' && taken.value.status === 200;
      // Whichever came first, the other found the gift spent: the bet short of coins, or the take-back over what is left.
      expect(bet.status === 'fulfilled', JSON.stringify(taken)).toBe(!tookBack);
      if (!tookBack && taken.status === 'fulfilled') takeBackRefusal(taken.value, 100);
      expect(await balanceOfPlayer(server, member)).toBe(tookBack ? 200 : 100);
    }
  });

  it('answers a retry of a take-back with the first move, even once the rest was spent', async () => {
    const agent = await newAgent();
    const member = await invitedMember(agent);
    await fundPlayer(server, agent, 500);
    await move(transferPath, agent, { memberUserId: member.userId, amount: 500 });
    const key = idempotencyKey();
    const first = await move(decreasePath, agent, { memberUserId: member.userId, amount: 300 }, key);
    expect(first.body).toMatchObject({ code: 200 });
    await play(member, 200, 'bet');
    expect((await move(decreasePath, agent, { memberUserId: member.userId, amount: 300 }, key)).body).toEqual(
      first.body,
    );
    expect(await balanceOfPlayer(server, member)).toBe(0);
    expect(await lettersOf(member)).toHaveLength(2);
  });

  it("writes the member a letter for every move, in the member's language, and none for a refusal or a retry", async () => {
    const agent = await newAgent();
    const member = await invitedMember(agent);
    await fundPlayer(server, agent, 5_000);
    const given = await move(transferPath, agent, { memberUserId: member.userId, amount: 1_200 });
    const key = idempotencyKey();
    const taken = await move(decreasePath, agent, { memberUserId: member.userId, amount: 200 }, key);
    await move(decreasePath, agent, { memberUserId: member.userId, amount: 200 }, key);
    takeBackRefusal(await move(decreasePath, agent, { memberUserId: member.userId, amount: 4_000 }), 1_000);
    const givenSn = given.body.data?.transferSn;
    const takenSn = taken.body.data?.transferSn;

    expect((await lettersOf(member, 'ja-JP')).map(({ kind, title, content }) => ({ kind, title, content }))).toEqual([
      {
        kind: 'agentTookCoins',
        title: 'エージェントがコインを戻しました',
        content: `エージェントが以前あなたに渡した 200 コインを残高から戻しました（参照番号 ${takenSn}）。ご自身の入金や獲得したコインが戻されることはありません。`,
      },
      {
        kind: 'agentGaveCoins',
        title: 'エージェントからコインが届きました',
        content: `エージェントがあなたの残高に 1,200 コインを追加しました（参照番号 ${givenSn}）。`,
      },
    ]);
    const english = await lettersOf(member, 'en-US');
    expect(english.map(({ title }) => title)).toEqual(['Coins taken back by your agent', 'Coins from your agent']);
    expect(english[1]?.content).toBe(`Your agent added 1,200 coins to your balance (reference ${givenSn}).`);
    expect((await lettersOf(member, 'vi-VN'))[0]?.title).toBe('Đại lý đã lấy lại xu');
    // The agent's own letters are untouched.
    expect((await lettersOf(agent)).filter(({ kind }) => kind.startsWith('agent') && kind !== 'agentApproved')).toEqual(
      [],
    );
  });
});

describe('after every move above', () => {
  it('the migration counts earlier gifts as the moves count them', async () => {
    const unspentByPair = async () =>
      queryRows<{ agent_id: number; member_user_id: number; unspent: string }>(
        server.db,
        sql`SELECT g.agent_id, g.member_user_id, agent_given_unspent(g.agent_id, g.member_user_id, a.id)::text AS unspent
          FROM agent_given_coins g JOIN ledger_accounts a ON a.user_id = g.member_user_id AND a.currency = 'COIN'
          ORDER BY g.agent_id, g.member_user_id`,
      );
    const kept = await unspentByPair();
    expect(kept.length).toBeGreaterThan(10);
    const migration = readFileSync('server/db/migrations/0031_agent_given_coins.sql', 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('INSERT INTO'));
    await server.db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM agent_given_coins`);
      await tx.execute(sql.raw(backfill as string));
    });
    expect(await unspentByPair()).toEqual(kept);
  });

  it('the ledger keeps all its rules: sums to zero, balances equal entries, every movement audited', async () => {
    expect(await ledgerViolations(server.db)).toEqual([]);
    expect(await ledgerSum(server)).toBe(0n);
  });
});
