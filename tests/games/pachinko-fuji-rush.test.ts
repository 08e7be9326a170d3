import { fujiRush } from '@games/catalogue';
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
  rushContinues,
  rushDrawRange,
} from '@games/pachinko-fuji-rush';
import { DrawStream } from '@games/provably-fair';
import { describe, expect, it } from 'vitest';
import { add, agreesToFourDecimals, mul, percentText, pow, type Ratio, ratio, sub } from './exact';

const serverSeed = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const clientSeed = 'player';

/** How many of the `range` equally likely values of a draw satisfy `test`, as a probability. */
function share(range: number, test: (draw: number) => boolean): Ratio {
  let count = 0;
  for (let draw = 0; draw < range; draw += 1) if (test(draw)) count += 1;
  return ratio(BigInt(count), BigInt(range));
}

/**
 * Every draw a ball can make, enumerated over all its values with the game's own rules: the lane
 * (10,000 values), the lottery (199) and each rush draw (100). The rush's draws are independent, so
 * P(k jackpots) = c^(k−1)(1 − c) below the cap and c^(cap−1) at it, c = P(a rush draw continues).
 */
function exactBall(): { rtp: Ratio; hit: Ratio; expectedJackpots: Ratio } {
  const lanes = (pocket: string) => share(landingLanes, (lane) => pocketOf(lane) === pocket);
  const start = lanes('start');
  const prize = lanes('prize');
  const jackpot = share(jackpotOdds, isJackpot);
  const continues = share(rushDrawRange, rushContinues);
  let expectedJackpots = ratio(0n);
  for (let jackpots = 1; jackpots <= maxJackpotsPerBall; jackpots += 1) {
    const reach = pow(continues, jackpots - 1);
    const probability = jackpots < maxJackpotsPerBall ? mul(reach, sub(ratio(1n), continues)) : reach;
    expectedJackpots = add(expectedJackpots, mul(probability, ratio(BigInt(jackpots))));
  }
  const jackpotPerBall = mul(start, jackpot);
  const rtp = add(
    mul(prize, ratio(BigInt(prizePocketPay))),
    mul(jackpotPerBall, mul(expectedJackpots, ratio(BigInt(jackpotPay)))),
  );
  return { rtp, hit: add(prize, jackpotPerBall), expectedJackpots };
}

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
    // A round of 10 balls wins something unless all ten win nothing.
    const roundHit = sub(ratio(1n), pow(sub(ratio(1n), hit), 10));
    expect(percentText(roundHit, 2)).toBe('86.88');
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
