import { teamMemberReportPage, teamRechargePage, teamStatisticsQuery, teamWithdrawalPage } from '@contract/agent';
import { userInfo } from '@contract/auth';
import { type DateRange, recordDayOf } from '@contract/endpoint';
import { systemClock } from '@server/clock';
import type { Database } from '@server/db/client';
import { type DatabaseConfig, openDatabase } from '@server/db/client';
import { seedDatabase } from '@server/db/seed';
import { defaultSessionLifetimes } from '@server/modules/auth/context';
import { startSession } from '@server/modules/auth/sessions';
import { sql } from 'drizzle-orm';
import { startTarget } from './target-process';
import { percentile, xsrfHeaders } from './throughput';

/**
 * The agent report figure: one agent with a big team (10,000 members) and 200,000 of the team's
 * records (deposits, withdrawals, game rounds and agent moves) seeded straight in SQL, then the
 * report calls' p95 against `/v2/app/user/info`'s p95 in the same run, in alternating one-second
 * slices. Before the load it prints the plans of the reports' statements and names any sequential
 * scan of a big table in them.
 */

export interface AgentReportSettings {
  members: number;
  /** Per member: 4 deposit orders (3 paid), 2 withdrawals, 12 rounds, 2 moves = 20 records. */
  connections: number;
  warmUpSeconds: number;
  durationSeconds: number;
}

export interface CallFigure {
  name: string;
  p95Ms: number;
  requests: number;
  ratio: number;
}

export interface AgentReportFigures {
  userInfoP95Ms: number;
  calls: CallFigure[];
  seedSeconds: number;
  records: number;
  plans: { name: string; plan: string; seqScans: string[] }[];
}

const agentCode = 'BENCHAGENT';
/** The records span the last 60 days; the reports are read over the last 30, as an agent would. */
const spanDays = 60;
const periodDays = 30;

/**
 * One seeded team: an agent (none for `agent: false`, players who signed up without a code) and its
 * members with their records. `tag` keeps each team's names, order numbers and keys apart.
 */
interface SeededTeam {
  tag: string;
  code: string;
  members: number;
  agent: boolean;
  /** The measured team's card numbers and order numbers start after the others'. */
  offset: number;
}

/** Statements run in order; each group in its own transaction (a posted transfer needs its entries by commit). */
function seedStatements(team: SeededTeam): string[][] {
  const pieces = teamSql(team);
  return [
    membersStatements(team),
    depositStatements(team, pieces),
    ...(team.agent ? [agentMoveStatements(team, pieces)] : []),
    withdrawalStatements(team, pieces),
    roundAndSignInStatements(team, pieces),
  ];
}

/** The SQL pieces a team's records are written with: transfers with their entries, accounts, and times. */
function teamSql(team: SeededTeam) {
  const { tag, code, members, offset } = team;
  const hash = `bench-${tag}`;
  const credit = (kind: string, from: string, to: string, amount: string, at: string, key: string, series: string) =>
    `insert into ledger_transfers (from_account_id, to_account_id, amount, currency, kind, two_phase, state, actor,
       idempotency_key, params_hash, reason, metadata, created_at, settled_at)
     select ${from}, ${to}, ${amount}, 'COIN', '${kind}', false, 'posted', 'system', '${tag}-' || ${key}, '${hash}', 'bench seed', '{}', ${at}, ${at}
     from ${series}`;
  const entries = (kind: string) =>
    `insert into ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
     select t.id, leg.account_id, leg.amount, 0, t.created_at
     from ledger_transfers t cross join lateral (values (t.from_account_id, -t.amount), (t.to_account_id, t.amount)) leg (account_id, amount)
     where t.kind = '${kind}' and t.params_hash = '${hash}' order by t.id, leg.amount`;
  const member = (index: string) => `(select id from bench_members where n = ${index})`;
  const account = (user: string) => `(select id from ledger_accounts where user_id = ${user} and currency = 'COIN')`;
  const house = (name: string) => `(select id from ledger_accounts where code = '${name}' and currency = 'COIN')`;
  const agentAccount = account(`(select id from users where referral_code = '${code}')`);
  // Each team's records spread over the same days, each member's at different seconds.
  const at = (index: string) =>
    `now() - (((${index}) * 7919 + ${offset}) % (${spanDays} * 86400)) * interval '1 second'`;
  const memberOf = (index: string) => `m.n = (${index} - 1) % ${members} + 1`;
  return { credit, entries, member, account, house, agentAccount, at, memberOf };
}

