/**
 * Sakura Sevens, the studio's 5-reel slot (docs/games.md §2): five strips of 30 symbols, three rows,
 * 20 fixed paylines paying left to right, a wild on reels 2–4 and a scatter paying anywhere. No free
 * spins, so one spin's win depends on its own stops only and the RTP is an exact finite sum.
 * Line pays are whole multiples of the bet per line and scatter pays whole multiples of the total
 * bet, so every win is a whole number of coins.
 */
import { DrawStream, type RoundSeeds } from './provably-fair';

export type SlotSymbol = 'seven' | 'bar' | 'bell' | 'melon' | 'cherry' | 'plum' | 'orange' | 'wild' | 'scatter';
export type PayingSymbol = Exclude<SlotSymbol, 'wild' | 'scatter'>;

export const reelCount = 5;
export const rowCount = 3;

// biome-ignore format: one strip per line, as in the table of docs/games.md
/** The strips, reel 1 first. A stop is the index of the symbol on the top row; the rows below show the next two. */
export const reelStrips: readonly (readonly SlotSymbol[])[] = [
  ['cherry', 'plum', 'orange', 'cherry', 'orange', 'plum', 'melon', 'bell', 'bar', 'orange', 'cherry', 'plum', 'orange', 'melon', 'seven', 'cherry', 'plum', 'bell', 'scatter', 'orange', 'cherry', 'plum', 'melon', 'orange', 'bar', 'cherry', 'plum', 'orange', 'bell', 'melon'],
  ['cherry', 'plum', 'orange', 'wild', 'bar', 'melon', 'plum', 'orange', 'cherry', 'bell', 'wild', 'plum', 'orange', 'melon', 'cherry', 'bar', 'seven', 'bell', 'wild', 'plum', 'scatter', 'orange', 'melon', 'cherry', 'plum', 'orange', 'wild', 'bar', 'bell', 'melon'],
  ['melon', 'cherry', 'plum', 'orange', 'wild', 'cherry', 'melon', 'plum', 'orange', 'seven', 'bar', 'wild', 'cherry', 'bell', 'plum', 'orange', 'melon', 'cherry', 'wild', 'plum', 'orange', 'scatter', 'melon', 'seven', 'cherry', 'plum', 'bar', 'orange', 'wild', 'bell'],
  ['orange', 'cherry', 'plum', 'orange', 'melon', 'orange', 'melon', 'cherry', 'orange', 'wild', 'plum', 'bar', 'orange', 'bell', 'melon', 'cherry', 'plum', 'orange', 'plum', 'seven', 'plum', 'melon', 'scatter', 'cherry', 'orange', 'wild', 'plum', 'bar', 'orange', 'bell'],
  ['bell', 'cherry', 'melon', 'plum', 'orange', 'cherry', 'plum', 'orange', 'bar', 'bell', 'cherry', 'seven', 'melon', 'plum', 'orange', 'cherry', 'plum', 'orange', 'bar', 'bell', 'cherry', 'melon', 'plum', 'orange', 'scatter', 'cherry', 'seven', 'plum', 'orange', 'bar'],
];

/** The 20 paylines: the row (0 top, 1 middle, 2 bottom) the line crosses on each reel. */
export const paylines: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
];

/** Line pays for 3, 4 and 5 of a kind from reel 1, in bets per line. */
export const linePays: Readonly<Record<PayingSymbol, readonly [number, number, number]>> = {
  seven: [50, 200, 1000],
  bar: [25, 100, 400],
  bell: [15, 50, 200],
  melon: [10, 30, 120],
  cherry: [5, 20, 80],
  plum: [4, 15, 60],
  orange: [3, 10, 40],
};

/** Scatter pays by the number of scatters anywhere in the window, in total bets. */
export const scatterPays: Readonly<Record<number, number>> = { 3: 2, 4: 10, 5: 50 };

/** The bet per line a spin may take, in coins; every spin plays all 20 lines. */
export const betsPerLine: readonly number[] = [1, 2, 5, 10, 20, 50];

