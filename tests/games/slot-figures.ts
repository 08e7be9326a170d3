/**
 * What the feature slots' tests read from exact figures: the stated RTP's agreement to two
 * decimals of a percent, and the volatility band of σ, all in exact rationals.
 */
import { type Ratio, ratio, sub } from '@games/engine/ratio';
import type { ExactFigures, Volatility } from '@games/engine/title';

const magnitude = (value: Ratio): Ratio => ratio(value.num < 0n ? -value.num : value.num, value.den);
const below = (a: Ratio, b: Ratio): boolean => a.num * b.den < b.num * a.den;

/** |exact − stated| < 0.005 %: the stated RTP is the exact one rounded to two decimals of a percent. */
export function agreesToTwoDecimals(exact: Ratio, statedBasisPoints: number): boolean {
  return below(magnitude(sub(exact, ratio(BigInt(statedBasisPoints), 10_000n))), ratio(5n, 100_000n));
}

/** σ² = E[X²] − E[X]², X one round's win ÷ stake. */
export function variance(figures: ExactFigures): Ratio {
  const { rtp, secondMoment } = figures;
  return sub(secondMoment, ratio(rtp.num * rtp.num, rtp.den * rtp.den));
}

/** The band of σ, compared as σ² against the squared bounds so no square root is taken. */
export function volatilityBand(figures: ExactFigures): Volatility {
  const squared = variance(figures);
  if (below(squared, ratio(9n))) return 'low';
  if (below(squared, ratio(64n))) return 'medium';
  if (below(squared, ratio(400n))) return 'high';
  return 'veryHigh';
}

/** σ to `digits` decimals, for the rules document's figures (floor of the exact root). */
export function sigmaText(figures: ExactFigures, digits: number): string {
  const squared = variance(figures);
  const scale = 10n ** BigInt(digits);
  const target = (squared.num * scale * scale) / squared.den;
  let root = 0n;
  for (let bit = 1n << 128n; bit > 0n; bit >>= 1n) if ((root + bit) * (root + bit) <= target) root += bit;
  const fraction = (root % scale).toString().padStart(digits, '0');
  return `${root / scale}.${fraction}`;
}

/** σ as a decimal, for messages and documents only: the band is decided on σ² exactly. */
export function sigmaApproximately(figures: ExactFigures): number {
  const sigmaSquared = variance(figures);
  return Math.sqrt(Number(sigmaSquared.num) / Number(sigmaSquared.den));
}
