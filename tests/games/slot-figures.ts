/** Checks the slot titles' tests share: the volatility band and the stated RTP, both in exact rationals. */
import { mul, type Ratio, ratio, sub } from '@games/engine/ratio';
import type { ExactFigures, Volatility } from '@games/engine/title';

/** σ² of one round's return (win ÷ stake): E[X²] − E[X]². */
export function variance(figures: ExactFigures): Ratio {
  return sub(figures.secondMoment, mul(figures.rtp, figures.rtp));
}

const below = (value: Ratio, bound: number) => value.num < BigInt(bound) * value.den;

/** The band of docs/games.md: low σ < 3, medium 3 ≤ σ < 8, high 8 ≤ σ < 20, veryHigh σ ≥ 20, by σ² exactly. */
export function volatilityBand(figures: ExactFigures): Volatility {
  const sigmaSquared = variance(figures);
  if (below(sigmaSquared, 9)) return 'low';
  if (below(sigmaSquared, 64)) return 'medium';
  if (below(sigmaSquared, 400)) return 'high';
  return 'veryHigh';
}

/** σ as a decimal, for messages and documents only: the band is decided on σ² exactly. */
export function sigmaApproximately(figures: ExactFigures): number {
  const sigmaSquared = variance(figures);
  return Math.sqrt(Number(sigmaSquared.num) / Number(sigmaSquared.den));
}

/** |exact − stated| < 0.005 %, the stated RTP given to two decimals of a percent (basis points). */
export function agreesToTwoDecimals(exact: Ratio, statedBasisPoints: number): boolean {
  const gap = sub(exact, ratio(BigInt(statedBasisPoints), 10_000n));
  const magnitude = gap.num < 0n ? -gap.num : gap.num;
  // |gap| × 100 % < 0.005 %  ⇔  |gap.num| × 20,000 < gap.den
  return magnitude * 20_000n < gap.den;
}
