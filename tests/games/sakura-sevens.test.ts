import { type LinesGame, linePay } from '@games/engine/lines';
import { linesExactFigures, linesRtpByWeights } from '@games/engine/lines-exact';
import { add, agreesToFourDecimals, percentText, ratio } from '@games/engine/ratio';
import { DrawStream } from '@games/provably-fair';
import {
  betsPerLine,
  evaluateSpin,
  linePays,
  type PayingSymbol,
  paylines,
  playSlotRound,
  reelCount,
  reelStrips,
  rowCount,
  type SlotSymbol,
  sakuraSevensLines,
  sakuraSevensTitle,
  scatterPays,
  windowAt,
} from '@games/titles/sakura-sevens';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { sigmaApproximately, volatilityBand } from './slot-figures';

const serverSeed = 'a'.repeat(64);
const clientSeed = 'player';
const figures = linesExactFigures(sakuraSevensLines);

describe('Sakura Sevens: exact figures (docs/games.md §2)', () => {
  it('walks all 30^5 stop combinations to the stated RTP, exactly 24/25', () => {
    expect(figures.sums.combinations).toBe(30n ** 5n);
    expect(figures.rtp).toEqual(ratio(24n, 25n));
    expect(percentText(figures.rtp, 4)).toBe('96.0000');
    expect(agreesToFourDecimals(figures.rtp, sakuraSevensTitle.rtpBasisPoints)).toBe(true);
    expect(sakuraSevensTitle.rtpBasisPoints).toBe(sakuraSevensTitle.rtpBasisPoints);
  });

  it('reaches the same RTP over the reels’ symbol counts, one line and the scatter apart', () => {
    const { line, scatter } = linesRtpByWeights(sakuraSevensLines);
    expect(add(line, scatter)).toEqual(figures.rtp);
    expect(line).toEqual(ratio(22_812_840n, 24_300_000n));
    expect(scatter).toEqual(ratio(515_160n, 24_300_000n));
  });

  it('wins on the documented share of spins, as a count over reels 1–3 and the scatters also gives', () => {
    expect(percentText(figures.hitFrequency, 4)).toBe('70.9165');
    // A line pays only with 3 or more from reel 1, so reels 1–3 decide whether some line pays;
    // a spin without a line win wins when reels 4 and 5 bring the scatters to 3 or more.
    const scattersAt = (reel: number, stop: number) =>
      windowAt([0, 0, 0, 0, 0].map((_, r) => (r === reel ? stop : 0)))[reel]!.filter((s) => s === 'scatter').length;
    const tail = [0, 0, 0];
    for (let d = 0; d < 30; d += 1) for (let e = 0; e < 30; e += 1) tail[scattersAt(3, d) + scattersAt(4, e)]! += 1;
    let hits = 0;
    for (let a = 0; a < 30; a += 1)
      for (let b = 0; b < 30; b += 1)
        for (let c = 0; c < 30; c += 1) {
          const window = windowAt([a, b, c, 0, 0]);
          const lineHit = paylines.some((rows) => {
            const [x, y, z] = rows.map((row, reel) => window[reel]![row]!);
            return x !== 'scatter' && x !== 'wild' && [y, z].every((s) => s === x || s === 'wild');
          });
          const front = scattersAt(0, a) + scattersAt(1, b) + scattersAt(2, c);
          hits += lineHit ? 900 : tail.reduce((sum, count, k) => sum + (front + k >= 3 ? count : 0), 0);
        }
    expect(figures.hitFrequency).toEqual(ratio(BigInt(hits), 30n ** 3n * 900n));
  });

  it('states its volatility band from the exact σ', () => {
    expect(volatilityBand(figures)).toBe(sakuraSevensTitle.volatility);
    expect(sakuraSevensTitle.volatility).toBe('low');
    expect(sigmaApproximately(figures)).toBeCloseTo(1.8094, 4);
  });

  it('pays at most 107 × the stake in one round, as the walk finds it', () => {
    expect(figures.maxWinMultiplier).toEqual(ratio(BigInt(sakuraSevensTitle.maxWinMultiplier)));
    expect(sakuraSevensTitle.maxWinMultiplier).toBe(107);
    expect(figures.sums.max).toBe(2140);
  });

  it('would notice a one-coin change of the paytable', () => {
    const changed: LinesGame<SlotSymbol> = {
      ...sakuraSevensLines,
      combos: sakuraSevensLines.combos.map((combo) =>
        combo.id === 'orange' && combo.count === 3 ? { ...combo, pay: combo.pay + 1 } : combo,
      ),
    };
    const { line, scatter } = linesRtpByWeights(changed);
    expect(add(line, scatter)).not.toEqual(figures.rtp);
    expect(agreesToFourDecimals(add(line, scatter), sakuraSevensTitle.rtpBasisPoints)).toBe(false);
  });
});

