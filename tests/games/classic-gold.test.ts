import type { LinesGame } from '@games/engine/lines';
import { linesExactFigures, linesRtpByWeights } from '@games/engine/lines-exact';
import { percentText, ratio } from '@games/engine/ratio';
import { DrawStream } from '@games/provably-fair';
import {
  type ClassicSymbol,
  classicGoldLines,
  classicGoldTitle,
  classicPaylines,
  classicStrips,
} from '@games/titles/classic-gold';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { agreesToTwoDecimals, sigmaApproximately, volatilityBand } from './slot-figures';

const serverSeed = 'a'.repeat(64);
const clientSeed = 'player';
const figures = linesExactFigures(classicGoldLines);

/** The paytable as docs/games.md §10 states it, in bets per line. */
const threeOfAKind: Readonly<Record<string, number>> = { seven: 50, tripleBar: 30, doubleBar: 20, bar: 10 };
const cherryPays = [0, 3, 5, 10];

/** One line's pay read from docs/games.md §10, apart from the engine: the best of every way it can pay. */
function documentedLinePay([a, b, c]: ClassicSymbol[]): number {
  const line = [a!, b!, c!];
  const wilds = (symbols: ClassicSymbol[]) => symbols.filter((symbol) => symbol === 'wild').length;
  const candidates = [0];
  // Wilds alone pay only their own prize: every other pay needs one of its own symbols.
  if (wilds(line) === 3) candidates.push(200);
  for (const [symbol, pay] of Object.entries(threeOfAKind))
    if (line.every((s) => s === symbol || s === 'wild') && wilds(line) < 3) candidates.push(pay * 2 ** wilds(line));
  const isBar = (s: ClassicSymbol) => s === 'bar' || s === 'doubleBar' || s === 'tripleBar';
  if (line.every((s) => isBar(s) || s === 'wild') && line.some(isBar)) candidates.push(5 * 2 ** wilds(line));
  let cherries = 0;
  while (cherries < 3 && (line[cherries] === 'cherry' || line[cherries] === 'wild')) cherries += 1;
  for (let count = 1; count <= cherries; count += 1) {
    const run = line.slice(0, count);
    if (run.includes('cherry')) candidates.push(cherryPays[count]! * 2 ** wilds(run));
  }
  return Math.max(...candidates);
}

describe('Classic Gold: exact figures (docs/games.md §10)', () => {
  it('walks all 32^3 stop combinations to the stated RTP, to two decimals of a percent', () => {
    expect(figures.sums.combinations).toBe(32n ** 3n);
    expect(percentText(figures.rtp, 4)).toBe('95.4498');
    expect(agreesToTwoDecimals(figures.rtp, classicGoldTitle.rtpBasisPoints)).toBe(true);
    const { line, scatter } = linesRtpByWeights(classicGoldLines);
    expect(scatter).toEqual(ratio(0n));
    expect(line).toEqual(figures.rtp);
  });

  it('agrees with a walk of every window priced by the documented rules', () => {
    let sum = 0;
    let squares = 0;
    let hits = 0;
    let max = 0;
    for (let a = 0; a < 32; a += 1)
      for (let b = 0; b < 32; b += 1)
        for (let c = 0; c < 32; c += 1) {
          const window = [a, b, c].map((stop, reel) =>
            [0, 1, 2].map((row) => classicStrips[reel]![(stop + row) % 32]!),
          );
          const win = classicPaylines.reduce(
            (total, rows) => total + documentedLinePay(rows.map((row, reel) => window[reel]![row]!)),
            0,
          );
          sum += win;
          squares += win * win;
          if (win > 0) hits += 1;
          max = Math.max(max, win);
        }
    expect(figures.rtp).toEqual(ratio(BigInt(sum), 32n ** 3n * 5n));
    expect(figures.secondMoment).toEqual(ratio(BigInt(squares), 32n ** 3n * 25n));
    expect(figures.hitFrequency).toEqual(ratio(BigInt(hits), 32n ** 3n));
    expect(max).toBe(220);
  });

  it('states its volatility band and maximum win from the exact figures', () => {
    expect(volatilityBand(figures)).toBe(classicGoldTitle.volatility);
    expect(classicGoldTitle.volatility).toBe('low');
    expect(sigmaApproximately(figures)).toBeCloseTo(2.2999, 4);
    expect(figures.maxWinMultiplier).toEqual(ratio(BigInt(classicGoldTitle.maxWinMultiplier)));
    expect(classicGoldTitle.maxWinMultiplier).toBe(44);
    expect(percentText(figures.hitFrequency, 4)).toBe('50.8270');
  });

  it('would notice a one-coin change of the paytable', () => {
    const changed: LinesGame<ClassicSymbol> = {
      ...classicGoldLines,
      combos: classicGoldLines.combos.map((combo) =>
        combo.id === 'cherry' && combo.count === 1 ? { ...combo, pay: combo.pay + 1 } : combo,
      ),
    };
    const { line } = linesRtpByWeights(changed);
    expect(line).not.toEqual(figures.rtp);
    expect(agreesToTwoDecimals(line, classicGoldTitle.rtpBasisPoints)).toBe(false);
  });
});