function stripOf(reel: number): readonly SlotSymbol[] {
  const strip = reelStrips[reel];
  if (!strip) throw new RangeError(`no reel ${reel}`);
  return strip;
}

/** The three symbols reel `reel` shows at `stop`, top row first. */
export function reelColumn(reel: number, stop: number): SlotSymbol[] {
  const strip = stripOf(reel);
  return [0, 1, 2].map((row) => strip[(stop + row) % strip.length] as SlotSymbol);
}

/** The window for the stops: window[reel][row]. */
export function windowAt(stops: readonly number[]): SlotSymbol[][] {
  return stops.map((stop, reel) => reelColumn(reel, stop));
}

export interface LineRun {
  symbol: PayingSymbol;
  count: number;
}

/**
 * The run a line's five symbols make: the symbol on reel 1 (a scatter there pays nothing on a line)
 * and how many reels from the left show it or a wild. Wilds never stand on reel 1 or 5.
 */
export function lineRun(symbols: readonly SlotSymbol[]): LineRun | null {
  const first = symbols[0];
  if (first === undefined || first === 'scatter' || first === 'wild') return null;
  let count = 1;
  while (count < symbols.length && (symbols[count] === first || symbols[count] === 'wild')) count += 1;
  return { symbol: first, count };
}

function runMultiplier(run: LineRun | null): number {
  if (!run || run.count < 3) return 0;
  return linePays[run.symbol][run.count - 3] ?? 0;
}

/** What a line's five symbols pay, in bets per line. */
export function lineMultiplier(symbols: readonly SlotSymbol[]): number {
  return runMultiplier(lineRun(symbols));
}

/** What a window's scatters pay, in total bets. */
export function scatterMultiplier(scatters: number): number {
  return scatterPays[scatters] ?? 0;
}

export function countScatters(window: readonly (readonly SlotSymbol[])[]): number {
  return window.reduce((sum, column) => sum + column.filter((symbol) => symbol === 'scatter').length, 0);
}

export interface LineWin extends LineRun {
  /** 1-based, as in docs/games.md. */
  line: number;
  win: number;
}

export interface SlotOutcome {
  stops: number[];
  window: SlotSymbol[][];
  betPerLine: number;
  totalBet: number;
  lineWins: LineWin[];
  scatters: number;
  scatterWin: number;
  totalWin: number;
}

export function isBetPerLine(betPerLine: number): boolean {
  return betsPerLine.includes(betPerLine);
}

/** The whole evaluation of a spin that stopped at `stops`. */
export function evaluateSpin(stops: readonly number[], betPerLine: number): SlotOutcome {
  if (!isBetPerLine(betPerLine)) throw new RangeError(`bet per line ${betPerLine} is not offered`);
  const window = windowAt(stops);
  const totalBet = betPerLine * paylines.length;
  const lineWins: LineWin[] = [];
  paylines.forEach((rows, index) => {
    const symbols = rows.map((row, reel) => window[reel]?.[row] as SlotSymbol);
    const run = lineRun(symbols);
    const multiplier = runMultiplier(run);
    if (run && multiplier > 0) lineWins.push({ line: index + 1, ...run, win: multiplier * betPerLine });
  });
  const scatters = countScatters(window);
  const scatterWin = scatterMultiplier(scatters) * totalBet;
  const lineTotal = lineWins.reduce((sum, lineWin) => sum + lineWin.win, 0);
  return {
    stops: [...stops],
    window,
    betPerLine,
    totalBet,
    lineWins,
    scatters,
    scatterWin,
    totalWin: lineTotal + scatterWin,
  };
}

/** The stops of one spin: one uniform integer in [0, strip length) per reel, reel 1 first. */
export function drawStops(stream: DrawStream): number[] {
  return reelStrips.map((strip) => stream.uniformInt(strip.length));
}

export function playSlotRound(seeds: RoundSeeds, betPerLine: number): SlotOutcome {
  return evaluateSpin(drawStops(new DrawStream(seeds)), betPerLine);
}
