// The desk's reports: a period's money broken down by day, game, provider, agent or payment
// channel. Every figure is summed from the players' coin entries in the ledger, so each report's
// rows add up to the ledger's totals for the period, whichever way it is cut.
import * as v from 'valibot';
import { deskRoles } from './admin-roles';
import { dateRange, endpoint } from './endpoint';
import { amount, signedAmount } from './money';

export const reportDimensions = ['day', 'game', 'provider', 'agent', 'channel'] as const;
export type ReportDimension = (typeof reportDimensions)[number];

export const reportMeasures = [
  'deposits',
  'withdrawals',
  'bets',
  'wins',
  'rollbacks',
  'grossGamingRevenue',
  'bonuses',
  'netRevenue',
  'players',
] as const;
export type ReportMeasure = (typeof reportMeasures)[number];

/**
 * The measures each report shows: a game is played, not paid into, so the game and provider reports
 * leave out deposits, withdrawals and bonuses; a payment channel only carries deposits and withdrawals.
 */
const playedMeasures = ['bets', 'wins', 'rollbacks', 'grossGamingRevenue', 'players'] as const;

export const reportMeasuresOf = {
  day: reportMeasures,
  game: playedMeasures,
  provider: playedMeasures,
  agent: reportMeasures,
  channel: ['deposits', 'withdrawals', 'players'],
} as const satisfies Record<ReportDimension, readonly ReportMeasure[]>;

/**
 * Deposits: coins credited for deposits, less refunds. Withdrawals: coins of approved withdrawals,
 * less payouts that failed and came back. Bets: stakes. Wins: winnings paid. Rollbacks: what undone
 * bets and wins gave back to players (negative when a win was taken back). Gross gaming revenue:
 * bets less wins and rollbacks. Bonuses: promotions and agent rebates paid. Net revenue: gross gaming
 * revenue less bonuses. Players: different players with any of these in the row (the totals count
 * each player once, so they are not the rows' sum).
 */
const reportFigures = v.object({
  deposits: signedAmount,
  withdrawals: signedAmount,
  bets: signedAmount,
  wins: signedAmount,
  rollbacks: signedAmount,
  grossGamingRevenue: signedAmount,
  bonuses: signedAmount,
  netRevenue: signedAmount,
  players: amount,
});
export type ReportFigures = v.InferOutput<typeof reportFigures>;

const reportRow = v.intersect([
  v.object({
    /**
     * What the row is of: the day (YYYY-MM-DD, Japan time), the game's id, the provider's id, the
     * agent's user id or the channel's id. Empty for what has none: money of players with no agent,
     * rounds from before the wallet named their game.
     */
    key: v.string(),
    /** The row's name in the reader's language (the game's, the agent's user name, the channel's). */
    label: v.string(),
  }),
  reportFigures,
]);
export type ReportRow = v.InferOutput<typeof reportRow>;

export const adminReport = endpoint({
  path: '/v2/admin/reports',
  access: 'admin',
  roles: deskRoles.moneyRead,
  summary: "A period's money by day, game, provider, agent or payment channel, with the totals, all from the ledger",
  body: v.object({ dimension: v.picklist(reportDimensions), period: dateRange }),
  data: v.object({
    dimension: v.picklist(reportDimensions),
    rows: v.array(reportRow),
    totals: reportFigures,
  }),
});
