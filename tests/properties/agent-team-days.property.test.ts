import { randomBytes } from 'node:crypto';
import { teamReportTypes } from '@contract/agent';
import { type DateRange, recordDayOf } from '@contract/endpoint';
import { paymentStatuses, withdrawalStatuses } from '@contract/money';
import { movementTotals } from '@server/modules/agent/movements';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../api/harness';
import { queryRows } from '../support/ledger-invariants';

/**
 * The agent team day totals (agent_team_days, kept by triggers and by ledger_entries_apply) never
 * disagree with the rows they count: for any sequence of writes over two agents' members and a
 * player without an agent — ledger transfers of every counted kind and of uncounted ones, game
 * rounds inserted, grown and deleted, deposit orders and withdrawals inserted, moved between
 * statuses and deleted, at instants around Japanese midnights — the totals per team, day and item
 * equal a count of the rows themselves, and a whole team's report totals over any period equal
 * those read from its members' rows.
 */

const ledgerKinds = [
  'deposit',
  'depositRefund',
  'withdrawal',
  'withdrawalRefund',
  'rebate',
  'promotion',
  'agentTransferIn',
  'agentTransferOut',
  'gameBet',
  'adjustment',
] as const;
const orderStatuses = {
  // Automatic orders, whose statuses are the payment provider's.
  deposit_orders: paymentStatuses,
  withdrawals: withdrawalStatuses,
} as const;
type OrderTable = keyof typeof orderStatuses;

/** 23:59:30 in Japan on 2026-03-10: instants a few minutes either side fall on two days. */
const base = Date.parse('2026-03-10T14:59:30Z');
const instant = fc
  .oneof(fc.integer({ min: -120, max: 120 }), fc.integer({ min: -86_400, max: 2 * 86_400 }))
  .map((seconds) => new Date(base + seconds * 1000).toISOString());
const days: DateRange[] = [
  { from: '2026-03-09', to: '2026-03-09' },
  { from: '2026-03-10', to: '2026-03-10' },
  { from: '2026-03-11', to: '2026-03-11' },
  { from: '2026-03-10', to: '2026-03-12' },
];

const player = fc.nat({ max: 4 });
const write = fc.oneof(
  fc.record({
    op: fc.constant('transfer' as const),
    player,
    kind: fc.constantFrom(...ledgerKinds),
    toPlayer: fc.boolean(),
    amount: fc.integer({ min: 1, max: 1000 }),
    at: instant,
  }),
  fc.record({
    op: fc.constant('round' as const),
    player,
    bet: fc.integer({ min: 0, max: 500 }),
    win: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 900 })),
    at: instant,
  }),
  fc.record({
    op: fc.constant('roundGrows' as const),
    pick: fc.nat(),
    bet: fc.integer({ min: 0, max: 100 }),
    win: fc.integer({ min: 0, max: 300 }),
  }),
  fc.record({ op: fc.constant('roundDeleted' as const), pick: fc.nat() }),
  fc.record({
    op: fc.constant('order' as const),
    table: fc.constantFrom<OrderTable>('deposit_orders', 'withdrawals'),
    player,
    status: fc.nat({ max: 7 }),
    amount: fc.integer({ min: 1, max: 5000 }),
    at: instant,
  }),
  fc.record({
    op: fc.constant('orderStatus' as const),
    table: fc.constantFrom<OrderTable>('deposit_orders', 'withdrawals'),
    pick: fc.nat(),
    status: fc.nat({ max: 7 }),
  }),
  fc.record({
    op: fc.constant('orderDeleted' as const),
    table: fc.constantFrom<OrderTable>('deposit_orders', 'withdrawals'),
    pick: fc.nat(),
  }),
);

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
  await server.db.execute(
    sql`insert into ledger_accounts (kind, code, currency, created_at) values ('house', 'adjustments', 'COIN', now()) on conflict do nothing`,
  );
});

afterAll(async () => {
  await server?.close();
});

/** Runs the statement and answers its rows. */
const rows = <T>(statement: ReturnType<typeof sql>) => queryRows<T>(server.db, statement);

