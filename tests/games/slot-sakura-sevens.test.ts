import { sakuraSevens } from '@games/catalogue';
import {
  betsPerLine,
  countScatters,
  evaluateSpin,
  lineMultiplier,
  linePays,
  type PayingSymbol,
  paylines,
  playSlotRound,
  reelColumn,
  reelCount,
  reelStrips,
  rowCount,
  type SlotSymbol,
  scatterMultiplier,
  scatterPays,
  windowAt,
} from '@games/slot-sakura-sevens';
import { describe, expect, it } from 'vitest';
import { add, agreesToFourDecimals, percentText, type Ratio, ratio } from './exact';

const serverSeed = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const clientSeed = 'player';

/**
 * RTP = E[line pay in bets per line] + E[scatter pay in total bets]: the 20 lines cost 20 bets per
 * line, and each line's expected pay is the same, since on every line each reel shows a uniformly
 * drawn position of its strip, independently of the other reels (linearity of expectation). So one
 * line (the middle one) over all 30^5 stop combinations, with the window's scatters at the same
 * stops, gives the exact RTP.
 */
function exactRtpByStops(): { rtp: Ratio; lineSum: number; scatterSum: number; combinations: number } {
  const line = paylines[0]!;
  const columns = reelStrips.map((strip, reel) => strip.map((_, stop) => reelColumn(reel, stop)));
  const lineSymbol = columns.map((reelColumns, reel) => reelColumns.map((column) => column[line[reel]!]!));
  const scatters = columns.map((reelColumns) => reelColumns.map((column) => countScatters([column])));
  const [l0, l1, l2, l3, l4] = lineSymbol as [SlotSymbol[], SlotSymbol[], SlotSymbol[], SlotSymbol[], SlotSymbol[]];
  const [s0, s1, s2, s3, s4] = scatters as [number[], number[], number[], number[], number[]];
  const symbols: SlotSymbol[] = ['orange', 'orange', 'orange', 'orange', 'orange'];
  let lineSum = 0;
  let scatterSum = 0;
  let combinations = 0;
  for (let a = 0; a < l0.length; a += 1) {
    symbols[0] = l0[a]!;
    for (let b = 0; b < l1.length; b += 1) {
      symbols[1] = l1[b]!;
      for (let c = 0; c < l2.length; c += 1) {
        symbols[2] = l2[c]!;
        for (let d = 0; d < l3.length; d += 1) {
          symbols[3] = l3[d]!;
          const scattersSoFar = s0[a]! + s1[b]! + s2[c]! + s3[d]!;
          for (let e = 0; e < l4.length; e += 1) {
            symbols[4] = l4[e]!;
            lineSum += lineMultiplier(symbols);
            scatterSum += scatterMultiplier(scattersSoFar + s4[e]!);
            combinations += 1;
          }
        }
      }
    }
  }
  // Sums of whole numbers below 2^53 are exact; the ratio is taken in BigInt.
  expect(Number.isSafeInteger(lineSum + scatterSum)).toBe(true);
  return {
    rtp: ratio(BigInt(lineSum + scatterSum), BigInt(combinations)),
    lineSum,
    scatterSum,
    combinations,
  };
}

/**
 * A second, independent exact sum: over each reel's symbol counts (weights) instead of its stops,
 * 9^5 symbol combinations, and over how many stops of each reel show a scatter in the window.
 */
function exactRtpByWeights(): Ratio {
  const weights = reelStrips.map((strip) => {
    const counts = new Map<SlotSymbol, number>();
    for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    return [...counts];
  });
  let lineSum = 0n;
  const walk = (reel: number, symbols: SlotSymbol[], weight: bigint) => {
    if (reel === reelCount) {
      lineSum += weight * BigInt(lineMultiplier(symbols));
      return;
    }
    for (const [symbol, count] of weights[reel]!) walk(reel + 1, [...symbols, symbol], weight * BigInt(count));
  };
  walk(0, [], 1n);
  // distribution[k] = how many stop combinations show k scatters in the window.
  let distribution = [1n];
  reelStrips.forEach((strip, reel) => {
    const withScatter = BigInt(strip.filter((_, stop) => reelColumn(reel, stop).includes('scatter')).length);
    const without = BigInt(strip.length) - withScatter;
    distribution = [...distribution, 0n].map(
      (_, k) => (distribution[k] ?? 0n) * without + (distribution[k - 1] ?? 0n) * withScatter,
    );
  });
  const scatterSum = distribution.reduce((sum, count, k) => sum + count * BigInt(scatterMultiplier(k)), 0n);
  const combinations = reelStrips.reduce((product, strip) => product * BigInt(strip.length), 1n);
  return add(ratio(lineSum, combinations), ratio(scatterSum, combinations));
}

