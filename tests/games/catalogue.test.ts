import { fujiRush, playRound, sakuraSevens, studioGame, studioGames } from '@games/catalogue';
import { playPachinkoRound } from '@games/pachinko-fuji-rush';
import { playSlotRound } from '@games/titles/sakura-sevens';
import { describe, expect, it } from 'vitest';

const seeds = { serverSeed: 'b'.repeat(64), clientSeed: 'catalogue', nonce: 5 };

describe('the studio catalogue', () => {
  it('lists each game once with whole-coin stakes and an RTP under 100 %', () => {
    expect(new Set(studioGames.map((game) => game.code)).size).toBe(studioGames.length);
    for (const game of studioGames) {
      expect(game.stakes.length).toBeGreaterThan(0);
      for (const stake of game.stakes) expect(Number.isInteger(stake) && stake > 0).toBe(true);
      expect(game.rtpBasisPoints).toBeGreaterThan(0);
      expect(game.rtpBasisPoints).toBeLessThan(10_000);
      expect(studioGame(game.code)).toBe(game);
    }
    expect(studioGame('no-such-game')).toBeUndefined();
    expect(sakuraSevens.stakes).toEqual([20, 40, 100, 200, 400, 1000]);
    expect(fujiRush.stakes).toEqual([10, 20, 50, 100]);
  });

  it('plays a round of each game for a stake in coins', () => {
    expect(playRound(sakuraSevens, seeds, 100)).toEqual({ kind: 'slot', outcome: playSlotRound(seeds, 5) });
    expect(playRound(fujiRush, seeds, 50)).toEqual({ kind: 'pachinko', outcome: playPachinkoRound(seeds, 50) });
    expect(() => playRound(sakuraSevens, seeds, 30)).toThrow(RangeError);
    expect(() => playRound(fujiRush, seeds, 30)).toThrow(RangeError);
  });
});
