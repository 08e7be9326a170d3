/**
 * Fuji Rush, the studio's pachinko-style game (docs/games.md §3). A round launches a chosen number
 * of balls at 1 coin each. Every ball lands in one of 10,000 equally likely lanes: a start pocket
 * (3.98 %), a prize pocket paying 3 coins (18.36 %) or out. A ball in a start pocket draws the
 * jackpot lottery (1 in 199); a jackpot pays 1,024 coins and starts a 確変 rush in which each further
 * draw continues with another jackpot half the time, up to 10 jackpots in all. The rush ends within
 * the ball that started it, so a round's win depends on its own draws only and the RTP is exact.
 */
import { DrawStream, type RoundSeeds } from './provably-fair';

export const ballPrice = 1;
/** The balls a round may launch. */
export const ballsPerRound: readonly number[] = [10, 20, 50, 100];

export const landingLanes = 10_000;
export const startPocketLanes = 398;
export const prizePocketLanes = 1_836;
export const prizePocketPay = 3;

/** The jackpot lottery draws a uniform integer in [0, jackpotOdds); 0 is the jackpot. */
export const jackpotOdds = 199;
export const jackpotPay = 1_024;

/** A rush draw is a uniform integer in [0, 100); below rushContinuePercent is one more jackpot. */
export const rushContinuePercent = 50;
export const rushDrawRange = 100;
/** Jackpots in one rush at most, the first included: a ball pays at most 10 × 1,024 coins. */
export const maxJackpotsPerBall = 10;

export type Pocket = 'start' | 'prize' | 'out';

/** Lanes [0, 398) are the start pocket, [398, 2234) the prize pockets, the rest out. */
export function pocketOf(lane: number): Pocket {
  if (lane < startPocketLanes) return 'start';
  if (lane < startPocketLanes + prizePocketLanes) return 'prize';
  return 'out';
}

export function isJackpot(lotteryDraw: number): boolean {
  return lotteryDraw === 0;
}

export function rushContinues(rushDraw: number): boolean {
  return rushDraw < rushContinuePercent;
}

export interface BallOutcome {
  lane: number;
  pocket: Pocket;
  /** The jackpot lottery's draw, for a ball in the start pocket. */
  lottery?: number;
  /** The rush draws after the first jackpot, in order. */
  rushDraws?: number[];
  jackpots: number;
  win: number;
}

export interface PachinkoOutcome {
  balls: BallOutcome[];
  totalBet: number;
  jackpots: number;
  totalWin: number;
}

function playBall(stream: DrawStream): BallOutcome {
  const lane = stream.uniformInt(landingLanes);
  const pocket = pocketOf(lane);
  if (pocket === 'prize') return { lane, pocket, jackpots: 0, win: prizePocketPay };
  if (pocket === 'out') return { lane, pocket, jackpots: 0, win: 0 };
  const lottery = stream.uniformInt(jackpotOdds);
  if (!isJackpot(lottery)) return { lane, pocket, lottery, jackpots: 0, win: 0 };
  const rushDraws: number[] = [];
  let jackpots = 1;
  while (jackpots < maxJackpotsPerBall) {
    const draw = stream.uniformInt(rushDrawRange);
    rushDraws.push(draw);
    if (!rushContinues(draw)) break;
    jackpots += 1;
  }
  return { lane, pocket, lottery, rushDraws, jackpots, win: jackpots * jackpotPay };
}

export function isBallCount(balls: number): boolean {
  return ballsPerRound.includes(balls);
}

/** The balls are played in launch order from one draw stream; each takes the draws it needs. */
export function playPachinkoRound(seeds: RoundSeeds, balls: number): PachinkoOutcome {
  if (!isBallCount(balls)) throw new RangeError(`${balls} balls is not a round on offer`);
  const stream = new DrawStream(seeds);
  const outcomes = Array.from({ length: balls }, () => playBall(stream));
  return {
    balls: outcomes,
    totalBet: balls * ballPrice,
    jackpots: outcomes.reduce((sum, ball) => sum + ball.jackpots, 0),
    totalWin: outcomes.reduce((sum, ball) => sum + ball.win, 0),
  };
}
