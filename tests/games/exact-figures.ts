/**
 * The games' exact figures in rational arithmetic, by enumerating every outcome of every draw with
 * the games' own rules (the pachinko's by the engine's exact chain): what the tests assert and the
 * bench prints beside its simulations.
 */

import { exactPachinkoRound } from '@games/engine/pachinko-exact';
import { add, type Ratio, ratio } from '@games/engine/ratio';
import type { ExactFigures } from '@games/engine/title';
import {
  countScatters,
  lineMultiplier,
  paylines,
  reelColumn,
  reelCount,
  reelStrips,
  type SlotSymbol,
  scatterMultiplier,
} from '@games/slot-sakura-sevens';
import { fujiRushMachine } from '@games/titles/fuji-rush';

/**
 * RTP = E[line pay in bets per line] + E[scatter pay in total bets]: the 20 lines cost 20 bets per
 * line, and each line's expected pay is the same, since on every line each reel shows a uniformly
 * drawn position of its strip, independently of the other reels (linearity of expectation). So one
 * line (the middle one) over all 30^5 stop combinations, with the window's scatters at the same
 * stops, gives the exact RTP.
 */
export function exactRtpByStops(): { rtp: Ratio; lineSum: number; scatterSum: number; combinations: number } {
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
  if (!Number.isSafeInteger(lineSum + scatterSum)) throw new RangeError('the sums outgrew exact integers');
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
export function exactRtpByWeights(): Ratio {
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

/**
 * The slot's exact hit frequency: a line pays only with 3 or more of a kind from reel 1, so whether
 * any line pays depends on reels 1–3 alone (30^3 stop combinations, all 20 lines evaluated); a
 * window without a line win still wins when reels 4 and 5 bring the scatters to 3 or more.
 */
export function exactSlotHit(): Ratio {
  const columns = reelStrips.map((strip, reel) => strip.map((_, stop) => reelColumn(reel, stop)));
  const scatters = columns.map((reelColumns) => reelColumns.map((column) => countScatters([column])));
  // tail[k] = stop combinations of reels 4 and 5 showing k scatters between them.
  const tail = [0, 0, 0];
  for (const left of scatters[3]!) for (const right of scatters[4]!) tail[left + right]! += 1;
  const tailCombinations = tail.reduce((sum, count) => sum + count, 0);
  let hits = 0;
  for (let a = 0; a < columns[0]!.length; a += 1)
    for (let b = 0; b < columns[1]!.length; b += 1)
      for (let c = 0; c < columns[2]!.length; c += 1) {
        const front = [columns[0]![a]!, columns[1]![b]!, columns[2]![c]!];
        const lineHit = paylines.some(
          (line) => lineMultiplier([front[0]![line[0]!]!, front[1]![line[1]!]!, front[2]![line[2]!]!]) > 0,
        );
        if (lineHit) hits += tailCombinations;
        else {
          const frontScatters = scatters[0]![a]! + scatters[1]![b]! + scatters[2]![c]!;
          tail.forEach((count, k) => {
            if (scatterMultiplier(frontScatters + k) > 0) hits += count;
          });
        }
      }
  const combinations = reelStrips.reduce((product, strip) => product * strip.length, 1);
  return ratio(BigInt(hits), BigInt(combinations));
}

/**
 * Fuji Rush's figures as the bench prints them beside its simulation of 10-ball rounds, from the
 * engine's exact Markov chain over the title's statechart (docs/games.md §3).
 */
export function fujiRushFigures(balls = 10): ExactFigures {
  return exactPachinkoRound(fujiRushMachine, balls);
}

export function fujiRushRoundHit(balls: number): Ratio {
  return exactPachinkoRound(fujiRushMachine, balls).hitFrequency;
}
