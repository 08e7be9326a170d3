import * as v from 'valibot';
import { dateRange, endpoint, isoDateTime, listQuery, pageOf } from './endpoint';
import { amount, signedAmount } from './money';
import { singleLine } from './plain-text';

const gameNameFilter = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, 'validation.keyword'), singleLine));

/** Bets, wins and profit/loss are in game coins. */
const gameRecord = v.object({
  id: v.number(),
  gameName: v.string(),
  machineId: v.string(),
  betAmount: amount,
  winAmount: amount,
  profitLoss: signedAmount,
  playedAt: isoDateTime,
  /** Where the round can be recomputed from its seeds (the studio's rounds), or null. */
  verifyUrl: v.nullable(v.string()),
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

const balanceMovement = v.object({
  /** The ledger entry. */
  id: v.number(),
  /**
   * What moved the coins: 'deposit', 'depositRefund', 'withdrawal', 'withdrawalRefund', and the
   * kinds other areas write (games, promotions). A move between an agent and a member is named from
   * this player's side: 'agentTransferIn' when the coins came to them, 'agentTransferOut' when they left.
   */
  kind: v.string(),
  /** Positive when coins came in, negative when they went out. */
  amount: signedAmount,
  balanceAfter: amount,
  /** The order number behind the movement, or an agent move's transfer number (`transferSn`). */
  reference: v.nullable(v.string()),
  createdAt: isoDateTime,
});
export type BalanceMovement = v.InferOutput<typeof balanceMovement>;

export const balanceMovementQuery = endpoint({
  path: '/v2/app/record/balance/query',
  access: 'user',
  summary:
    'The player’s balance movements in game coins, newest first, with the balance after each and the totals in and out',
  body: v.optional(
    listQuery({ kind: v.optional(v.pipe(v.string(), v.regex(/^[a-z][A-Za-z0-9.]{0,63}$/, 'validation.kind'))) }),
    {},
  ),
  data: v.object({
    ...pageOf(balanceMovement).entries,
    /** Coins in and out over every movement the filters match, all pages. */
    credited: amount,
    debited: amount,
  }),
});
