import type { agentCommissionList } from '@contract/agent';
import type { DataOf } from '@contract/endpoint';
import { agentCommissions } from '@server/db/schema/agent';
import { settleCommissionDay, settleDueCommissions } from '@server/modules/agent/commission';
import { balanceOf } from '@server/modules/ledger/accounts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playRounds, testProvider, type walletClient } from '../support/game-provider';
import { startGameTestServer } from '../support/game-test-server';
import { ledgerViolations } from '../support/ledger-invariants';
import { fundPlayer, ledgerSum, newOperator, newPlayer, signInAgain, type TestPlayer } from '../support/players';
import type { SmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, type TestServer } from './harness';

// Docs: docs/requirements.md §12.5 (agent commission).

/**
 * The daily commission settlement on real play: members bet, win and have bets rolled back through
 * the signed wallet on one Japanese day; the next day's settlement pays each agent with a rate its
 * share of the valid bets, once, whoever runs it how often.
 */

const acme = testProvider('acme', 100);
// 10:00 in Japan on 2026-07-01.
const clock = createTestClock(new Date('2026-07-01T01:00:00Z'));
const playDay = '2026-07-01';
const hour = 60 * 60 * 1000;

let smtp: SmtpTestServer;
let server: TestServer;
let wallet: ReturnType<typeof walletClient>;
let closeServer: () => Promise<void>;
let operator: TestPlayer;

beforeAll(async () => {
  ({ server, smtp, wallet, close: closeServer } = await startGameTestServer(acme, clock));
  operator = await newOperator(server);
}, 60_000);
afterAll(() => closeServer());

type Statements = DataOf<typeof agentCommissionList>;

/** An approved agent with the rate given on the desk, and direct members with coins to play. */
async function agentWithTeam(rateBasisPoints: number, members: number) {
  const desk = await signInAgain(server, operator, 'operator');
  const agent = await newPlayer(server, smtp, 'agent');
  const applied = await server.call<{ id: number }>('/v2/app/agent/apply', {}, { token: agent.token });
  const approved = await server.call(
    '/v2/admin/agent/application/approve',
    { applicationId: applied.body.data?.id },
    { token: desk.token },
  );
  expect(approved.body, JSON.stringify(approved.body)).toMatchObject({ code: 200 });
  const rate = await server.call(
    '/v2/admin/agent/rebate/set',
    { userId: agent.userId, rebateBasisPoints: rateBasisPoints, reason: 'commission test' },
    { token: desk.token },
  );
  expect(rate.body, JSON.stringify(rate.body)).toMatchObject({ code: 200 });
  const team: TestPlayer[] = [];
  for (let index = 0; index < members; index += 1) {
    const member = await newPlayer(server, smtp, 'member');
    await server.db.execute(
      sql`update users set agent_code = (select referral_code from users where id = ${agent.userId}) where id = ${member.userId}`,
    );
    await fundPlayer(server, member, 50_000);
    team.push(member);
  }
  return { agent, team };
}

/** The agent's statements, signed in anew: the test's clock has passed the day the session began on. */
async function statementsOf(agent: TestPlayer): Promise<Statements> {
  const { token } = await signInAgain(server, agent);
  const answer = await server.call<Statements>('/v2/app/agent/commission/page', {}, { token });
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
  return answer.body.data as Statements;
}

const coinsOf = async (player: TestPlayer) => (await balanceOf(server.db, player.userId, 'COIN')).available;

describe('agent commission', () => {
  it('pays the day’s share of valid bets once, with a statement, however often and however many run it', async () => {
    const { agent, team } = await agentWithTeam(150, 2);
    const { agent: unpaid, team: unpaidTeam } = await agentWithTeam(0, 1);
    const [first, second] = team as [TestPlayer, TestPlayer];
    // Valid bets: 1,000 + 400 (the 300 rolled back does not count) + 2,000 = 3,400.
    await playRounds(server, wallet, first, 0, [{ bet: 1_000, win: 800 }, { bet: 300, rollback: true }, { bet: 400 }]);
    await playRounds(server, wallet, second, 1, [{ bet: 2_000 }]);
    await playRounds(server, wallet, unpaidTeam[0] as TestPlayer, 2, [{ bet: 5_000 }]);

    // Nothing is settled while the day is not over.
    expect(await settleDueCommissions({ db: server.db, clock })).toBe(0);
    const before = await coinsOf(agent);
    const sumBefore = await ledgerSum(server);

    clock.advance(15 * hour);
    const runs = await Promise.all([
      settleDueCommissions({ db: server.db, clock }),
      settleDueCommissions({ db: server.db, clock }),
      settleCommissionDay({ db: server.db, clock }, playDay),
    ]);
    expect(runs.reduce((sum, written) => sum + written, 0)).toBe(1);
    expect(await settleDueCommissions({ db: server.db, clock })).toBe(0);

    // 1.5 % of 3,400 is 51 coins.
    expect((await coinsOf(agent)) - before).toBe(51n);
    expect(await ledgerSum(server)).toBe(sumBefore);
    expect(await ledgerViolations(server.db)).toEqual([]);
    expect(await statementsOf(agent)).toEqual({
      total: 1,
      paid: 51,
      list: [
        { day: playDay, members: 2, validBets: 3_400, rateBasisPoints: 150, amount: 51, settledAt: expect.any(String) },
      ],
    });
    // An agent without a rate earns nothing and gets no statement.
    expect(await statementsOf(unpaid)).toEqual({ total: 0, paid: 0, list: [] });
  });

  it('catches up a day a missed run left, and does not pay a day twice when the rate changes after it', async () => {
    const { agent, team } = await agentWithTeam(1_000, 1);
    // The first test's players have long left their machines (the hall frees idle seats).
    await server.db.execute(sql`delete from game_seats`);
    await playRounds(server, wallet, team[0] as TestPlayer, 0, [{ bet: 999 }]);
    const day = new Date(clock.now().getTime() + 9 * hour).toISOString().slice(0, 10);
    // Three days pass with no run.
    clock.advance(3 * 24 * hour);
    expect(await settleDueCommissions({ db: server.db, clock })).toBe(1);
    const raised = await server.call(
      '/v2/admin/agent/rebate/set',
      { userId: agent.userId, rebateBasisPoints: 2_000, reason: 'raised' },
      { token: (await signInAgain(server, operator, 'operator')).token },
    );
    expect(raised.body, JSON.stringify(raised.body)).toMatchObject({ code: 200 });
    expect(await settleDueCommissions({ db: server.db, clock })).toBe(0);
    const [row] = await server.db.select().from(agentCommissions).where(eq(agentCommissions.agentId, agent.userId));
    expect(row).toMatchObject({ day, validBets: 999, rateBasisPoints: 1_000, amount: 99 });
  });

  it('is the agent’s own: a player who is no agent is refused', async () => {
    const player = await newPlayer(server, smtp);
    const refused = await server.call('/v2/app/agent/commission/page', {}, { token: player.token });
    expect(refused.status).toBe(403);
  });
});
