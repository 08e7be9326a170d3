import * as v from 'valibot';
import { dateRange, endpoint, isoDateTime, listQuery, pageOf } from './endpoint';
import { amount, signedAmount } from './money';

const gameNameFilter = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, 'validation.keyword')));

/** Bets, wins and profit/loss are in game coins. */
const gameRecord = v.object({
  id: v.number(),
  gameName: v.string(),
  machineId: v.string(),
  betAmount: amount,
  winAmount: amount,
  profitLoss: signedAmount,
  playedAt: isoDateTime,
});
export type GameRecord = v.InferOutput<typeof gameRecord>;

export const gameRecordQuery = endpoint({
  path: '/v2/app/record/game/record/query',
  access: 'user',
  summary: 'The player’s game rounds, newest first, optionally within a period and for one game',
  body: v.optional(listQuery({ gameName: gameNameFilter }), {}),
  data: pageOf(gameRecord),
});

const gameRecordTotals = v.object({
  totalBet: amount,
  totalWin: amount,
  totalProfitLoss: signedAmount,
  recordCount: v.pipe(v.number(), v.integer()),
});
export type GameRecordTotals = v.InferOutput<typeof gameRecordTotals>;

export const gameRecordCount = endpoint({
  path: '/v2/app/record/game/record/count',
  access: 'user',
  summary: 'Totals of bet, win and profit/loss and the number of rounds, under the same filters as the list',
  body: v.optional(v.object({ period: v.optional(dateRange), gameName: gameNameFilter }), {}),
  data: gameRecordTotals,
});
