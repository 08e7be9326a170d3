// The business at a glance: the money and the players of each Japan-time day of the last 30, and
// today, the last 7 and the last 30 days each against the same span just before it. Every money
// figure is read from the players' coin accounts in the ledger, so the overview and the ledger
// cannot disagree.
import * as v from 'valibot';
import { deskRoles } from './admin-roles';
import { emptyBody, endpoint, isoDate } from './endpoint';
import { amount, signedAmount } from './money';

/** The days the overview's charts show, today last. */
export const overviewDays = 30;

export const overviewPeriods = ['today', 'last7Days', 'last30Days'] as const;
export type OverviewPeriod = (typeof overviewPeriods)[number];
/** How many days, today included, each period spans; its comparison is the same number of days before it. */
export const overviewPeriodDays = { today: 1, last7Days: 7, last30Days: 30 } as const satisfies Record<
  OverviewPeriod,
  number
>;

export const overviewFigureKeys = [
  'deposits',
  'withdrawals',
  'grossGamingRevenue',
  'bonuses',
  'netRevenue',
  'registrations',
  'firstDeposits',
  'activePlayers',
] as const;
export type OverviewFigureKey = (typeof overviewFigureKeys)[number];

/**
 * One span's figures. Deposits: coins credited for deposits of every channel, less refunds.
 * Withdrawals: coins of approved withdrawals, less payouts that failed and came back. Gross gaming
 * revenue: bets less wins and rollbacks. Bonuses: promotions and agent rebates paid. Net revenue:
 * gross gaming revenue less bonuses. Registrations: new player accounts. First deposits: players
 * whose first deposit it was. Active players: players who bet at least once (over a period, each
 * counted once).
 */
const overviewFigures = v.object({
  deposits: signedAmount,
  withdrawals: signedAmount,
  grossGamingRevenue: signedAmount,
  bonuses: signedAmount,
  netRevenue: signedAmount,
  registrations: amount,
  firstDeposits: amount,
  activePlayers: amount,
});
export type OverviewFigures = v.InferOutput<typeof overviewFigures>;

const overviewDay = v.intersect([v.object({ day: isoDate }), overviewFigures]);
export type OverviewDay = v.InferOutput<typeof overviewDay>;

export const adminOverview = endpoint({
  path: '/v2/admin/overview',
  access: 'admin',
  roles: deskRoles.moneyRead,
  summary:
    "The business at a glance: each of the last 30 days' money and players, and today, 7 and 30 days against the span before",
  body: emptyBody,
  data: v.object({
    /** Today in Japan time. */
    today: isoDate,
    days: v.array(overviewDay),
    periods: v.array(
      v.object({ period: v.picklist(overviewPeriods), current: overviewFigures, previous: overviewFigures }),
    ),
  }),
});
