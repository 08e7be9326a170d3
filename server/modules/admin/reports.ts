/**
 * The desk's reports: a period's money by day, game, provider, agent or payment channel. Every
 * figure is a sum of the players' coin entries in the ledger; a row's key is found from the
 * transfer (its provider and round, its order number) or from the player (their agent), and an
 * entry with none lands in the row with an empty key, so the rows always add up to the totals.
 */
import { type adminReport, type ReportDimension, type ReportFigures, reportMeasures } from '@contract/admin-reports';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import { users } from '@server/db/schema/auth';
import { cryptoDeposits } from '@server/db/schema/crypto';
import { depositOrders } from '@server/db/schema/deposit';
import { gameProviders, providerGames } from '@server/db/schema/hall';
import { gameRecords } from '@server/db/schema/record';
import { withdrawals } from '@server/db/schema/withdrawal';
import { pickLocalised } from '@server/localised-text';
import { channelNameOf } from '@server/modules/deposit/public';
import { periodBounds } from '@server/shared/period-bounds';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import {
  bonusKinds,
  dayOf,
  depositKinds,
  playerCoinEntries as entries,
  gameKinds,
  withdrawalKinds,
} from './business-figures';

/** What a report reads: the database, and the deposit channels' names. */
type ReportDeps = Pick<PlayerDeps, 'db'> & { settings: Pick<PlayerDeps['settings'], 'channels'> };

const paymentKinds = [...depositKinds, ...withdrawalKinds];
const everyKind = [...paymentKinds, ...gameKinds, ...bonusKinds];
const kindsOf: Record<ReportDimension, readonly string[]> = {
  day: everyKind,
  agent: everyKind,
  game: gameKinds,
  provider: gameKinds,
  channel: paymentKinds,
};

const provider = sql<string>`${entries.metadata}->>'provider'`;
const orderSn = sql<string>`${entries.metadata}->>'orderSn'`;
const agent = alias(users, 'agent');
const heldWithdrawal = alias(withdrawals, 'held_withdrawal');
const refundedWithdrawal = alias(withdrawals, 'refunded_withdrawal');

/** A crypto channel is its coin and network, as the deposits list names it; a bank payout is `bank`. */
const withdrawalChannel = (row: typeof heldWithdrawal | typeof refundedWithdrawal) =>
  sql`case when ${row.method} = 'crypto' then ${row.coin} || ':' || ${row.network} when ${row.id} is not null then 'bank' end`;

const keyed = new QueryBuilder();
const fields = {
  amount: entries.amount,
  createdAt: entries.createdAt,
  userId: entries.userId,
  kind: entries.kind,
};

/** The entries each report reads, each with the key of the row it adds to. */
const keyedEntries = {
  day: keyed
    .select({ ...fields, key: dayOf(entries.createdAt).as('key') })
    .from(entries)
    .as('keyed_entries'),
  provider: keyed
    .select({ ...fields, key: sql<string>`coalesce(${provider}, '')`.as('key') })
    .from(entries)
    .as('keyed_entries'),
  game: keyed
    .select({ ...fields, key: sql<string>`coalesce(${gameRecords.gameId}::text, '')`.as('key') })
    .from(entries)
    .leftJoin(
      gameRecords,
      and(
        eq(gameRecords.providerId, provider),
        eq(gameRecords.userId, entries.userId),
        eq(gameRecords.round, sql`${entries.metadata}->>'round'`),
      ),
    )
    .as('keyed_entries'),
  agent: keyed
    .select({ ...fields, key: sql<string>`coalesce(${agent.id}::text, '')`.as('key') })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .leftJoin(agent, eq(agent.referralCode, users.agentCode))
    .as('keyed_entries'),
  channel: keyed
    .select({
      ...fields,
      key: sql<string>`coalesce(${depositOrders.channelId}, ${cryptoDeposits.coin} || ':' || ${cryptoDeposits.network}, ${withdrawalChannel(heldWithdrawal)}, ${withdrawalChannel(refundedWithdrawal)}, '')`.as(
        'key',
      ),
    })
    .from(entries)
    .leftJoin(depositOrders, eq(depositOrders.orderSn, orderSn))
    .leftJoin(cryptoDeposits, eq(cryptoDeposits.orderSn, orderSn))
    .leftJoin(
      heldWithdrawal,
      and(eq(entries.kind, 'withdrawal'), eq(heldWithdrawal.holdTransferId, entries.transferId)),
    )
    .leftJoin(refundedWithdrawal, and(eq(entries.kind, 'withdrawalRefund'), eq(refundedWithdrawal.orderSn, orderSn)))
    .as('keyed_entries'),
};
type KeyedEntries = (typeof keyedEntries)[ReportDimension];

