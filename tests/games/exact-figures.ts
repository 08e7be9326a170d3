/**
 * Fuji Rush's exact figures in rational arithmetic, by enumerating every outcome of every draw with
 * the game's own rules: what the tests assert and the bench prints beside its simulations. The slots'
 * exact figures live with their engines (games/engine/lines-exact.ts).
 */

import { add, mul, pow, type Ratio, ratio, sub } from '@games/engine/ratio';
import {
  isJackpot,
  jackpotOdds,
  jackpotPay,
  landingLanes,
  maxJackpotsPerBall,
  pocketOf,
  prizePocketPay,
  rushContinues,
  rushDrawRange,
} from '@games/pachinko-fuji-rush';

/** How many of the `range` equally likely values of a draw satisfy `test`, as a probability. */
export function share(range: number, test: (draw: number) => boolean): Ratio {
  let count = 0;
  for (let draw = 0; draw < range; draw += 1) if (test(draw)) count += 1;
  return ratio(BigInt(count), BigInt(range));
}

/**
 * Every draw a ball can make, enumerated over all its values with the game's own rules: the lane
 * (10,000 values), the lottery (199) and each rush draw (100). The rush's draws are independent, so
 * P(k jackpots) = c^(k−1)(1 − c) below the cap and c^(cap−1) at it, c = P(a rush draw continues).
 */
export function exactBall(): { rtp: Ratio; hit: Ratio; expectedJackpots: Ratio } {
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

/** A round of `balls` balls wins something unless no ball does. */
export function exactPachinkoRoundHit(balls: number): Ratio {
  return sub(ratio(1n), pow(sub(ratio(1n), exactBall().hit), balls));
}