/** The team totals counted from the rows themselves, as the day totals' rules say. */
function recounted(codes: string[]) {
  return sql`select agent_code, day::text, item, sum(count)::bigint as count, sum(amount)::bigint as amount from (
      select u.agent_code, ((e.created_at at time zone 'UTC') + interval '9 hours')::date as day,
        t.kind || case when e.amount > 0 then '+' else '-' end as item, 1 as count, abs(e.amount) as amount
      from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_transfers t on t.id = e.transfer_id
        join users u on u.id = a.user_id
      where a.kind = 'player' and a.currency = 'COIN' and t.kind in ('deposit', 'depositRefund', 'withdrawal', 'withdrawalRefund',
        'rebate', 'promotion', 'agentTransferIn', 'agentTransferOut')
      union all
      select u.agent_code, ((r.played_at at time zone 'UTC') + interval '9 hours')::date, 'rounds', 1, r.bet_amount
      from game_records r join users u on u.id = r.user_id
      union all
      select u.agent_code, ((r.played_at at time zone 'UTC') + interval '9 hours')::date, 'wins', (r.win_amount > 0)::integer, r.win_amount
      from game_records r join users u on u.id = r.user_id
      union all
      select u.agent_code, ((o.created_at at time zone 'UTC') + interval '9 hours')::date, 'depositOrder:' || o.status, 1, o.amount
      from deposit_orders o join users u on u.id = o.user_id
      union all
      select u.agent_code, ((w.created_at at time zone 'UTC') + interval '9 hours')::date, 'withdrawal:' || w.status, 1, w.amount
      from withdrawals w join users u on u.id = w.user_id
    ) counted where agent_code in ${codes} group by agent_code, day, item having sum(count) <> 0 or sum(amount) <> 0
    order by agent_code, day, item`;
}

function kept(codes: string[]) {
  return sql`select agent_code, day::text, item, sum(count)::bigint as count, sum(amount)::bigint as amount
    from agent_team_days where agent_code in ${codes}
    group by agent_code, day, item having sum(count) <> 0 or sum(amount) <> 0 order by agent_code, day, item`;
}

