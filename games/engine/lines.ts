/**
 * The lines slot engine (docs/games.md §2, §10, §11): reels stopped on strips, a window of rows,
 * fixed paylines paying their best combination from reel 1, a wild that may multiply the wins it
 * completes, and a scatter paying anywhere in total bets. A title is its `LinesGame` data only.
 */
import * as v from 'valibot';
import { DrawStream, type RoundSeeds } from '../provably-fair';
import type { SlotRoundResult, SlotStep } from './title';

/** A line pay: `count` reels from reel 1 each showing one of `symbols` (or a wild standing in). */
export interface LineCombo<S extends string> {
  /** What the win is called: a symbol id, or a group's id such as `anyBar`. */
  id: string;
  symbols: readonly S[];
  count: number;
  /** In bets per line, before the wild's multiplier. */
  pay: number;
}

export interface LinesGame<S extends string> {
  /** Reel 1 first; a stop is the index shown on the top row, the rows below show the next ones. */
  strips: readonly (readonly S[])[];
  rows: number;
  /** The row each line crosses on each reel, 0 the top. */
  paylines: readonly (readonly number[])[];
  /** The line pays; a line pays the highest one it matches, the first listed on a tie. */
  combos: readonly LineCombo<S>[];
  /** It stands in for every combo's symbols; each wild standing in multiplies the win by `multiplier`. */
  wild?: { symbol: S; multiplier: number };
  /** Pays by its count anywhere in the window, in total bets; no combo lists it. */
  scatter?: { symbol: S; pays: Readonly<Record<number, number>> };
  betsPerLine: readonly number[];
}

export interface LinePay {
  id: string;
  count: number;
  /** In bets per line, the wild's multiplier included. */
  pay: number;
}

/**
 * How many wilds stand in when `symbols` match `combo`, or null when they do not match it: a combo
 * needs one of its own symbols, so a run of wilds alone pays only the wild's own combo.
 */
function standInsFor<S extends string>(game: LinesGame<S>, combo: LineCombo<S>, symbols: readonly S[]): number | null {
  if (combo.count > symbols.length) return null;
  let standIns = 0;
  for (const symbol of symbols.slice(0, combo.count)) {
    if (combo.symbols.includes(symbol)) continue;
    if (symbol !== game.wild?.symbol) return null;
    standIns += 1;
  }
  return standIns < combo.count ? standIns : null;
}

/** The best combination `symbols` (a line's symbols from reel 1, or a prefix of them) matches. */
export function linePay<S extends string>(game: LinesGame<S>, symbols: readonly S[]): LinePay | null {
  let best: LinePay | null = null;
  for (const combo of game.combos) {
    const standIns = standInsFor(game, combo, symbols);
    if (standIns === null) continue;
    const pay = combo.pay * (game.wild?.multiplier ?? 1) ** standIns;
    if (!best || pay > best.pay) best = { id: combo.id, count: combo.count, pay };
  }
  return best;
}

/** n of a kind from reel 1 for every paying symbol, as the lines engine reads a paytable. */
export function ofAKindCombos<S extends string>(
  pays: Readonly<Record<string, readonly number[]>>,
  fewest: number,
): LineCombo<S>[] {
  return Object.entries(pays).flatMap(([symbol, row]) =>
    row.map((pay, index) => ({ id: symbol, symbols: [symbol as S], count: fewest + index, pay })),
  );
}

export function scatterPay<S extends string>(game: LinesGame<S>, scatters: number): number {
  return game.scatter?.pays[scatters] ?? 0;
}

/** window[reel][row] for the stops. */
export function linesWindow<S extends string>(game: LinesGame<S>, stops: readonly number[]): S[][] {
  return game.strips.map((strip, reel) => {
    const stop = stops[reel] ?? 0;
    return Array.from({ length: game.rows }, (_, row) => strip[(stop + row) % strip.length] as S);
  });
}

export interface LineWin {
  /** 1-based, as in docs/games.md. */
  line: number;
  symbol: string;
  count: number;
  win: number;
}

export interface LinesOutcome<S extends string> extends SlotRoundResult {
  stops: number[];
  window: S[][];
  betPerLine: number;
  lineWins: LineWin[];
  scatters: number;
  scatterWin: number;
}

