/**
 * The studio's pachislot calls: a game played press by press, as a real machine plays it. The
 * lever books the 3-coin bet and draws the lottery, which stays on the server; each stop button
 * answers its reel's stop; the third stop settles the game and books its win. The machine's 設定
 * is never sent: the page is shown the title's RTP range. Every call carries the Studio-Session
 * header, and is answered in the studio's `{ code, msg, data }` envelope.
 */
import * as v from 'valibot';
import type { StudioCall } from './studio';

const coins = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const frame = v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(20));

/** A stopped reel: the frame it was pressed at and the frame it stopped on (≤ 4 frames on). */
const reelStop = v.object({ pressFrame: frame, stop: frame });

export const pachislotGameStatuses = ['playing', 'open', 'settled', 'rolledBack'] as const;

/**
 * A game as the page sees it. playing: the bet is booked and reels spin until pressed; open: its
 * bet or win is still on its way to the wallet; rolledBack: the bet was given back. The win and
 * the title's outcome are there once all three reels stopped.
 */
const game = v.object({
  /** Also the `round` the wallet books the bet and the win under. */
  id: v.string(),
  nonce: v.number(),
  stake: coins,
  status: v.picklist(pachislotGameStatuses),
  /** What the machine shows at lever-on: its mode, the 告知 lamp, and in an assist mode the role to aim for. */
  notice: v.object({ mode: v.string(), lamp: v.boolean(), assist: v.nullable(v.string()) }),
  stops: v.array(v.nullable(reelStop)),
  win: coins,
  /** The title's outcome of the game (roles aligned, lamp, bonus and AT counters), checked by the title's schema. */
  outcome: v.unknown(),
  /** The machine pressed the stops left: the game was left unfinished. */
  autoStopped: v.boolean(),
});
export type PachislotGame = v.InferOutput<typeof game>;

/** The stated RTP of the title over its 設定, in hundredths of a percent: the machine's own is not told. */
const rtpRange = v.object({ low: v.number(), high: v.number() });

const played = v.object({ game, balance: coins });
export type PachislotPlayed = v.InferOutput<typeof played>;

export const pachislotMachine = {
  path: '/studio/api/pachislot/machine',
  summary: 'The machine as the page opens it: this player’s open game, the last settled one, the RTP range',
  body: v.object({}),
  data: v.object({
    game: v.nullable(game),
    /** Another window or player has a game open on this machine. */
    busy: v.boolean(),
    last: v.nullable(game),
    games: v.number(),
    rtpRange,
  }),
} as const satisfies StudioCall;

export const pachislotLever = {
  path: '/studio/api/pachislot/lever',
  summary: 'レバーオン: book the 3-coin bet and draw the lottery; a repeated gameKey answers the same game',
  body: v.object({
    /** One per pull of the lever, reused by its retries, so a retry never bets twice. */
    gameKey: v.pipe(v.string(), v.uuid()),
  }),
  data: played,
} as const satisfies StudioCall;

export const pachislotStop = {
  path: '/studio/api/pachislot/stop',
  summary: 'Press one stop button: that reel’s stop; the third settles the game; a reel pressed again answers its stop',
  body: v.object({
    gameId: v.pipe(v.string(), v.uuid()),
    reel: v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(2)),
    pressFrame: frame,
  }),
  data: played,
} as const satisfies StudioCall;