describe('Classic Gold: the machine as documented', () => {
  it('has three strips of 32, each symbol followed by a blank and one wild per reel', () => {
    expect(classicStrips).toHaveLength(3);
    for (const strip of classicStrips) {
      expect(strip).toHaveLength(32);
      expect(strip.map((symbol) => symbol === 'blank')).toEqual(strip.map((_, stop) => stop % 2 === 1));
      expect(strip.filter((symbol) => symbol === 'wild')).toHaveLength(1);
    }
    expect(classicGoldTitle.stakes).toEqual([5, 10, 25, 50, 100]);
  });

  it('pays the rules’ examples: any bar, cherries from reel 1 and the doubling wild', () => {
    const pay = (symbols: ClassicSymbol[]) => documentedLinePay(symbols);
    expect(pay(['bar', 'doubleBar', 'tripleBar'])).toBe(5);
    expect(pay(['cherry', 'blank', 'cherry'])).toBe(3);
    expect(pay(['cherry', 'wild', 'blank'])).toBe(10);
    expect(pay(['wild', 'cherry', 'blank'])).toBe(10);
    expect(pay(['blank', 'cherry', 'cherry'])).toBe(0);
    expect(pay(['seven', 'wild', 'seven'])).toBe(100);
    expect(pay(['wild', 'wild', 'seven'])).toBe(200);
    expect(pay(['wild', 'wild', 'wild'])).toBe(200);
    expect(pay(['wild', 'blank', 'blank'])).toBe(0);
    expect(pay(['wild', 'bar', 'doubleBar'])).toBe(10);
  });

  it('replays rounds draw by draw from the stream to the same outcome', () => {
    let wins = 0;
    for (let nonce = 0; nonce < 500; nonce += 1) {
      const stake = classicGoldTitle.stakes[nonce % classicGoldTitle.stakes.length]!;
      const seeds = { serverSeed, clientSeed, nonce };
      const stream = new DrawStream(seeds);
      const stops = [0, 1, 2].map(() => stream.uniformInt(32));
      const window = stops.map((stop, reel) => [0, 1, 2].map((row) => classicStrips[reel]![(stop + row) % 32]!));
      const expected = classicPaylines.reduce(
        (total, rows) => total + documentedLinePay(rows.map((row, reel) => window[reel]![row]!)) * (stake / 5),
        0,
      );
      const outcome = classicGoldTitle.play(seeds, stake);
      expect(outcome.stops).toEqual(stops);
      expect(outcome.steps).toHaveLength(1);
      expect(outcome.steps[0]!.window).toEqual(window);
      expect(outcome.totalBet).toBe(stake);
      expect(outcome.totalWin).toBe(expected);
      expect(outcome.steps[0]!.win).toBe(expected);
      for (const win of outcome.steps[0]!.wins) {
        const rows = classicPaylines[win.line! - 1]!;
        expect(win.cells).toEqual(rows.slice(0, win.count).map((row, reel) => [reel, row]));
      }
      expect(v.is(classicGoldTitle.outcome, outcome)).toBe(true);
      if (outcome.totalWin > 0) wins += 1;
    }
    expect(wins).toBeGreaterThan(0);
  });

  it('plays the documented example round', () => {
    const outcome = classicGoldTitle.play({ serverSeed, clientSeed, nonce: 0 }, 5);
    expect(outcome.stops).toEqual([1047656141 % 32, 1715074307 % 32, 998216651 % 32]);
  });

  it('refuses a stake not on offer', () => {
    for (const stake of [0, 1, 4, 6, 15, 500, -5, 2.5])
      expect(() => classicGoldTitle.play({ serverSeed, clientSeed, nonce: 0 }, stake)).toThrow(RangeError);
  });
});
