/**
 * The ways slot engine (docs/games.md §11): reels stopped on strips, a window of rows, and a symbol
 * paying for every way it makes across adjacent reels from reel 1, on any row: the ways are the
 * product of how many cells of each of those reels show it or the wild. A scatter pays anywhere in
 * total bets. Pays are whole coins per way at the base stake, times the stake's multiplier, so every
 * win is whole. A title is its `WaysGame` data only.
 */
import * as v from 'valibot';
import { DrawStream, type RoundSeeds } from '../provably-fair';
import { slotStepSchema } from './lines';
import type { SlotRoundResult, SlotStep } from './title';

export interface WaysGame<S extends string> {
  /** Reel 1 first; a stop is the index shown on the top row, the rows below show the next ones. */
  strips: readonly (readonly S[])[];
  rows: number;
  /** pays[symbol][reels]: coins per way at the base stake for a run over that many reels from reel 1. */
  pays: Readonly<Partial<Record<S, Readonly<Record<number, number>>>>>;
  /** Counts as every paying symbol on the reels it stands on; it pays nothing itself. */
  wild?: S;
  /** Pays by its count anywhere in the window, in total bets. */
  scatter?: { symbol: S; pays: Readonly<Record<number, number>> };
  /** The stake the pays are written for, in coins; a round's stake is it times a multiplier on offer. */
  baseStake: number;
  multipliers: readonly number[];
}

export interface WaysWin {
  symbol: string;
  /** Adjacent reels from reel 1 showing it. */
  reels: number;
  ways: number;
  win: number;
}

export interface WaysOutcome<S extends string> extends SlotRoundResult {
  stops: number[];
  window: S[][];
  multiplier: number;
  waysWins: WaysWin[];
  scatters: number;
  scatterWin: number;
}

export function waysWindow<S extends string>(game: WaysGame<S>, stops: readonly number[]): S[][] {
  return game.strips.map((strip, reel) => {
    const stop = stops[reel] ?? 0;
    return Array.from({ length: game.rows }, (_, row) => strip[(stop + row) % strip.length] as S);
  });
}

/** The cells of a column that count for `symbol`: the symbol itself or the wild. */
export function countingRows<S extends string>(game: WaysGame<S>, symbol: S, column: readonly S[]): number[] {
  return column.flatMap((shown, row) => (shown === symbol || shown === game.wild ? [row] : []));
}

/** A symbol's run in a window: its reels from reel 1, its ways, and its pay in coins per way. */
export function waysRun<S extends string>(game: WaysGame<S>, symbol: S, window: readonly (readonly S[])[]) {
  let reels = 0;
  let ways = 1;
  for (const column of window) {
    const count = countingRows(game, symbol, column).length;
    if (count === 0) break;
    reels += 1;
    ways *= count;
  }
  return { reels, ways, pay: game.pays[symbol]?.[reels] ?? 0 };
}

export function waysScatterPay<S extends string>(game: WaysGame<S>, scatters: number): number {
  return game.scatter?.pays[scatters] ?? 0;
}

export function waysMultiplierOf<S extends string>(game: WaysGame<S>, stake: number): number {
  const multiplier = stake / game.baseStake;
  if (!game.multipliers.includes(multiplier)) throw new RangeError(`no stake of ${stake} is on offer`);
  return multiplier;
}

/** The whole evaluation of a spin that stopped at `stops`, for a stake on offer. */
export function evaluateWays<S extends string>(
  game: WaysGame<S>,
  stops: readonly number[],
  stake: number,
): WaysOutcome<S> {
  const multiplier = waysMultiplierOf(game, stake);
  const window = waysWindow(game, stops);
  const waysWins: WaysWin[] = [];
  const wins: SlotStep['wins'][number][] = [];
  for (const symbol of Object.keys(game.pays) as S[]) {
    const run = waysRun(game, symbol, window);
    if (run.pay === 0) continue;
    const win = run.pay * run.ways * multiplier;
    waysWins.push({ symbol, reels: run.reels, ways: run.ways, win });
    const cells = window
      .slice(0, run.reels)
      .flatMap((column, reel) => countingRows(game, symbol, column).map((row): [number, number] => [reel, row]));
    wins.push({ symbol, count: run.reels, cells, win });
  }
  const scatterCells = window.flatMap((column, reel) =>
    column.flatMap((shown, row): [number, number][] => (shown === game.scatter?.symbol ? [[reel, row]] : [])),
  );
  const scatterWin = waysScatterPay(game, scatterCells.length) * stake;
  if (scatterWin > 0 && game.scatter)
    wins.push({ symbol: game.scatter.symbol, count: scatterCells.length, cells: scatterCells, win: scatterWin });
  const totalWin = waysWins.reduce((sum, wayWin) => sum + wayWin.win, scatterWin);
  const step: SlotStep = { phase: 'spin', window: window.map((column) => [...column]), wins, win: totalWin };
  return {
    totalBet: stake,
    totalWin,
    steps: [step],
    stops: [...stops],
    window,
    multiplier,
    waysWins,
    scatters: scatterCells.length,
    scatterWin,
  };
}

/** One round: one draw in [0, strip length) per reel, reel 1 first; a stake not on offer is a RangeError. */
export function playWays<S extends string>(game: WaysGame<S>, seeds: RoundSeeds, stake: number): WaysOutcome<S> {
  waysMultiplierOf(game, stake);
  const stream = new DrawStream(seeds);
  const stops = game.strips.map((strip) => stream.uniformInt(strip.length));
  return evaluateWays(game, stops, stake);
}

export function waysOutcomeSchema<S extends string>(game: WaysGame<S>): v.GenericSchema<WaysOutcome<S>> {
  const symbols = [...new Set(game.strips.flat())] as [S, ...S[]];
  return v.object({
    totalBet: v.number(),
    totalWin: v.number(),
    steps: v.array(slotStepSchema),
    stops: v.array(v.number()),
    window: v.array(v.array(v.picklist(symbols))),
    multiplier: v.number(),
    waysWins: v.array(v.object({ symbol: v.string(), reels: v.number(), ways: v.number(), win: v.number() })),
    scatters: v.number(),
    scatterWin: v.number(),
  });
}
