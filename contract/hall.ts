import * as v from 'valibot';
import { gameKinds, gameVolatilities } from './content';
import { emptyBody, endpoint, isoDateTime, rowId } from './endpoint';
import { locales } from './locales';

export const machineStates = ['free', 'yours', 'occupied'] as const;
export type MachineState = (typeof machineStates)[number];

/**
 * The hall's data counter (docs/requirements.md §10.8): a paid round (bet above zero) whose win is at
 * least this many times its bet is a big win; at least `jackpotMultiplier` times, a jackpot. The
 * partial indexes on game_records (migration 0022) use the same two numbers.
 */
export const bigWinMultiplier = 20;
export const jackpotMultiplier = 100;
/** How many of a machine's latest big wins the hall shows. */
export const shownBigWins = 5;

const bigWin = v.object({
  bet: v.number(),
  win: v.number(),
  /** When the round began. */
  playedAt: isoDateTime,
});
export type BigWin = v.InferOutput<typeof bigWin>;

export const bonusKinds = ['big', 'reg'] as const;
export type BonusKind = (typeof bonusKinds)[number];
/** How many of a pachislot machine's latest bonuses the hall shows. */
export const shownBonuses = 5;

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

const bonus = v.object({
  kind: v.picklist(bonusKinds),
  /** When its round began. */
  playedAt: isoDateTime,
  /** The games since the bonus before it, its own round's included (all the machine's games before it when it is the first). */
  afterGames: count,
});
export type HallBonus = v.InferOutput<typeof bonus>;

/**
 * What the provider reported of a machine's paid rounds (docs/architecture.md §11, `events`):
 * a pachislot machine's games and BIG / REG bonuses, a pachinko machine's jackpots and rushes, in the
 * last 24 hours like `roundsLastDay`. A slot machine has none.
 */
const machineEvents = v.variant('kind', [
  v.object({
    kind: v.literal('pachislot'),
    games: count,
    big: count,
    reg: count,
    /** Games since its last bonus (all its games when it has had none). */
    gamesSinceBonus: count,
    /** Its latest bonuses, newest first, at most `shownBonuses`. */
    bonuses: v.array(bonus),
  }),
  v.object({ kind: v.literal('pachinko'), jackpots: count, rushes: count }),
]);
export type HallMachineEvents = v.InferOutput<typeof machineEvents>;

const hallMachine = v.object({
  id: v.number(),
  /** The number shown on the machine (台番号), from 1 within its game. */
  number: v.number(),
  state: v.picklist(machineStates),
  /** Paid rounds played since its last jackpot (all its paid rounds when it has had none). */
  roundsSinceJackpot: v.number(),
  /** Paid rounds in the last 24 hours. */
  roundsLastDay: v.number(),
  /** Its latest big wins (jackpots included), newest first, at most `shownBigWins`. */
  bigWins: v.array(bigWin),
  /** The provider's reported events, by the game's kind; null for a slot. */
  events: v.nullable(machineEvents),
});
export type HallMachine = v.InferOutput<typeof hallMachine>;

const hallGame = v.object({
  id: v.number(),
  code: v.string(),
  kind: v.picklist(gameKinds),
  /** In the request's language, or ja-JP's when the provider gave none in it. */
  name: v.string(),
  /** The language `name` is in (docs/requirements.md §1.8). */
  lang: v.picklist(locales),
  /** The return to player the provider states, in basis points; null when not stated. */
  rtpBasisPoints: v.nullable(v.number()),
  /** The volatility the provider states; null when not stated. */
  volatility: v.nullable(v.picklist(gameVolatilities)),
  imageUrl: v.string(),
  /** Paid rounds on its machines in the last 7 days: what "popular" sorts by. */
  popularity: v.number(),
  /** When it came to the hall: what "newest" sorts by. */
  addedAt: isoDateTime,
  machines: v.array(hallMachine),
});
export type HallGame = v.InferOutput<typeof hallGame>;

export const gameHall = endpoint({
  path: '/v2/app/game/machines',
  access: 'user',
  summary: 'The hall: every playable game with its machines, each free, yours or occupied',
  body: emptyBody,
  data: v.array(hallGame),
});

export const gameLaunch = endpoint({
  path: '/v2/app/game/launch',
  access: 'user',
  summary: 'Take a machine’s seat (leaving any other) and get the provider’s launch URL with a single-use launch token',
  body: v.object({ machineId: rowId('validation.machine') }),
  data: v.object({
    /** Open this to play: the provider's address with the launch token, machine and language. */
    url: v.string(),
    /** The launch token must be redeemed by the provider before this. */
    expiresAt: isoDateTime,
    gameCode: v.string(),
    machineNumber: v.number(),
  }),
});

export const gameSeatRelease = endpoint({
  path: '/v2/app/game/seat/release',
  access: 'user',
  summary: 'Leave the machine the player sits at (nothing to do when none)',
  body: emptyBody,
  data: v.object({ released: v.boolean() }),
});