function scatterCells<S extends string>(game: LinesGame<S>, window: readonly (readonly S[])[]): [number, number][] {
  const cells: [number, number][] = [];
  window.forEach((column, reel) => {
    column.forEach((symbol, row) => {
      if (symbol === game.scatter?.symbol) cells.push([reel, row]);
    });
  });
  return cells;
}

/** The whole evaluation of a spin that stopped at `stops`; a bet per line not on offer is a RangeError. */
export function evaluateLines<S extends string>(
  game: LinesGame<S>,
  stops: readonly number[],
  betPerLine: number,
): LinesOutcome<S> {
  if (!game.betsPerLine.includes(betPerLine)) throw new RangeError(`bet per line ${betPerLine} is not offered`);
  const window = linesWindow(game, stops);
  const totalBet = betPerLine * game.paylines.length;
  const lineWins: LineWin[] = [];
  const wins: SlotStep['wins'][number][] = [];
  game.paylines.forEach((rows, index) => {
    const best = linePay(
      game,
      rows.map((row, reel) => window[reel]?.[row] as S),
    );
    if (!best) return;
    const win = best.pay * betPerLine;
    lineWins.push({ line: index + 1, symbol: best.id, count: best.count, win });
    const cells = rows.slice(0, best.count).map((row, reel): [number, number] => [reel, row]);
    wins.push({ symbol: best.id, count: best.count, cells, win, line: index + 1 });
  });
  const cells = scatterCells(game, window);
  const scatterWin = scatterPay(game, cells.length) * totalBet;
  if (scatterWin > 0 && game.scatter)
    wins.push({ symbol: game.scatter.symbol, count: cells.length, cells, win: scatterWin });
  const totalWin = lineWins.reduce((sum, lineWin) => sum + lineWin.win, scatterWin);
  const step: SlotStep = { phase: 'spin', window: window.map((column) => [...column]), wins, win: totalWin };
  return {
    stops: [...stops],
    window,
    betPerLine,
    totalBet,
    lineWins,
    scatters: cells.length,
    scatterWin,
    totalWin,
    steps: [step],
  };
}

/** The stops of one spin: one draw in [0, strip length) per reel, reel 1 first. */
export function drawLinesStops<S extends string>(game: LinesGame<S>, stream: DrawStream): number[] {
  return game.strips.map((strip) => stream.uniformInt(strip.length));
}

export function playLines<S extends string>(
  game: LinesGame<S>,
  seeds: RoundSeeds,
  betPerLine: number,
): LinesOutcome<S> {
  if (!game.betsPerLine.includes(betPerLine)) throw new RangeError(`bet per line ${betPerLine} is not offered`);
  return evaluateLines(game, drawLinesStops(game, new DrawStream(seeds)), betPerLine);
}

/** A round's stake is its bet per line times the lines; any other stake is a RangeError. */
export function betPerLineOf<S extends string>(game: LinesGame<S>, stake: number): number {
  const betPerLine = stake / game.paylines.length;
  if (!game.betsPerLine.includes(betPerLine)) throw new RangeError(`no stake of ${stake} is on offer`);
  return betPerLine;
}

export const slotStepSchema = v.object({
  phase: v.picklist(['spin', 'cascade', 'respin', 'freeSpin']),
  window: v.array(v.array(v.string())),
  values: v.optional(v.array(v.array(v.nullable(v.number())))),
  wins: v.array(
    v.object({
      symbol: v.string(),
      count: v.number(),
      cells: v.array(v.tuple([v.number(), v.number()])),
      win: v.number(),
      line: v.optional(v.number()),
    }),
  ),
  win: v.number(),
  multiplier: v.optional(v.number()),
  left: v.optional(v.number()),
});

/** The outcome a lines title sends the game page: the round's steps and its stops, bets and wins. */
export function linesOutcomeSchema<S extends string>(game: LinesGame<S>): v.GenericSchema<LinesOutcome<S>> {
  const symbols = [...new Set(game.strips.flat())] as [S, ...S[]];
  return v.object({
    totalBet: v.number(),
    totalWin: v.number(),
    steps: v.array(slotStepSchema),
    stops: v.array(v.number()),
    window: v.array(v.array(v.picklist(symbols))),
    betPerLine: v.number(),
    lineWins: v.array(v.object({ line: v.number(), symbol: v.string(), count: v.number(), win: v.number() })),
    scatters: v.number(),
    scatterWin: v.number(),
  });
}