type TeamSql = ReturnType<typeof teamSql>;

/** The agent (when the team has one), its members, their accounts and bank cards, and the house accounts. */
function membersStatements({ tag, code, members, offset, agent }: SeededTeam): string[] {
  return [
    ...(agent
      ? [
          `insert into users (username, is_agent, referral_code, registered_at) values ('bench${tag}', true, '${code}', now() - interval '120 days')`,
        ]
      : []),
    `insert into users (username, agent_code, registered_at, last_login_at)
     select 'bench${tag}m' || g, ${agent ? `'${code}'` : 'null'}, now() - ((g * 7919 + ${offset}) % (120 * 86400)) * interval '1 second', now() - (g % 30) * interval '1 day'
     from generate_series(1, ${members}) g`,
    `create table bench_members as select row_number() over (order by id) as n, id from users where username like 'bench${tag}m%'`,
    `create unique index on bench_members (n)`,
    `insert into ledger_accounts (kind, user_id, currency, created_at)
     select 'player', id, 'COIN', now() from users where username like 'bench${tag}%'`,
    `insert into ledger_accounts (kind, code, currency, created_at)
     select 'house', code, 'COIN', now() from unnest(array['depositsClearing', 'withdrawalsInFlight', 'adjustments']) code
     on conflict do nothing`,
    `insert into bank_cards (user_id, bank_code, card_number, branch_code, branch_name, holder_first_name, holder_last_name,
       holder_pinyin_name, is_default, created_at, updated_at)
     select id, '0001', lpad((n + ${offset})::text, 7, '0'), '100', 'Bench', 'Taro', 'Bench', 'BENCH TARO', true, now(), now() from bench_members`,
  ];
}

/** Four orders a member, the first three paid (a ledger credit each), the fourth still pending. */
function depositStatements(
  { tag, members }: SeededTeam,
  { credit, entries, member, account, house, at, memberOf }: TeamSql,
): string[] {
  return [
    `insert into deposit_orders (order_sn, user_id, channel_id, mode, provider, status, yen_amount, amount, fee, bank_card_id,
       payer_name, idempotency_key, params_hash, created_at, expires_at, paid_at)
     select 'BD${tag}-' || i, m.id, 'online-bank', 'automatic', 'bench', case when i <= ${members * 3} then 'paymentSuccessful' else 'pendingPayment' end,
       1000 + (i % 50) * 100, 1000 + (i % 50) * 100, 0, c.id, 'BENCH TARO', '${tag}-deposit-' || i, 'bench', ${at('i')}, ${at('i')} + interval '30 minutes',
       case when i <= ${members * 3} then ${at('i')} end
     from generate_series(1, ${members * 4}) i
     join bench_members m on ${memberOf('i')}
     join bank_cards c on c.user_id = m.id`,
    credit(
      'deposit',
      house('depositsClearing'),
      account(member(`(i - 1) % ${members} + 1`)),
      '1000 + (i % 50) * 100',
      at('i'),
      `'deposit-' || i`,
      `generate_series(1, ${members * 3}) i`,
    ),
    entries('deposit'),
  ];
}

