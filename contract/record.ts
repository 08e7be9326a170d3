import * as v from 'valibot';
import { dateRange, endpoint, isoDateTime, listQuery, pageOf } from './endpoint';
import {
  amount,
  cryptoDepositStatuses,
  manualStatuses,
  paymentStatuses,
  signedAmount,
  withdrawalStatuses,
} from './money';
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

/**
 * The ledger transfer kinds that move a player's spendable coins, as the server writes them. A move
 * between an agent and a member is named from this player's side; a kind not listed here (none is
 * written today) reads as an adjustment.
 */
export const coinTransferKinds = [
  'deposit',
  'depositRefund',
  'withdrawal',
  'withdrawalRefund',
  'agentTransferIn',
  'agentTransferOut',
  'gameBet',
  'gameWin',
  'gameRollback',
  'accountTransfer',
  'adjustment',
] as const;
export type CoinTransferKind = (typeof coinTransferKinds)[number];

/** The transfers that hold coins before they are paid: a withdrawal, a deposit's refund. */
export const coinHoldKinds = ['withdrawal', 'depositRefund'] as const;
export type CoinHoldKind = (typeof coinHoldKinds)[number];

/** What a balance movement can be: a transfer, a hold still waiting ('<kind>Hold') or one given back. */
export const balanceMovementKinds = [
  ...coinTransferKinds,
  ...coinHoldKinds.map((kind) => `${kind}Hold` as const),
  ...coinHoldKinds.map((kind) => `${kind}HoldReleased` as const),
] as const;
export type BalanceMovementKind = (typeof balanceMovementKinds)[number];

/** The status of the order behind a movement: a deposit order's, a withdrawal's, a crypto deposit's. */
export const movementOrderStatuses = [
  ...paymentStatuses,
  ...manualStatuses,
  ...withdrawalStatuses,
  ...cryptoDepositStatuses,
] as const;
export type MovementOrderStatus = (typeof movementOrderStatuses)[number];

export function isMovementOrderStatus(status: string): status is MovementOrderStatus {
  return (movementOrderStatuses as readonly string[]).includes(status);
}

/**
 * One movement of the coins a player can spend (balance minus coins held), as the user centre
 * counts them (docs/requirements.md §5.12).
 */
const balanceMovement = v.object({
  /** 'e' and the ledger entry, or 'h' (a hold made) / 'r' (a hold released) and the ledger transfer. */
  id: v.string(),
  /**
   * What moved the coins (`balanceMovementKinds`). A move between an agent and a member is named
   * from this player's side: 'agentTransferIn' when the coins came to them, 'agentTransferOut' when
   * they left. Coins held for a payment not yet made are '<kind>Hold' (e.g. 'withdrawalHold' while
   * the withdrawal is reviewed; it becomes 'withdrawal' once the coins are paid out of the hold,
   * with no second deduction), and a hold given back is '<kind>HoldReleased'.
   */
  kind: v.picklist(balanceMovementKinds),
  /** Positive when coins came in, negative when they went out (a hold takes them out). */
  amount: signedAmount,
  /** What the player could spend right after this movement: the user centre's balance at that moment. */
  balanceAfter: signedAmount,
  /** The order number behind the movement (a withdrawal's for its hold and release), else the ledger transfer number. */
  reference: v.string(),
  createdAt: isoDateTime,
  /** The status of the order behind the movement, or null when none is behind it. */
  status: v.nullable(v.picklist(movementOrderStatuses)),
  /** The order's channel: deposit channel, or bank and masked account of a withdrawal. */
  channel: v.nullable(v.string()),
  /** The order's fee in coins. */
  fee: v.nullable(amount),
  failureReason: v.nullable(v.string()),
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
