/** Exact rational arithmetic on BigInt for the games' expectations: no float ever enters an exact figure. */
export interface Ratio {
  num: bigint;
  den: bigint;
}

/** Iterative: the pachinko chains' fractions run to thousands of digits, too deep for recursion. */
function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x < 0n ? -x : x;
}

export function ratio(num: bigint, den = 1n): Ratio {
  const divisor = gcd(num, den) * (den < 0n ? -1n : 1n);
  return { num: num / divisor, den: den / divisor };
}

export const add = (a: Ratio, b: Ratio): Ratio => ratio(a.num * b.den + b.num * a.den, a.den * b.den);
export const sub = (a: Ratio, b: Ratio): Ratio => ratio(a.num * b.den - b.num * a.den, a.den * b.den);
export const mul = (a: Ratio, b: Ratio): Ratio => ratio(a.num * b.num, a.den * b.den);

/** a^n for a whole n ≥ 0. */
export function pow(a: Ratio, n: number): Ratio {
  let result = ratio(1n);
  for (let index = 0; index < n; index += 1) result = mul(result, a);
  return result;
}

/**
 * The ratio as the nearest float, for comparing with a simulation: exact Markov-chain figures have
 * numerators and denominators far beyond a float's range, so the quotient is scaled in BigInt first.
 */
export function ratioValue(value: Ratio): number {
  const scale = 10n ** 18n;
  return Number((value.num * scale) / value.den) / 1e18;
}

/** The ratio as a percentage with `digits` decimals, rounded half up: 24/25 → "96.0000". */
export function percentText(value: Ratio, digits: number): string {
  const scale = 10n ** BigInt(digits);
  const scaled = (value.num * 100n * scale * 2n + value.den) / (value.den * 2n);
  const whole = scaled / scale;
  const fraction = (scaled % scale).toString().padStart(digits, '0');
  return digits === 0 ? `${whole}` : `${whole}.${fraction}`;
}

/**
 * Whether the exact RTP agrees with the stated one (in hundredths of a percent) to four decimals of
 * a percent: |exact − stated| < 0.00005 %.
 */
export function agreesToFourDecimals(exact: Ratio, statedBasisPoints: number): boolean {
  const gap = sub(exact, ratio(BigInt(statedBasisPoints), 10_000n));
  const magnitude = gap.num < 0n ? -gap.num : gap.num;
  // |gap| × 100 % < 5 / 10^5 %  ⇔  |gap.num| × 10^7 < 5 × gap.den
  return magnitude * 10_000_000n < 5n * gap.den;
}