/** The agent's float, then one move to and one back from each member. */
function agentMoveStatements(
  { members }: SeededTeam,
  { credit, entries, member, account, house, agentAccount, at }: TeamSql,
): string[] {
  return [
    credit(
      'adjustment',
      house('adjustments'),
      agentAccount,
      '100000000',
      "now() - interval '90 days'",
      `'float'`,
      'generate_series(1, 1) i',
    ),
    entries('adjustment'),
    credit(
      'agentTransferIn',
      agentAccount,
      account(member('i')),
      '200',
      at('i + 3'),
      `'move-in-' || i`,
      `generate_series(1, ${members}) i`,
    ),
    entries('agentTransferIn'),
    credit(
      'agentTransferOut',
      account(member('i')),
      agentAccount,
      '100',
      at('i + 5'),
      `'move-out-' || i`,
      `generate_series(1, ${members}) i`,
    ),
    entries('agentTransferOut'),
  ];
}

/** Two withdrawals a member: seven in ten paid out (posted), two under review, one failed. */
function withdrawalStatements(
  { tag, members }: SeededTeam,
  { credit, entries, member, account, house, at, memberOf }: TeamSql,
): string[] {
  return [
    credit(
      'withdrawal',
      account(member(`(i - 1) % ${members} + 1`)),
      house('withdrawalsInFlight'),
      '500 + (i % 10) * 50',
      at('i + 11'),
      `'withdrawal-' || i`,
      `generate_series(1, ${members * 2}) i where ((i - 1) % ${members}) % 10 < 7`,
    ),
    entries('withdrawal'),
    `insert into withdrawals (order_sn, user_id, bank_card_id, bank_code, branch_code, account_number, account_holder, amount, fee,
       payout_yen, status, hold_transfer_id, idempotency_key, params_hash, created_at)
     select 'BW${tag}-' || i, m.id, c.id, '0001', '100', c.card_number, 'BENCH TARO', 500 + (i % 10) * 50, 0, 500 + (i % 10) * 50,
       case when (i - 1) % ${members} % 10 < 7 then 'withdrawalSuccessful' when (i - 1) % ${members} % 10 < 9 then 'withdrawalReview' else 'withdrawalFailed' end,
       coalesce((select t.id from ledger_transfers t where t.actor = 'system' and t.idempotency_key = '${tag}-withdrawal-' || i), 0),
       '${tag}-withdrawal-' || i, 'bench', ${at('i + 11')}
     from generate_series(1, ${members * 2}) i
     join bench_members m on ${memberOf('i')}
     join bank_cards c on c.user_id = m.id`,
  ];
}

/** Twelve game rounds a member, and two sign-ins as the audit log keeps them. */
function roundAndSignInStatements({ members }: SeededTeam, { at, memberOf }: TeamSql): string[] {
  return [
    `insert into game_records (user_id, game_name, machine_id, bet_amount, win_amount, played_at)
     select m.id, 'Bench Slot', 'M-' || (i % 40), 10 + (i % 10) * 10, case when i % 3 = 0 then (i % 7) * 30 else 0 end, ${at('i + 17')}
     from generate_series(1, ${members * 12}) i
     join bench_members m on ${memberOf('i')}`,
    // Two sign-ins a member, as the audit log keeps them: the statistics count who was active.
    `insert into audit_log (at, actor, action, subject, reason)
     select ${at('i + 23')}, 'user:' || m.id, 'signIn.success', 'user:' || m.id, 'bench seed'
     from generate_series(1, ${members * 2}) i
     join bench_members m on ${memberOf('i')}`,
    'drop table bench_members',
  ];
}

/**
 * The site around the measured team: four other agents' teams and as many players who joined
 * without a code, each member with the same mix of records (the players without an agent have no
 * agent moves). Together they hold twice the measured team's members and records, so the team is a
 * third of every table, and its reports have indexes to use.
 */
