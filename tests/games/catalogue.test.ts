import { gameKinds } from '@contract/content';
import { locales } from '@contract/locales';
import { studioTitleKinds, studioVolatilities } from '@contract/studio';
import { studioTitle, studioTitles } from '@games/catalogue';
import { titleKinds, volatilities } from '@games/engine/title';
import { isRoundTitle } from '@games/studio-title';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { loadTitle, titleLoaders } from '../../studio/page/title-loaders';

const seeds = { serverSeed: 'b'.repeat(64), clientSeed: 'catalogue', nonce: 5 };

describe('the studio catalogue', () => {
  it('speaks of titles in the words the studio contract uses', () => {
    expect([...studioTitleKinds]).toEqual([...titleKinds]);
    expect([...studioVolatilities]).toEqual([...volatilities]);
  });

  it('lists each title once, of a kind the hall lists, with whole-coin stakes and an RTP under 100 %', () => {
    expect(new Set(studioTitles.map((title) => title.code)).size).toBe(studioTitles.length);
    for (const title of studioTitles) {
      expect(title.code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(gameKinds as readonly string[]).toContain(title.kind);
      expect(volatilities).toContain(title.volatility);
      expect(title.mechanic).not.toBe('');
      expect(title.stakes.length).toBeGreaterThan(0);
      for (const stake of title.stakes)
        expect(Number.isSafeInteger(stake) && stake > 0, `${title.code} ${stake}`).toBe(true);
      expect(Number.isInteger(title.rtpBasisPoints)).toBe(true);
      expect(title.rtpBasisPoints).toBeGreaterThan(0);
      expect(title.rtpBasisPoints).toBeLessThan(10_000);
      expect(title.maxWinMultiplier).toBeGreaterThan(0);
      for (const locale of locales) expect(title.names[locale]?.trim(), `${title.code} in ${locale}`).toBeTruthy();
      expect(studioTitle(title.code)).toBe(title);
    }
    expect(studioTitle('no-such-game')).toBeUndefined();
  });

  it('plays a round of each round title at each stake, answered as its own outcome schema reads it', () => {
    for (const title of studioTitles.filter(isRoundTitle)) {
      for (const stake of title.stakes) {
        const round = title.play(seeds, stake);
        expect(round.totalBet).toBe(stake);
        expect(Number.isSafeInteger(round.totalWin) && round.totalWin >= 0).toBe(true);
        expect(round.totalWin).toBeLessThanOrEqual(stake * title.maxWinMultiplier);
        // What the studio stores and sends (JSON) is what the page's check of the title reads back.
        const sent = JSON.parse(JSON.stringify(round));
        expect(v.parse(title.outcome, sent)).toEqual(round);
        // The same seeds draw the same round: the verify page recomputes it.
        expect(title.play(seeds, stake)).toEqual(round);
      }
      expect(() => title.play(seeds, Math.max(...title.stakes) + 1)).toThrow(RangeError);
    }
  });

  it('gives the game page a chunk of its own for every title, loaded once', async () => {
    expect(Object.keys(titleLoaders).sort()).toEqual(studioTitles.map((title) => title.code).sort());
    for (const title of studioTitles) {
      const loaded = await loadTitle(title.code);
      expect(loaded.title).toBe(title);
      expect(await loadTitle(title.code)).toBe(loaded);
    }
    await expect(loadTitle('no-such-game')).rejects.toThrow(/no title/);
  });
});
