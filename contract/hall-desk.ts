// The game hall on the desk: rounds with their wallet transactions and proof, daily house profit, games and machines.
import * as v from 'valibot';
import { deskKeyword, userRef } from './admin';
import { deskRoles } from './admin-roles';
import { gameKinds, gameVolatilities } from './content';
import { dateRange, emptyBody, endpoint, isoDate, isoDateTime, listQuery, noData, pageOf, rowId } from './endpoint';
import { amount, reasonInput, signedAmount } from './money';
import { singleLine } from './plain-text';

/** Game providers' ids: lower-case letters and digits. */
const providerIdInput = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9]{1,30}$/, 'validation.provider'));

const deskGame = v.object({ id: v.number(), code: v.string(), providerId: v.string(), name: v.string() });

/** One round of a player as the wallet booked it; amounts in game coins. */
const gameRound = v.object({
  /** The round's row id on our side (the desk's detail call takes it). */
  id: v.number(),
  /** The provider's round id. */
  round: v.string(),
  user: userRef,
  game: deskGame,
  machineNumber: v.nullable(v.number()),
  betAmount: amount,
  winAmount: amount,
  /** When the round's first bet was booked, and its last change. */
  playedAt: isoDateTime,
  updatedAt: v.nullable(isoDateTime),
});
export type GameRound = v.InferOutput<typeof gameRound>;

export const adminGameRoundList = endpoint({
  path: '/v2/admin/game/round/list',
  access: 'admin',
  roles: deskRoles.gamesRead,
  summary:
    'The wallet’s rounds, newest first, by player (keyword or user id), provider, game, machine and the day they were played; with the sums of bets and wins over every matching round',
  body: v.optional(
    listQuery({
      keyword: deskKeyword,
      userId: v.optional(rowId('validation.user')),
      providerId: v.optional(providerIdInput),
      gameId: v.optional(rowId('validation.game')),
      machineId: v.optional(rowId('validation.machine')),
      round: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'validation.keyword'), singleLine)),
    }),
    {},
  ),
  data: v.object({ ...pageOf(gameRound).entries, betAmount: amount, winAmount: amount }),
});

const walletTransactionKinds = ['bet', 'win', 'rollback', 'tombstone'] as const;

const gameRoundTransaction = v.object({
  id: v.number(),
  kind: v.picklist(walletTransactionKinds),
  /** In game coins; a rollback's is what it gave back. */
  amount: amount,
  transactionUuid: v.string(),
  /** Null on rows booked before the request was kept. */
  requestUuid: v.nullable(v.string()),
  /** The transaction a win settles or a rollback undoes. */
  referenceTransactionUuid: v.nullable(v.string()),
  /** The ledger transfer that moved the coins; null when nothing moved (a free bet, a win of 0). */
  ledgerTransferId: v.nullable(v.string()),
  rolledBackAt: v.nullable(isoDateTime),
  /** The request's `meta` as the provider sent it. */
  meta: v.nullable(v.record(v.string(), v.unknown())),
  createdAt: isoDateTime,
});
export type GameRoundTransaction = v.InferOutput<typeof gameRoundTransaction>;

export const adminGameRoundDetail = endpoint({
  path: '/v2/admin/game/round/detail',
  access: 'admin',
  roles: deskRoles.gamesRead,
  summary:
    'One round with its wallet transactions (bets, wins, rollbacks) in order, the provider’s proof data and, for the studio, its verify page',
  body: v.object({ id: rowId('validation.round') }),
  data: v.object({
    round: gameRound,
    transactions: v.array(gameRoundTransaction),
    /** The provably-fair data the provider sent with the round's first bet (`meta`), when it sent any. */
    proof: v.nullable(v.record(v.string(), v.unknown())),
    /** Where anyone can recompute the round from its seeds (the product's studio only). */
    verifyUrl: v.nullable(v.string()),
  }),
});