function siteTeams(members: number): SeededTeam[] {
  const others = 4;
  const size = Math.round(members / others);
  const teams: SeededTeam[] = Array.from({ length: others }, (_, index) => ({
    tag: `t${index + 1}`,
    code: `BENCHTEAM${index + 1}`,
    members: size,
    agent: true,
    offset: index * size,
  }));
  teams.push({ tag: 'solo', code: '', members: size * others, agent: false, offset: others * size });
  teams.push({ tag: 'agent', code: agentCode, members, agent: true, offset: 2 * others * size });
  return teams;
}

/** Records seeded per member: deposit orders, withdrawals, rounds and agent moves (and two sign-ins besides). */
const recordsPerMember = 4 + 2 + 12 + 2;

function formatSite(teams: SeededTeam[]): string {
  const members = teams.reduce((sum, team) => sum + team.members, 0);
  const records = teams.reduce((sum, team) => sum + team.members * (recordsPerMember - (team.agent ? 0 : 2)), 0);
  return `${members} players and ${records} records`;
}

/** The reports' statements as the services write them, for EXPLAIN (bind values inlined). */
function reportStatements(
  agentId: number,
  period: DateRange,
  from: string,
  to: string,
): { name: string; text: string }[] {
  const code = `(select agent.referral_code from users agent where agent.id = ${agentId})`;
  const pageOfMembers = `(select id from users where agent_code = ${code} order by registered_at desc, id desc limit 20)`;
  const between = (column: string) => `${column} >= '${from}'::timestamptz and ${column} < '${to}'::timestamptz`;
  return [
    {
      name: 'team day totals (statistics; deposit and withdrawal totals)',
      text: `select item, sum(count), sum(amount) from agent_team_days
        where agent_code = ${code} and day >= '${period.from}' and day <= '${period.to}' group by item`,
    },
    {
      name: 'team balance, registrations, active members (statistics)',
      text: `select coalesce(sum((select balance from ledger_accounts where ledger_accounts.user_id = users.id and ledger_accounts.currency = 'COIN')), 0),
          count(*) filter (where users.registered_at >= '${from}' and users.registered_at < '${to}'),
          count(*) filter (where exists (select 1 from audit_log where audit_log.subject = 'user:' || users.id and audit_log.action = 'signIn.success' and ${between('audit_log.at')})
            or exists (select 1 from game_records where game_records.user_id = users.id and ${between('game_records.played_at')}))
        from users
        where users.agent_code = ${code}`,
    },
    {
      name: 'member page (report)',
      text: `select id, username, is_agent from users where agent_code = ${code} order by registered_at desc, id desc limit 20`,
    },
    {
      name: 'a page of members’ money (report)',
      text: `select ledger_accounts.user_id, ledger_transfers.kind, count(*), coalesce(sum(abs(ledger_entries.amount)), 0) from ledger_entries
        inner join ledger_accounts on ledger_accounts.id = ledger_entries.account_id
        inner join ledger_transfers on ledger_transfers.id = ledger_entries.transfer_id
        where ledger_accounts.kind = 'player' and ledger_accounts.currency = 'COIN' and ledger_accounts.user_id in ${pageOfMembers}
          and ((ledger_transfers.kind = 'deposit' and ledger_entries.amount > 0) or (ledger_transfers.kind = 'withdrawal' and ledger_entries.amount < 0))
          and ${between('ledger_entries.created_at')}
        group by ledger_accounts.user_id, ledger_transfers.kind`,
    },
    {
      name: 'a page of members’ rounds (report)',
      text: `select user_id, count(*), coalesce(sum(bet_amount), 0), count(*) filter (where win_amount > 0), coalesce(sum(win_amount), 0)
        from game_records where user_id in ${pageOfMembers} and ${between('played_at')} group by user_id`,
    },
    {
      name: 'team deposits page (yen orders and crypto deposits in one list)',
      text: `select deposits.*, users.username from (
          (select 'fiat' as deposit_source, id as deposit_id, user_id as deposit_user_id, status as deposit_status,
            amount as deposit_amount, created_at as deposit_created_at from deposit_orders)
          union all
          (select 'crypto', id, user_id, status, coins, created_at from crypto_deposits)
        ) deposits inner join users on users.id = deposits.deposit_user_id
        where users.agent_code = ${code} and ${between('deposits.deposit_created_at')}
        order by deposits.deposit_created_at desc, deposits.deposit_id desc, deposits.deposit_source asc limit 20`,
    },
    {
      name: 'team crypto deposit totals (beside the day totals of the yen orders)',
      text: `select deposit_status, count(*), coalesce(sum(deposit_amount), 0) from (
          (select 'fiat' as deposit_source, user_id as deposit_user_id, status as deposit_status, amount as deposit_amount,
            created_at as deposit_created_at from deposit_orders)
          union all
          (select 'crypto', user_id, status, coins, created_at from crypto_deposits)
        ) deposits inner join users on users.id = deposits.deposit_user_id
        where users.agent_code = ${code} and deposits.deposit_source = 'crypto' and ${between('deposits.deposit_created_at')}
        group by deposit_status`,
    },
    {
      name: 'team withdrawals page',
      text: `select withdrawals.*, users.username from withdrawals inner join users on users.id = withdrawals.user_id
        where users.agent_code = ${code} and ${between('withdrawals.created_at')}
        order by withdrawals.created_at desc, withdrawals.id desc limit 20`,
    },
  ];
}

