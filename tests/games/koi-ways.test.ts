import { percentText, ratio } from '@games/engine/ratio';
import { evaluateWays, type WaysGame, waysRun } from '@games/engine/ways';
import { waysExactFigures } from '@games/engine/ways-exact';
import { DrawStream } from '@games/provably-fair';
import { type KoiSymbol, koiPays, koiStrips, koiWaysGame, koiWaysTitle } from '@games/titles/koi-ways';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { agreesToTwoDecimals, sigmaApproximately, volatilityBand } from './slot-figures';

const serverSeed = 'a'.repeat(64);
const clientSeed = 'player';
const figures = waysExactFigures(koiWaysGame);
const scatterPays: Readonly<Record<number, number>> = { 3: 2, 4: 10, 5: 100 };

/** A window's win read from docs/games.md §11, apart from the engine, in coins for `stake`. */
function documentedWin(window: KoiSymbol[][], stake: number): number {
  let coinsAtBase = 0;
  for (const [symbol, pays] of Object.entries(koiPays)) {
    let ways = 1;
    let reels = 0;
    while (reels < 5) {
      const shown = window[reels]!.filter((cell) => cell === symbol || cell === 'wild').length;
      if (shown === 0) break;
      ways *= shown;
      reels += 1;
    }
    coinsAtBase += (pays[reels] ?? 0) * ways;
  }
  const scatters = window.flat().filter((cell) => cell === 'scatter').length;
  return (coinsAtBase * stake) / 25 + (scatterPays[scatters] ?? 0) * stake;
}

describe('Koi Ways: exact figures (docs/games.md §11)', () => {
  it('walks all 29^5 stop combinations to the stated RTP, to two decimals of a percent', () => {
    expect(figures.sums.combinations).toBe(29n ** 5n);
    expect(percentText(figures.rtp, 4)).toBe('95.9642');
    expect(agreesToTwoDecimals(figures.rtp, koiWaysTitle.rtpBasisPoints)).toBe(true);
  });

  it('states its volatility band, hit frequency and maximum win from the exact figures', () => {
    expect(volatilityBand(figures)).toBe(koiWaysTitle.volatility);
    expect(koiWaysTitle.volatility).toBe('medium');
    expect(sigmaApproximately(figures)).toBeCloseTo(3.2754, 4);
    expect(percentText(figures.hitFrequency, 4)).toBe('38.9198');
    expect(figures.maxWinMultiplier).toEqual(ratio(3210n, 25n));
    expect(koiWaysTitle.maxWinMultiplier).toBe(128.4);
  });

  it('would notice a one-coin change of the paytable', () => {
    const changed: WaysGame<KoiSymbol> = { ...koiWaysGame, pays: { ...koiPays, jack: { ...koiPays.jack, 3: 6 } } };
    const rtp = waysExactFigures(changed).rtp;
    expect(rtp).not.toEqual(figures.rtp);
    expect(agreesToTwoDecimals(rtp, koiWaysTitle.rtpBasisPoints)).toBe(false);
  });
});

describe('Koi Ways: the machine as documented', () => {
  it('has five strips of 29, wilds on reels 2–4 only, one scatter each, whole-coin stakes', () => {
    expect(koiStrips).toHaveLength(5);
    for (const [reel, strip] of koiStrips.entries()) {
      expect(strip).toHaveLength(29);
      expect(strip.filter((symbol) => symbol === 'scatter')).toHaveLength(1);
      expect(strip.filter((symbol) => symbol === 'wild')).toHaveLength(reel >= 1 && reel <= 3 ? 1 : 0);
    }
    expect(koiWaysTitle.stakes).toEqual([25, 50, 100, 250, 500, 1000]);
  });

  it('counts 243 ways when every cell shows the symbol or the wild', () => {
    const window: KoiSymbol[][] = [0, 1, 2, 3, 4].map((reel) =>
      reel === 2 ? ['wild', 'koi', 'wild'] : ['koi', 'koi', 'koi'],
    );
    expect(waysRun(koiWaysGame, 'koi', window)).toEqual({ reels: 5, ways: 243, pay: 1000 });
    expect(documentedWin(window, 25)).toBe(243_000);
  });

  it('replays rounds draw by draw from the stream to the same outcome', () => {
    let wins = 0;
    for (let nonce = 0; nonce < 500; nonce += 1) {
      const stake = koiWaysTitle.stakes[nonce % koiWaysTitle.stakes.length]!;
      const seeds = { serverSeed, clientSeed, nonce };
      const stream = new DrawStream(seeds);
      const stops = [0, 1, 2, 3, 4].map(() => stream.uniformInt(29));
      const window = stops.map((stop, reel) => [0, 1, 2].map((row) => koiStrips[reel]![(stop + row) % 29]!));
      const outcome = koiWaysTitle.play(seeds, stake);
      expect(outcome.stops).toEqual(stops);
      expect(outcome.steps).toHaveLength(1);
      expect(outcome.steps[0]!.window).toEqual(window);
      expect(outcome.totalBet).toBe(stake);
      expect(outcome.totalWin).toBe(documentedWin(window, stake));
      expect(Number.isInteger(outcome.totalWin)).toBe(true);
      for (const win of outcome.steps[0]!.wins)
        for (const [reel, row] of win.cells) expect([win.symbol, 'wild']).toContain(window[reel]![row]);
      expect(v.is(koiWaysTitle.outcome, outcome)).toBe(true);
      if (outcome.totalWin > 0) wins += 1;
    }
    expect(wins).toBeGreaterThan(0);
  });

  it('plays the documented example round', () => {
    const outcome = evaluateWays(
      koiWaysGame,
      [1047656141 % 29, 1715074307 % 29, 998216651 % 29, 4095703695 % 29, 3564759786 % 29],
      25,
    );
    expect(koiWaysTitle.play({ serverSeed, clientSeed, nonce: 0 }, 25)).toEqual(outcome);
  });

  it('refuses a stake not on offer', () => {
    for (const stake of [0, 1, 20, 30, 75, 2000, -25, 12.5])
      expect(() => koiWaysTitle.play({ serverSeed, clientSeed, nonce: 0 }, stake)).toThrow(RangeError);
  });
});
