import { fujiRush } from '@games/titles/fuji-rush';
import { add, agreesToFourDecimals, percentText, ratio } from '@games/engine/ratio';
import {
  ballsPerRound,
  isJackpot,
  jackpotOdds,
  jackpotPay,
  landingLanes,
  maxJackpotsPerBall,
  playPachinkoRound,
  pocketOf,
  prizePocketPay,
  rushDrawRange,
} from '@games/pachinko-fuji-rush';
import { DrawStream } from '@games/provably-fair';
import { describe, expect, it } from 'vitest';
import { exactBall, exactPachinkoRoundHit, share } from './exact-figures';

const serverSeed = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const clientSeed = 'player';

describe('Fuji Rush: exact RTP (docs/games.md §3)', () => {
  it('has the stated RTP per ball, so per round of any size, to four decimals', () => {
    const { rtp, expectedJackpots } = exactBall();
    expect(expectedJackpots).toEqual(ratio(1023n, 512n));
    expect(rtp).toEqual(ratio(24n, 25n));
    expect(percentText(rtp, 4)).toBe('96.0000');
    expect(agreesToFourDecimals(rtp, fujiRush.rtpBasisPoints)).toBe(true);
  });

  it('has the documented jackpot odds and hit frequency', () => {
    expect(share(jackpotOdds, isJackpot)).toEqual(ratio(1n, 199n));
    const { hit } = exactBall();
    expect(hit).toEqual(ratio(1838n, 10_000n));
    expect(percentText(exactPachinkoRoundHit(10), 4)).toBe('86.8790');
  });

  it('would notice a prize pocket paying one coin more', () => {
    const { rtp } = exactBall();
    const changed = add(
      rtp,
      share(landingLanes, (lane) => pocketOf(lane) === 'prize'),
    );
    expect(agreesToFourDecimals(changed, fujiRush.rtpBasisPoints)).toBe(false);
  });
});

describe('Fuji Rush: rounds as documented', () => {
  it('plays fixed rounds to the stated outcomes', () => {
    const quiet = playPachinkoRound({ serverSeed, clientSeed, nonce: 0 }, 10);
    expect(quiet.balls.map((ball) => ball.lane)).toEqual([6141, 4307, 6651, 3695, 9786, 3924, 3456, 177, 9139, 133]);
    expect(quiet.balls.map((ball) => ball.lottery)).toEqual([...new Array(7).fill(undefined), 123, undefined, 53]);
    expect([quiet.totalBet, quiet.totalWin]).toEqual([10, 0]);
    // Nonce 210: five prize pockets (5 × 3) and a jackpot whose rush continues once (41 < 50) and ends (62).
    const lucky = playPachinkoRound({ serverSeed, clientSeed, nonce: 210 }, 10);
    expect(lucky.balls[6]).toEqual({
      lane: 329,
      pocket: 'start',
      lottery: 0,
      rushDraws: [41, 62],
      jackpots: 2,
      win: 2048,
    });
    expect(lucky.balls.filter((ball) => ball.pocket === 'prize')).toHaveLength(5);
    expect([lucky.jackpots, lucky.totalWin]).toEqual([2, 2063]);
  });

  it('replays each ball from the same draw stream in launch order', () => {
    let jackpots = 0;
    for (let nonce = 0; nonce < 500; nonce += 1) {
      const seeds = { serverSeed, clientSeed, nonce };
      const outcome = playPachinkoRound(seeds, 100);
      const stream = new DrawStream(seeds);
      let total = 0;
      for (const ball of outcome.balls) {
        expect(ball.lane).toBe(stream.uniformInt(landingLanes));
        expect(ball.pocket).toBe(pocketOf(ball.lane));
        let win = ball.pocket === 'prize' ? prizePocketPay : 0;
        if (ball.pocket === 'start') {
          expect(ball.lottery).toBe(stream.uniformInt(jackpotOdds));
          if (ball.lottery === 0) {
            let count = 1;
            for (const draw of ball.rushDraws ?? []) {
              expect(draw).toBe(stream.uniformInt(rushDrawRange));
              if (draw < 50) count += 1;
            }
            expect(count).toBeLessThanOrEqual(maxJackpotsPerBall);
            expect(ball.jackpots).toBe(count);
            win += count * jackpotPay;
          }
        }
        expect(ball.win).toBe(win);
        total += win;
      }
      expect(outcome.totalWin).toBe(total);
      jackpots += outcome.jackpots;
    }
    expect(jackpots).toBeGreaterThan(0);
  });

  it('takes only the ball counts on offer', () => {
    for (const balls of ballsPerRound) expect(Number.isInteger(balls)).toBe(true);
    expect(() => playPachinkoRound({ serverSeed, clientSeed, nonce: 0 }, 7)).toThrow(RangeError);
  });
});