describe('Sakura Sevens: the machine as documented', () => {
  it('has five strips of 30 with wilds on reels 2–4 only and one scatter each', () => {
    expect(reelStrips).toHaveLength(reelCount);
    for (const [reel, strip] of reelStrips.entries()) {
      expect(strip).toHaveLength(30);
      expect(strip.filter((symbol) => symbol === 'scatter')).toHaveLength(1);
      expect(strip.includes('wild')).toBe(reel >= 1 && reel <= 3);
    }
    expect(paylines).toHaveLength(20);
    expect(new Set(paylines.map((line) => line.join(''))).size).toBe(20);
    for (const line of paylines) expect(line.every((row) => row >= 0 && row < rowCount)).toBe(true);
  });

  it('pays wins in whole coins for every bet on offer', () => {
    const multipliers = [...Object.values(linePays).flat(), ...Object.values(scatterPays)];
    for (const multiplier of multipliers) expect(Number.isInteger(multiplier)).toBe(true);
    for (const bet of betsPerLine) expect(Number.isInteger(bet) && bet > 0).toBe(true);
    expect(sakuraSevensTitle.stakes).toEqual([20, 40, 100, 200, 400, 1000]);
  });

  it('plays §2’s example round to 73 coins', () => {
    const outcome = playSlotRound({ serverSeed, clientSeed, nonce: 0 }, 1);
    expect(outcome.stops).toEqual([11, 17, 11, 15, 6]);
    expect(outcome.lineWins).toEqual([
      { line: 5, symbol: 'melon', count: 3, win: 10 },
      { line: 14, symbol: 'plum', count: 5, win: 60 },
      { line: 16, symbol: 'orange', count: 3, win: 3 },
    ]);
    expect(outcome.totalWin).toBe(73);
    expect(sakuraSevensTitle.play({ serverSeed, clientSeed, nonce: 0 }, 100).totalWin).toBe(365);
  });

  /** The paytable read straight from docs/games.md §2, written apart from the engine's evaluation. */
  function documentedWin(window: SlotSymbol[][], betPerLine: number): number {
    let total = 0;
    for (const line of paylines) {
      const symbols = line.map((row, reel) => window[reel]![row]!);
      const first = symbols[0]!;
      if (first === 'scatter' || first === 'wild') continue;
      let count = 0;
      for (const symbol of symbols) {
        if (symbol !== first && symbol !== 'wild') break;
        count += 1;
      }
      if (count >= 3) total += linePays[first as PayingSymbol][count - 3]! * betPerLine;
    }
    const scatters = window.flat().filter((symbol) => symbol === 'scatter').length;
    return total + (scatterPays[scatters] ?? 0) * betPerLine * paylines.length;
  }

  it('replays rounds draw by draw from the stream to the same outcome', () => {
    let wins = 0;
    for (let nonce = 0; nonce < 500; nonce += 1) {
      const stake = sakuraSevensTitle.stakes[nonce % sakuraSevensTitle.stakes.length]!;
      const seeds = { serverSeed, clientSeed, nonce };
      const stream = new DrawStream(seeds);
      const stops = [0, 1, 2, 3, 4].map(() => stream.uniformInt(30));
      const window = stops.map((stop, reel) => [0, 1, 2].map((row) => reelStrips[reel]![(stop + row) % 30]!));
      const outcome = sakuraSevensTitle.play(seeds, stake);
      expect(outcome.stops).toEqual(stops);
      expect(outcome.window).toEqual(window);
      expect(outcome.steps).toHaveLength(1);
      expect(outcome.steps[0]!.phase).toBe('spin');
      expect(outcome.steps[0]!.window).toEqual(window);
      expect(outcome.steps[0]!.win).toBe(outcome.totalWin);
      expect(outcome.totalBet).toBe(stake);
      expect(outcome.totalWin).toBe(documentedWin(window, stake / 20));
      expect(v.is(sakuraSevensTitle.outcome, outcome)).toBe(true);
      if (outcome.totalWin > 0) wins += 1;
    }
    expect(wins).toBeGreaterThan(0);
  });

  it('pays a wild-completed line and a scatter anywhere', () => {
    const stops = [14, 16, 9, 19, 11];
    const window = windowAt(stops);
    expect(window.map((column) => column[0])).toEqual(['seven', 'seven', 'seven', 'seven', 'seven']);
    expect(evaluateSpin(stops, 1).lineWins).toContainEqual({ line: 2, symbol: 'seven', count: 5, win: 1000 });
    expect(linePay(sakuraSevensLines, ['bell', 'wild', 'wild', 'bell', 'plum'])?.pay).toBe(50);
    expect(linePay(sakuraSevensLines, ['bell', 'wild', 'wild', 'wild', 'seven'])?.pay).toBe(50);
    expect(linePay(sakuraSevensLines, ['scatter', 'scatter', 'scatter', 'orange', 'orange'])).toBeNull();
    const scattered = evaluateSpin([18, 20, 21, 0, 0], 2);
    expect(scattered.scatters).toBe(3);
    expect(scattered.scatterWin).toBe(2 * 40);
    const scatterStep = scattered.steps[0]!.wins.find((win) => win.symbol === 'scatter');
    expect(scatterStep?.cells.every(([reel, row]) => scattered.window[reel]![row] === 'scatter')).toBe(true);
  });

  it('refuses a stake or a bet per line not on offer', () => {
    expect(() => playSlotRound({ serverSeed, clientSeed, nonce: 0 }, 3)).toThrow(RangeError);
    for (const stake of [0, 30, 21, 2000, -20, 20.5])
      expect(() => sakuraSevensTitle.play({ serverSeed, clientSeed, nonce: 0 }, stake)).toThrow(RangeError);
  });
});
