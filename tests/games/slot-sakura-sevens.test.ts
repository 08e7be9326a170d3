import { sakuraSevens } from '@games/titles/sakura-sevens';
import { agreesToFourDecimals, percentText, ratio } from '@games/engine/ratio';
import {
  betsPerLine,
  evaluateSpin,
  lineMultiplier,
  linePays,
  type PayingSymbol,
  paylines,
  playSlotRound,
  reelCount,
  reelStrips,
  rowCount,
  type SlotSymbol,
  scatterPays,
  windowAt,
} from '@games/slot-sakura-sevens';
import { describe, expect, it } from 'vitest';
import { exactRtpByStops, exactRtpByWeights, exactSlotHit } from './exact-figures';

const serverSeed = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const clientSeed = 'player';

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

  it('wins on the documented share of spins', () => {
    expect(percentText(exactSlotHit(), 4)).toBe('70.9165');
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
