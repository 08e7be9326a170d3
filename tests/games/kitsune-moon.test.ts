import { freeSpinsExact, spinDistribution } from '@games/engine/free-spins-exact';
import { percentText, ratio } from '@games/engine/ratio';
import { DrawStream, type RoundSeeds } from '@games/provably-fair';
import { kitsuneMoonTitle as title } from '@games/titles/kitsune-moon';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { agreesToTwoDecimals, sigmaText, volatilityBand } from './slot-figures';

const serverSeed = 'a'.repeat(64);
const clientSeed = 'player';
const { definition } = title;
const exact = freeSpinsExact(definition);

/** A window's win in twentieths of the stake, as docs/games.md §22 states the pays. */
function documentedUnits(window: string[][]): number {
  const pays: Record<string, number[]> = {
    kitsune: [4, 12, 60],
    torii: [3, 8, 30],
    mask: [2, 6, 20],
    lantern: [1, 4, 15],
    maple: [1, 2, 8],
    ume: [1, 1, 4],
  };
  let units = 0;
  for (const [symbol, table] of Object.entries(pays)) {
    let ways = 1;
    let reels = 0;
    for (const column of window) {
      const shown = column.filter((id) => id === symbol || id === 'moon').length;
      if (shown === 0) break;
      ways *= shown;
      reels += 1;
    }
    if (reels >= 3) units += table[reels - 3]! * ways;
  }
  const scatters = window.flat().filter((id) => id === 'foxfire').length;
  return units + ({ 3: 40, 4: 200, 5: 1000 }[scatters] ?? 0);
}

/** One round as docs/games.md §22 states it, written apart from the engine. */
function documentedRound(seeds: RoundSeeds, stake: number) {
  const stream = new DrawStream(seeds);
  const draw = () =>
    definition.strips.map((strip) => {
      const stop = stream.uniformInt(20);
      return [0, 1, 2].map((row) => strip[(stop + row) % 20]!);
    });
  const awards: Record<number, number> = { 3: 8, 4: 12, 5: 20 };
  const windows = [draw()];
  let total = (documentedUnits(windows[0]!) * stake) / 20;
  let awarded = awards[windows[0]!.flat().filter((id) => id === 'foxfire').length] ?? 0;
  for (let played = 0; played < awarded; played += 1) {
    const window = draw();
    windows.push(window);
    total += (documentedUnits(window) * stake * 2) / 20;
    awarded += Math.min(awards[window.flat().filter((id) => id === 'foxfire').length] ?? 0, 50 - awarded);
  }
  return { windows, total };
}

describe('Kitsune Moon: exact figures (docs/games.md §22)', () => {
  it('has the stated RTP, to two decimals of a percent', () => {
    expect(percentText(exact.rtp, 4)).toBe('96.2169');
    expect(agreesToTwoDecimals(exact.rtp, title.rtpBasisPoints)).toBe(true);
    expect(percentText(exact.hitFrequency, 4)).toBe('84.9234');
    expect(percentText(exact.triggerChance, 4)).toBe('2.6612');
  });

  it('states the volatility band of its exact σ and its true maximum win', () => {
    expect(volatilityBand(exact)).toBe(title.volatility);
    expect(sigmaText(exact, 4)).toBe('3.3677');
    expect(exact.maxWinMultiplier).toEqual(ratio(BigInt(Math.round(title.maxWinMultiplier * 20)), 20n));
  });

  it('enumerates every stop combination once, and a spin that awards free spins always wins', () => {
    const { classes, combinations } = spinDistribution(definition);
    expect(combinations).toBe(20n ** 5n);
    expect(classes.reduce((sum, entry) => sum + entry.count, 0n)).toBe(combinations);
    for (const entry of classes) if (entry.scatters >= 3) expect(entry.zeros).toBe(0n);
  });

  it('would notice a change of the paytable', () => {
    const ume = definition.pays.ume as unknown as number[];
    ume[0]! += 1;
    try {
      expect(agreesToTwoDecimals(freeSpinsExact(definition).rtp, title.rtpBasisPoints)).toBe(false);
    } finally {
      ume[0]! -= 1;
    }
  });
});

describe('Kitsune Moon: rounds as documented', () => {
  it('plays the worked example of the rules document', () => {
    const round = title.play({ serverSeed, clientSeed, nonce: 0 }, 20);
    expect(round.steps).toHaveLength(1);
    expect(round.steps[0]!.wins.map((win) => [win.symbol, win.count, win.win])).toEqual([
      ['kitsune', 3, 4],
      ['mask', 4, 12],
      ['ume', 3, 1],
    ]);
    expect(round.totalWin).toBe(17);
    const feature = title.play({ serverSeed, clientSeed, nonce: 32 }, 20);
    expect(feature.steps.map((step) => step.left)).toEqual([8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(feature.totalWin).toBe(209);
  });

  it('replays rounds draw by draw from the stream, step by step', () => {
    let features = 0;
    for (let nonce = 0; nonce < 600; nonce += 1) {
      const stake = title.stakes[nonce % title.stakes.length]!;
      const seeds = { serverSeed, clientSeed, nonce };
      const round = title.play(seeds, stake);
      const documented = documentedRound(seeds, stake);
      expect(round.steps.map((step) => step.window)).toEqual(documented.windows);
      expect(round.totalWin).toBe(documented.total);
      expect(v.is(title.outcome, round)).toBe(true);
      if (round.steps.length > 1) features += 1;
    }
    expect(features).toBeGreaterThan(0);
  });

  it('keeps every step consistent: strips at some stop, free spins counted down to the cap', () => {
    const shows = (reel: number, column: string[]) =>
      definition.strips[reel]!.some((_, stop) =>
        column.every((id, row) => definition.strips[reel]![(stop + row) % 20] === id),
      );
    let capped = false;
    for (let nonce = 0; nonce < 1_500; nonce += 1) {
      const round = title.play({ serverSeed, clientSeed, nonce }, 20);
      round.steps.forEach((step, index) => {
        expect(step.phase).toBe(index === 0 ? 'spin' : 'freeSpin');
        step.window.forEach((column, reel) => {
          expect(shows(reel, column)).toBe(true);
          if (reel === 0 || reel === 4) expect(column).not.toContain('moon');
        });
        expect(Number.isInteger(step.win)).toBe(true);
        if (index > 0) expect(step.multiplier).toBe(2);
      });
      const free = round.steps.length - 1;
      expect(free).toBeLessThanOrEqual(definition.maxFreeSpins);
      if (free > 0) expect(round.steps.at(-1)!.left).toBe(0);
      if (free === definition.maxFreeSpins) capped = true;
      expect(round.totalWin).toBe(round.steps.reduce((sum, step) => sum + step.win, 0));
    }
    expect(capped).toBe(true);
  });

  it('refuses a stake not on offer', () => {
    expect(() => title.play({ serverSeed, clientSeed, nonce: 0 }, 10)).toThrow(RangeError);
    expect(() => title.play({ serverSeed, clientSeed, nonce: 0 }, 30)).toThrow(RangeError);
  });
});
