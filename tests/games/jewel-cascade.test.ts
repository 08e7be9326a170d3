import { cascadeExact } from '@games/engine/cascade-exact';
import { percentText } from '@games/engine/ratio';
import type { SlotRoundResult } from '@games/engine/title';
import { DrawStream, type RoundSeeds } from '@games/provably-fair';
import { jewelCascadeTitle as title } from '@games/titles/jewel-cascade';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { agreesToTwoDecimals, sigmaText, volatilityBand } from './slot-figures';

const serverSeed = 'a'.repeat(64);
const clientSeed = 'player';
const { definition } = title;
const exact = cascadeExact(definition);

/** One round as docs/games.md §20 states it, written apart from the engine. */
function documentedRound(seeds: RoundSeeds, stake: number) {
  const stream = new DrawStream(seeds);
  const table = [
    ['diamond', 2],
    ['ruby', 3],
    ['sapphire', 4],
    ['emerald', 5],
    ['topaz', 6],
  ] as const;
  const pays: Record<string, [number, number, number]> = {
    diamond: [2, 10, 100],
    ruby: [1, 4, 30],
    sapphire: [0.4, 1.2, 8],
    emerald: [0.2, 0.8, 3.5],
    topaz: [0.1, 0.4, 1.5],
  };
  const draw = () => {
    let value = stream.uniformInt(20);
    for (const [id, weight] of table) {
      if (value < weight) return id;
      value -= weight;
    }
    throw new Error('unreachable');
  };
  const multipliers = [1, 2, 4, 8, 16];
  let grid: (string | null)[][] = Array.from({ length: 5 }, () => [null, null, null]);
  const windows: string[][][] = [];
  let total = 0;
  for (const multiplier of multipliers) {
    const window = grid.map((reel) => reel.map((cell) => cell ?? draw()));
    windows.push(window);
    const counts = new Map<string, number>();
    for (const id of window.flat()) counts.set(id, (counts.get(id) ?? 0) + 1);
    const winners = [...counts].filter(([, count]) => count >= 6).map(([id]) => id);
    for (const id of winners) {
      const count = counts.get(id)!;
      const pay = pays[id]![count >= 10 ? 2 : count >= 8 ? 1 : 0]!;
      total += Math.round(pay * stake) * multiplier;
    }
    if (winners.length === 0) break;
    grid = window.map((reel) => {
      const kept = reel.filter((id) => !winners.includes(id));
      return [...Array(3 - kept.length).fill(null), ...kept];
    });
  }
  return { windows, total };
}

describe('Jewel Cascade: exact figures (docs/games.md §20)', () => {
  it('has the stated RTP, to two decimals of a percent', () => {
    expect(percentText(exact.rtp, 4)).toBe('96.0533');
    expect(agreesToTwoDecimals(exact.rtp, title.rtpBasisPoints)).toBe(true);
    expect(percentText(exact.hitFrequency, 4)).toBe('48.8855');
  });

  it('states the volatility band of its exact σ and its true maximum win', () => {
    expect(volatilityBand(exact)).toBe(title.volatility);
    expect(sigmaText(exact, 4)).toBe('3.5818');
    expect(exact.maxWinMultiplier).toEqual({ num: BigInt(title.maxWinMultiplier), den: 1n });
  });

  it('would notice a change of the paytable', () => {
    const topaz = definition.symbols.find((symbol) => symbol.id === 'topaz')!;
    const row = topaz.pays[0] as { count: number; pay: number };
    row.pay += 1;
    try {
      expect(agreesToTwoDecimals(cascadeExact(definition).rtp, title.rtpBasisPoints)).toBe(false);
    } finally {
      row.pay -= 1;
    }
  });
});

describe('Jewel Cascade: rounds as documented', () => {
  it('plays the worked example of the rules document', () => {
    const round = title.play({ serverSeed, clientSeed, nonce: 0 }, 10);
    expect(round.steps.map((step) => step.phase)).toEqual(['spin', 'cascade', 'cascade', 'cascade', 'cascade']);
    expect(round.steps[0]!.window.map((reel) => reel[0])).toEqual(['diamond', 'topaz', 'topaz', 'topaz', 'sapphire']);
    expect(round.steps.map((step) => step.wins.map((win) => [win.symbol, win.count, win.win]))).toEqual([
      [['topaz', 7, 1]],
      [['sapphire', 7, 8]],
      [['emerald', 6, 8]],
      [['ruby', 6, 80]],
      [],
    ]);
    expect(round.totalWin).toBe(97);
  });

  it('replays rounds draw by draw from the stream, step by step', () => {
    let cascades = 0;
    for (let nonce = 0; nonce < 400; nonce += 1) {
      const stake = title.stakes[nonce % title.stakes.length]!;
      const seeds = { serverSeed, clientSeed, nonce };
      const round: SlotRoundResult = title.play(seeds, stake);
      const documented = documentedRound(seeds, stake);
      expect(round.steps.map((step) => step.window)).toEqual(documented.windows);
      expect(round.totalWin).toBe(documented.total);
      expect(round.totalBet).toBe(stake);
      expect(v.is(title.outcome, round)).toBe(true);
      cascades += round.steps.length - 1;
    }
    expect(cascades).toBeGreaterThan(0);
  });

  it('keeps every step consistent: survivors fall, pays in whole coins at the step multiplier', () => {
    const ids = new Set(definition.symbols.map((symbol) => symbol.id));
    for (let nonce = 0; nonce < 400; nonce += 1) {
      const round = title.play({ serverSeed, clientSeed: 'steps', nonce }, 10);
      expect(round.steps.length).toBeLessThanOrEqual(definition.multipliers.length);
      round.steps.forEach((step, index) => {
        expect(step.phase).toBe(index === 0 ? 'spin' : 'cascade');
        expect(step.multiplier).toBe(definition.multipliers[index]);
        expect(step.window).toHaveLength(5);
        for (const reel of step.window) {
          expect(reel).toHaveLength(3);
          for (const id of reel) expect(ids.has(id)).toBe(true);
        }
        for (const win of step.wins) {
          expect(win.count).toBeGreaterThanOrEqual(6);
          for (const [reel, row] of win.cells) expect(step.window[reel]![row]).toBe(win.symbol);
          expect(Number.isInteger(win.win)).toBe(true);
        }
        expect(step.win).toBe(step.wins.reduce((sum, win) => sum + win.win, 0));
        const next = round.steps[index + 1];
        if (next) {
          expect(step.wins.length).toBeGreaterThan(0);
          const winners = new Set(step.wins.map((win) => win.symbol));
          step.window.forEach((reel, r) => {
            const kept = reel.filter((id) => !winners.has(id));
            expect(next.window[r]!.slice(3 - kept.length)).toEqual(kept);
          });
        } else if (index < definition.multipliers.length - 1) expect(step.wins).toEqual([]);
      });
      expect(round.totalWin).toBe(round.steps.reduce((sum, step) => sum + step.win, 0));
    }
  });

  it('refuses a stake not on offer', () => {
    expect(() => title.play({ serverSeed, clientSeed, nonce: 0 }, 15)).toThrow(RangeError);
    expect(() => title.play({ serverSeed, clientSeed, nonce: 0 }, 0)).toThrow(RangeError);
  });
});