/** Tables large enough that a sequential scan of them would not keep the reports fast as the site grows. */
const bigTables = [
  'ledger_entries',
  'ledger_transfers',
  'game_records',
  'deposit_orders',
  'withdrawals',
  'audit_log',
  'agent_team_days',
];

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function lastDays(days: number): DateRange {
  const today = recordDayOf(new Date());
  const from = recordDayOf(new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * 86_400_000 + 9 * 3_600_000));
  return { from, to: today };
}

/** Seeds the team, prints and checks the plans, opens the agent's and a member's session. */
async function prepare(config: DatabaseConfig, settings: AgentReportSettings, log: (line: string) => void) {
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await seedDatabase(database.db);
    const db: Database = database.db;
    const seedStarted = performance.now();
    const teams = siteTeams(settings.members);
    for (const team of teams) {
      for (const group of seedStatements(team)) {
        await db.transaction(async (tx) => {
          for (const statement of group) await tx.execute(sql.raw(statement));
        });
      }
    }
    // As autovacuum would have left a site's tables: the seed's own dead rows vacuumed, statistics fresh.
    await db.execute(sql.raw('vacuum analyze'));
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    log(
      `  seeded ${settings.members} members and ${settings.members * recordsPerMember} records in the measured team, ` +
        `${formatSite(teams)} in all, in ${seedSeconds.toFixed(1)} s`,
    );
    const [agent] = rowsOf<{ id: number }>(
      await db.execute(sql.raw(`select id from users where referral_code = '${agentCode}'`)),
    );
    if (!agent) throw new Error('the bench agent was not seeded');
    const period = lastDays(periodDays);
    const from = new Date(`${period.from}T00:00:00+09:00`).toISOString();
    const to = new Date(Date.parse(`${period.to}T00:00:00+09:00`) + 86_400_000).toISOString();
    const plans = [];
    for (const statement of reportStatements(Number(agent.id), period, from, to)) {
      const lines = rowsOf<Record<string, string>>(await db.execute(sql.raw(`explain ${statement.text}`))).map(
        (row) => Object.values(row)[0] as string,
      );
      const plan = lines.join('\n');
      const seqScans = bigTables.filter((table) => new RegExp(`Seq Scan on ${table}\\b`).test(plan));
      plans.push({ name: statement.name, plan, seqScans });
    }
    const now = systemClock.now();
    const open = (userId: number) =>
      startSession(db, { userId, remember: true, now, clientAddress: '127.0.0.1', lifetimes: defaultSessionLifetimes });
    const agentSession = await open(Number(agent.id));
    return { agentToken: agentSession.token, period, plans, seedSeconds };
  } finally {
    await database.close();
  }
}