/** Player entries are debits when the player pays: a bet or a withdrawal counts with its sign flipped. */
function measuresOf(source: KeyedEntries) {
  const summed = (kinds: readonly string[], sign: 1 | -1) =>
    sql<string>`coalesce(sum(${source.amount}) filter (where ${inArray(source.kind, [...kinds])}), 0)${sql.raw(sign === 1 ? '' : ' * -1')}`.mapWith(
      Number,
    );
  return {
    deposits: summed(depositKinds, 1),
    withdrawals: summed(withdrawalKinds, -1),
    bets: summed(['gameBet'], -1),
    wins: summed(['gameWin'], 1),
    rollbacks: summed(['gameRollback'], 1),
    bonuses: summed(bonusKinds, 1),
    players: sql<number>`count(distinct ${source.userId})`.mapWith(Number),
  };
}

type MeasuredRow = { [Measure in keyof ReturnType<typeof measuresOf>]: number };

function figuresOf(row: MeasuredRow | undefined): ReportFigures {
  const figures = Object.fromEntries(reportMeasures.map((measure) => [measure, 0])) as ReportFigures;
  if (!row) return figures;
  Object.assign(figures, row);
  figures.grossGamingRevenue = row.bets - row.wins - row.rollbacks;
  figures.netRevenue = figures.grossGamingRevenue - row.bonuses;
  return figures;
}

/** The names the rows are shown by, looked up once per report. */
async function labelsOf(
  deps: ReportDeps,
  request: PlayerRequest,
  dimension: ReportDimension,
  keys: string[],
): Promise<Map<string, string>> {
  const labels = new Map<string, string>([['', request.t(`reports.none.${dimension}`)]]);
  const ids = keys.filter((key) => key !== '');
  if (ids.length === 0 || dimension === 'day') return labels;
  if (dimension === 'game') {
    const games = await deps.db
      .select({ id: providerGames.id, name: providerGames.name })
      .from(providerGames)
      .where(inArray(providerGames.id, ids.map(Number)));
    for (const game of games) labels.set(String(game.id), pickLocalised(game.name, request.locale));
  } else if (dimension === 'provider') {
    const providers = await deps.db
      .select({ id: gameProviders.id, name: gameProviders.name })
      .from(gameProviders)
      .where(inArray(gameProviders.id, ids));
    for (const row of providers) labels.set(row.id, row.name);
  } else if (dimension === 'agent') {
    const agents = await deps.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.id, ids.map(Number)));
    for (const row of agents) labels.set(String(row.id), row.username);
  } else {
    for (const id of ids) labels.set(id, channelLabel(deps, request, id));
  }
  return labels;
}

function channelLabel(deps: ReportDeps, request: PlayerRequest, id: string): string {
  if (id === 'bank') return request.t('reports.bankPayout');
  const [coin, network] = id.split(':');
  return network ? `${coin} (${network})` : channelNameOf(deps, id, request.locale);
}

export async function businessReport(
  deps: ReportDeps,
  request: PlayerRequest,
  body: ParsedBodyOf<typeof adminReport>,
): Promise<DataOf<typeof adminReport>> {
  const { dimension } = body;
  const { from, to } = periodBounds(body.period);
  const source = keyedEntries[dimension];
  const measures = measuresOf(source);
  const where = and(
    inArray(source.kind, [...kindsOf[dimension]]),
    gte(source.createdAt, from),
    lt(source.createdAt, to),
  );
  const [rows, [totals]] = await Promise.all([
    deps.db
      .select({ key: source.key, ...measures })
      .from(source)
      .where(where)
      .groupBy(source.key)
      .orderBy(source.key),
    deps.db.select(measures).from(source).where(where),
  ]);
  const labels = await labelsOf(
    deps,
    request,
    dimension,
    rows.map((row) => row.key),
  );
  return {
    dimension,
    rows: rows.map((row) => ({ key: row.key, label: labels.get(row.key) ?? row.key, ...figuresOf(row) })),
    totals: figuresOf(totals),
  };
}