describe('agent team day totals', () => {
  it('always equal the rows they count, and a team report equals its members’ rows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 30 }), async (writes) => {
        const nonce = randomBytes(4).toString('hex');
        const codes = [`A${nonce}`, `B${nonce}`];
        const agents: number[] = [];
        for (const code of codes) {
          const [agent] = await rows<{ id: number }>(
            sql`insert into users (username, is_agent, referral_code, registered_at)
              values (${`agent${code}`}, true, ${code}, now()) returning id`,
          );
          agents.push(Number(agent?.id));
        }
        // Two members of the first agent, one of the second, one of neither; the fifth is the first agent.
        const players: number[] = [];
        for (const [index, code] of [codes[0], codes[0], codes[1], null].entries()) {
          const [member] = await rows<{ id: number }>(
            sql`insert into users (username, agent_code, registered_at) values (${`m${index}x${nonce}`}, ${code}, now()) returning id`,
          );
          players.push(Number(member?.id));
        }
        players.push(agents[0] as number);
        const cards = new Map<number, number>();
        for (const [index, userId] of players.entries()) {
          const [card] = await rows<{ id: number }>(
            sql`insert into bank_cards (user_id, bank_code, card_number, branch_code, branch_name, holder_first_name, holder_last_name,
                holder_pinyin_name, is_default, created_at, updated_at)
              values (${userId}, '0001', ${`${nonce}${index}`}, '100', 'Test', 'Taro', 'Test', 'TEST TARO', true, now(), now()) returning id`,
          );
          cards.set(userId, Number(card?.id));
        }
        const rounds: number[] = [];
        const orders: Record<OrderTable, number[]> = { deposit_orders: [], withdrawals: [] };
        let serial = 0;
        const account = (userId: number) =>
          sql`(select id from ledger_accounts where user_id = ${userId} and currency = 'COIN')`;
        const adjustments = sql`(select id from ledger_accounts where code = 'adjustments' and currency = 'COIN')`;
        const postTransfer = async (
          from: ReturnType<typeof sql>,
          to: ReturnType<typeof sql>,
          amount: number,
          kind: string,
          at: string,
        ) => {
          serial += 1;
          await server.db.transaction(async (tx) => {
            const [posted] = await queryRows<{ id: number; from: number; to: number }>(
              tx,
              sql`insert into ledger_transfers (from_account_id, to_account_id, amount, currency, kind, two_phase, state, actor,
                  idempotency_key, params_hash, reason, metadata, created_at, settled_at)
                values (${from}, ${to}, ${amount}, 'COIN', ${kind}, false, 'posted', 'system', ${`days-${nonce}-${serial}`}, 'test',
                  'team days property', '{}', ${at}, ${at})
                returning id, from_account_id as "from", to_account_id as "to"`,
            );
            await tx.execute(
              sql`insert into ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
                values (${posted?.id}, ${posted?.from}, ${-amount}, 0, ${at}), (${posted?.id}, ${posted?.to}, ${amount}, 0, ${at})`,
            );
          });
        };
        for (const userId of players) {
          await server.db.execute(
            sql`insert into ledger_accounts (kind, user_id, currency, created_at) values ('player', ${userId}, 'COIN', now())`,
          );
          await postTransfer(adjustments, account(userId), 1_000_000, 'adjustment', new Date(base).toISOString());
        }

        for (const step of writes) {
          if (step.op === 'transfer') {
            const userId = players[step.player] as number;
            await postTransfer(
              step.toPlayer ? adjustments : account(userId),
              step.toPlayer ? account(userId) : adjustments,
              step.amount,
              step.kind,
              step.at,
            );
          } else if (step.op === 'round') {
            const [round] = await rows<{ id: number }>(
              sql`insert into game_records (user_id, game_name, machine_id, bet_amount, win_amount, played_at)
                values (${players[step.player]}, 'Test Slot', 'M-1', ${step.bet}, ${step.win}, ${step.at}) returning id`,
            );
            rounds.push(Number(round?.id));
          } else if (step.op === 'roundGrows' && rounds.length > 0) {
            await server.db.execute(
              sql`update game_records set bet_amount = bet_amount + ${step.bet}, win_amount = win_amount + ${step.win}
                where id = ${rounds[step.pick % rounds.length]}`,
            );
          } else if (step.op === 'roundDeleted' && rounds.length > 0) {
            const [id] = rounds.splice(step.pick % rounds.length, 1);
            await server.db.execute(sql`delete from game_records where id = ${id}`);
          } else if (step.op === 'order') {
            serial += 1;
            const userId = players[step.player] as number;
            const statuses = orderStatuses[step.table];
            const status = statuses[step.status % statuses.length];
            const sn = `T${nonce}${serial}`;
            const [order] =
              step.table === 'deposit_orders'
                ? await rows<{ id: number }>(
                    sql`insert into deposit_orders (order_sn, user_id, channel_id, mode, provider, status, yen_amount, amount, fee,
                        bank_card_id, payer_name, idempotency_key, params_hash, created_at, expires_at)
                      values (${sn}, ${userId}, 'online-bank', 'automatic', 'test', ${status}, ${step.amount}, ${step.amount}, 0,
                        ${cards.get(userId)}, 'TEST TARO', ${sn}, 'test', ${step.at}, ${step.at}) returning id`,
                  )
                : await rows<{ id: number }>(
                    sql`insert into withdrawals (order_sn, user_id, bank_card_id, bank_code, branch_code, account_number, account_holder,
                        amount, fee, payout_yen, status, hold_transfer_id, idempotency_key, params_hash, created_at)
                      values (${sn}, ${userId}, ${cards.get(userId)}, '0001', '100', '1234567', 'TEST TARO', ${step.amount}, 0,
                        ${step.amount}, ${status}, 0, ${sn}, 'test', ${step.at}) returning id`,
                  );
            orders[step.table].push(Number(order?.id));
          } else if (step.op === 'orderStatus' && orders[step.table].length > 0) {
            const statuses = orderStatuses[step.table];
            const id = orders[step.table][step.pick % orders[step.table].length];
            await server.db.execute(
              sql`update ${sql.identifier(step.table)} set status = ${statuses[step.status % statuses.length]} where id = ${id}`,
            );
          } else if (step.op === 'orderDeleted' && orders[step.table].length > 0) {
            const [id] = orders[step.table].splice(step.pick % orders[step.table].length, 1);
            await server.db.execute(sql`delete from ${sql.identifier(step.table)} where id = ${id}`);
          }
        }

        expect(await rows(kept(codes))).toEqual(await rows(recounted(codes)));
        const membersOf = [players.slice(0, 2), players.slice(2, 3)];
        for (const [index, agentId] of agents.entries()) {
          for (const period of [undefined, ...days]) {
            const team = await movementTotals({ db: server.db }, { agentId }, period);
            const members = await movementTotals(
              { db: server.db },
              { memberIds: membersOf[index] as number[] },
              period,
            );
            for (const type of teamReportTypes)
              expect(team.team[type], `${type} ${period?.from}`).toEqual(members.team[type]);
          }
        }
      }),
      { numRuns: 30 },
    );
  });

  it('count a day as record searches do, in Japan time', () => {
    expect(recordDayOf(new Date(base))).toBe('2026-03-10');
    expect(recordDayOf(new Date(base + 60_000))).toBe('2026-03-11');
  });
});