describe('Sakura Sevens: exact RTP (docs/games.md §2)', () => {
  it('enumerates all 30^5 stop combinations and agrees with the stated RTP to four decimals', () => {
    const { rtp, lineSum, scatterSum, combinations } = exactRtpByStops();
    expect(combinations).toBe(30 ** 5);
    expect({ lineSum, scatterSum }).toEqual({ lineSum: 22_812_840, scatterSum: 515_160 });
    expect(percentText(rtp, 4)).toBe('96.0000');
    expect(agreesToFourDecimals(rtp, sakuraSevens.rtpBasisPoints)).toBe(true);
    expect(rtp).toEqual(ratio(24n, 25n));
    // The weighted enumeration over symbol counts reaches the same exact value.
    expect(exactRtpByWeights()).toEqual(rtp);
  });

  it('would notice a one-coin change of the paytable', () => {
    const base = exactRtpByWeights();
    const pays = linePays.orange as [number, number, number];
    pays[0] += 1;
    try {
      expect(exactRtpByWeights()).not.toEqual(base);
      expect(agreesToFourDecimals(exactRtpByWeights(), sakuraSevens.rtpBasisPoints)).toBe(false);
    } finally {
      pays[0] -= 1;
    }
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
  });

  it('plays a fixed round to the stated outcome', () => {
    const outcome = playSlotRound({ serverSeed, clientSeed, nonce: 0 }, 1);
    expect(outcome.stops).toEqual([11, 17, 11, 15, 6]);
    expect(outcome.lineWins).toEqual([
      { line: 5, symbol: 'melon', count: 3, win: 10 },
      { line: 14, symbol: 'plum', count: 5, win: 60 },
      { line: 16, symbol: 'orange', count: 3, win: 3 },
    ]);
    expect(outcome.totalWin).toBe(73);
    expect(playSlotRound({ serverSeed, clientSeed, nonce: 0 }, 5).totalWin).toBe(365);
  });

  /** The paytable read straight from docs/games.md, written apart from the game's own evaluation. */
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

  it('shows the strips at the drawn stops and pays the paytable, round after round', () => {
    let wins = 0;
    for (let nonce = 0; nonce < 2_000; nonce += 1) {
      const betPerLine = betsPerLine[nonce % betsPerLine.length]!;
      const outcome = playSlotRound({ serverSeed, clientSeed, nonce }, betPerLine);
      outcome.stops.forEach((stop, reel) => {
        expect(stop).toBeGreaterThanOrEqual(0);
        expect(stop).toBeLessThan(30);
        for (let row = 0; row < rowCount; row += 1)
          expect(outcome.window[reel]![row]).toBe(reelStrips[reel]![(stop + row) % 30]);
      });
      expect(outcome.totalBet).toBe(betPerLine * 20);
      expect(outcome.totalWin).toBe(documentedWin(outcome.window, betPerLine));
      expect(Number.isInteger(outcome.totalWin)).toBe(true);
      if (outcome.totalWin > 0) wins += 1;
    }
    expect(wins).toBeGreaterThan(0);
  });

  it('pays a wild-completed line and a scatter anywhere', () => {
    const stops = [14, 16, 9, 19, 11];
    const window = windowAt(stops);
    expect(window.map((column) => column[0])).toEqual(['seven', 'seven', 'seven', 'seven', 'seven']);
    expect(evaluateSpin(stops, 1).lineWins).toContainEqual({ line: 2, symbol: 'seven', count: 5, win: 1000 });
    expect(lineMultiplier(['bell', 'wild', 'wild', 'bell', 'plum'])).toBe(50);
    expect(lineMultiplier(['bell', 'wild', 'wild', 'wild', 'seven'])).toBe(50);
    expect(lineMultiplier(['scatter', 'scatter', 'scatter', 'orange', 'orange'])).toBe(0);
    const scattered = evaluateSpin([18, 20, 21, 0, 0], 2);
    expect(scattered.scatters).toBe(3);
    expect(scattered.scatterWin).toBe(2 * 40);
  });

  it('refuses a bet per line not on offer', () => {
    expect(() => playSlotRound({ serverSeed, clientSeed, nonce: 0 }, 3)).toThrow(RangeError);
  });
});