interface Request {
  name: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  expectedBody: string;
}

/**
 * `connections` closed loops of one call for about `seconds`: each waits for its answer before the
 * next, and a call started in time is awaited (a report can take longer than a slice). Latencies in
 * ms; any answer other than the one probed fails the figure.
 */
async function loadFor(request: Request, connections: number, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const sent = performance.now();
        const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
        const text = await response.text();
        if (text !== request.expectedBody) throw new Error(`${request.name} answered otherwise: ${text.slice(0, 300)}`);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  return latencies;
}

function p95Of(latencies: number[]): { p95Ms: number; requests: number } {
  const sorted = Float64Array.from(latencies).sort();
  return { p95Ms: percentile(sorted, 0.95), requests: sorted.length };
}

/**
 * Seeds the database of `config` (a fresh PGlite directory or a scratch PostgreSQL database), then
 * runs the app on it (`appEnv`) and measures.
 */
export async function measureAgentReports(
  config: DatabaseConfig,
  appEnv: Record<string, string>,
  settings: AgentReportSettings,
  log: (line: string) => void,
): Promise<AgentReportFigures> {
  const prepared = await prepare(config, settings, log);
  const app = await startTarget('app', appEnv);
  try {
    const headers = {
      'content-type': 'application/json',
      'accept-language': 'ja-JP',
      ...(await xsrfHeaders(app.url)),
      token: prepared.agentToken,
    };
    const period = prepared.period;
    const calls = [
      { name: 'user/info', path: userInfo.path, body: {} },
      { name: 'team statistics, 30 days', path: teamStatisticsQuery.path, body: { period } },
      {
        name: 'member report page, 30 days',
        path: teamMemberReportPage.path,
        body: { period, pageNum: 1, pageSize: 20 },
      },
      {
        name: 'team deposits page with totals, 30 days',
        path: teamRechargePage.path,
        body: { period, pageNum: 1, pageSize: 20 },
      },
      {
        name: 'team withdrawals page with totals, 30 days',
        path: teamWithdrawalPage.path,
        body: { period, pageNum: 1, pageSize: 20 },
      },
    ];
    const requests: Request[] = [];
    for (const call of calls) {
      const url = `${app.url}${call.path}`;
      const body = JSON.stringify(call.body);
      const response = await fetch(url, { method: 'POST', headers, body });
      const text = await response.text();
      const envelope = JSON.parse(text) as { code?: number; data?: { total?: number; betCount?: number } };
      if (response.status !== 200 || envelope.code !== 200)
        throw new Error(`${call.name} answered ${response.status}: ${text.slice(0, 300)}`);
      if (call.path !== userInfo.path && !(envelope.data?.total || envelope.data?.betCount))
        throw new Error(`${call.name} found nothing to measure: ${text.slice(0, 300)}`);
      requests.push({ name: call.name, url, headers, body, expectedBody: text });
    }
    for (const request of requests) await loadFor(request, settings.connections, settings.warmUpSeconds);
    // Alternating one-second slices: every call sees the same background load.
    const latencies: number[][] = calls.map(() => []);
    for (let second = 0; second < settings.durationSeconds; second += 1) {
      for (const [index, request] of requests.entries())
        latencies[index]!.push(...(await loadFor(request, settings.connections, 1)));
    }
    const userInfoP95 = p95Of(latencies[0]!).p95Ms;
    return {
      userInfoP95Ms: userInfoP95,
      calls: calls.slice(1).map((call, index) => {
        const measured = p95Of(latencies[index + 1]!);
        return { name: call.name, ...measured, ratio: measured.p95Ms / userInfoP95 };
      }),
      seedSeconds: prepared.seedSeconds,
      records: settings.members * recordsPerMember,
      plans: prepared.plans,
    };
  } finally {
    await app.stop();
  }
}