const gameProfitDay = v.object({
  /** The calendar day in Japan time the rounds began on. */
  day: isoDate,
  game: deskGame,
  rounds: v.pipe(v.number(), v.integer()),
  players: v.pipe(v.number(), v.integer()),
  betAmount: amount,
  winAmount: amount,
  /** The house's profit: bets − wins (negative is a loss). */
  profit: signedAmount,
});
export type GameProfitDay = v.InferOutput<typeof gameProfitDay>;

export const adminGameProfitDaily = endpoint({
  path: '/v2/admin/game/profit/daily',
  access: 'admin',
  roles: deskRoles.moneyRead,
  summary:
    'The house’s profit and loss per game per day over a period (bets − wins of the rounds begun that day), with the rounds and players, and the totals',
  body: v.object({
    period: dateRange,
    providerId: v.optional(providerIdInput),
    gameId: v.optional(rowId('validation.game')),
  }),
  data: v.object({
    list: v.array(gameProfitDay),
    totals: v.object({
      rounds: v.pipe(v.number(), v.integer()),
      /** Different players over the whole period. */
      players: v.pipe(v.number(), v.integer()),
      betAmount: amount,
      winAmount: amount,
      profit: signedAmount,
    }),
  }),
});

const deskMachine = v.object({
  id: v.number(),
  number: v.number(),
  enabled: v.boolean(),
  /** The player seated there now, if any. */
  seatedUserId: v.nullable(v.number()),
  /** A pachislot machine's 設定 (1–6); null for other kinds. Players never see it. */
  setting: v.nullable(v.number()),
});

const deskGameEntry = v.object({
  ...deskGame.entries,
  kind: v.picklist(gameKinds),
  providerName: v.string(),
  /** A disabled provider is refused by the wallet whatever its games' switches say. */
  providerEnabled: v.boolean(),
  rtpBasisPoints: v.nullable(v.number()),
  volatility: v.nullable(v.picklist(gameVolatilities)),
  enabled: v.boolean(),
  machines: v.array(deskMachine),
});
export type DeskGameEntry = v.InferOutput<typeof deskGameEntry>;

export const adminGameList = endpoint({
  path: '/v2/admin/game/list',
  access: 'admin',
  roles: deskRoles.gamesRead,
  summary: 'Every provider’s games with their machines, each enabled or disabled, and who sits where',
  body: emptyBody,
  data: v.array(deskGameEntry),
});

export const adminGameSetEnabled = endpoint({
  path: '/v2/admin/game/enabled',
  access: 'admin',
  roles: deskRoles.content,
  summary:
    'Enable or disable a game: a disabled game leaves the hall, refuses launches and bets (wins and rollbacks still settle), and its seats are freed; the choice outlasts restarts',
  body: v.object({ gameId: rowId('validation.game'), enabled: v.boolean(), reason: reasonInput }),
  data: noData,
});

export const adminGameMachineSetEnabled = endpoint({
  path: '/v2/admin/game/machine/enabled',
  access: 'admin',
  roles: deskRoles.content,
  summary:
    'Enable or disable one machine: a disabled machine leaves the hall and refuses launches; its seat is freed and its game sessions take no more bets',
  body: v.object({ machineId: rowId('validation.machine'), enabled: v.boolean(), reason: reasonInput }),
  data: noData,
});

/** A pachislot machine's 設定: 1 (the default of a new machine) to 6. */
export const machineSettings = [1, 2, 3, 4, 5, 6] as const;

export const adminGameMachineSetSetting = endpoint({
  path: '/v2/admin/game/machine/setting',
  access: 'admin',
  roles: deskRoles.administration,
  summary:
    'Set a pachislot machine’s 設定 (1–6), with a reason kept in the audit log beside the change (from → to); the provider learns it when its next game session opens, players never see it',
  body: v.object({
    machineId: rowId('validation.machine'),
    setting: v.pipe(v.number(), v.integer(), v.minValue(machineSettings[0]), v.maxValue(machineSettings.at(-1) ?? 6)),
    reason: reasonInput,
  }),
  data: noData,
});
