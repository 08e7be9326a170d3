/**
 * A pachinko title's exact figures in BigInt rationals (docs/games.md §3), read from the same
 * statechart the engine plays. After a jackpot the rush is a Markov chain on the mode the next
 * jackpot is drawn in; a timed mode of N spins at odds 1/o yields a jackpot with probability
 * 1 − (1 − 1/o)^N before its spins run out. The chain gives the distribution of a ball's jackpots,
 * and the round's jackpots are the balls' summed and cut at the round's cap, so the round's
 * figures are polynomial powers of one ball's generating function, kept in whole numbers.
 */
import {
  ballPrice,
  digitCount,
  jackpotRows,
  type ModeKind,
  modeKinds,
  modeOf,
  type PachinkoMachine,
  type Presentation,
  presentations,
  spinsOutTarget,
} from './pachinko';
import { add, mul, pow, type Ratio, ratio, sub } from './ratio';
import type { ExactFigures, Volatility } from './title';

const one = ratio(1n);
const zero = ratio(0n);

type ModeVector = Record<ModeKind, Ratio>;
const emptyVector = (): ModeVector => ({ normal: zero, kakuhen: zero, jitan: zero, st: zero });

/** P(a jackpot while in mode m) for a mode of `spins` at 1/odds; certain for a mode without a spin limit. */
export function modeJackpotChance(machine: PachinkoMachine, kind: ModeKind): Ratio {
  const { odds, spins } = modeOf(machine, kind);
  if (spins === null) return one;
  return sub(one, pow(ratio(BigInt(odds - 1), BigInt(odds)), spins));
}

/** Entering mode m fresh: the chance the rush's next jackpot is drawn in each mode (0 in all: the rush ends). */
function nextJackpotMode(machine: PachinkoMachine, kind: ModeKind, depth = 0): ModeVector {
  const vector = emptyVector();
  if (kind === 'normal') return vector;
  if (depth > modeKinds.length) throw new RangeError('timed modes run out into each other without end');
  const hit = modeJackpotChance(machine, kind);
  vector[kind] = hit;
  if (modeOf(machine, kind).spins === null) return vector;
  const after = nextJackpotMode(machine, spinsOutTarget(machine, kind), depth + 1);
  for (const mode of modeKinds) vector[mode] = add(vector[mode], mul(sub(one, hit), after[mode]));
  return vector;
}

/** The 振り分け from a mode: each row's share of the weights. */
export function allotmentShares(machine: PachinkoMachine, from: ModeKind): { to: ModeKind; share: Ratio }[] {
  const rows = jackpotRows(machine, from);
  const weights = BigInt(rows.reduce((sum, row) => sum + row.weight, 0));
  return rows.map((row) => ({ to: row.to, share: ratio(BigInt(row.weight), weights) }));
}

/** chain[m][m'']: after a jackpot drawn in m, the chance that the rush's next jackpot is drawn in m''. */
export function jackpotChain(machine: PachinkoMachine): Record<ModeKind, ModeVector> {
  const chain = { normal: emptyVector(), kakuhen: emptyVector(), jitan: emptyVector(), st: emptyVector() };
  for (const from of modeKinds) {
    for (const { to, share } of allotmentShares(machine, from)) {
      const next = nextJackpotMode(machine, to);
      for (const mode of modeKinds) chain[from][mode] = add(chain[from][mode], mul(share, next[mode]));
    }
  }
  return chain;
}

/** After a jackpot drawn in m, the chance of one more before the rush ends (the rush's continuation rate). */
export function continuation(machine: PachinkoMachine, from: ModeKind): Ratio {
  const row = jackpotChain(machine)[from];
  return modeKinds.reduce((sum, mode) => add(sum, row[mode]), zero);
}

const lcm = (a: bigint, b: bigint): bigint => {
  let [x, y] = [a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return (a / x) * b;
};

/**
 * A ball's jackpots after a start-pocket jackpot, K, uncut: P(K = k) = a[k] / base^k for k = 1 … upTo,
 * in whole numbers: the chain times `base` is a whole matrix.
 */
export function rushJackpotCounts(machine: PachinkoMachine, upTo: number): { base: bigint; counts: bigint[] } {
  const chain = jackpotChain(machine);
  let base = 1n;
  for (const from of modeKinds) for (const to of modeKinds) base = lcm(base, chain[from][to].den);
  const whole = modeKinds.map((from) => modeKinds.map((to) => (chain[from][to].num * base) / chain[from][to].den));
  // reach[k − 1] = base^(k − 1) × P(K ≥ k), from the start pocket's jackpot in 通常.
  let vector: bigint[] = modeKinds.map((mode) => (mode === 'normal' ? 1n : 0n));
  const reach: bigint[] = [];
  for (let k = 1; k <= upTo + 1; k += 1) {
    reach.push(vector.reduce((sum, value) => sum + value, 0n));
    vector = modeKinds.map((_, to) => vector.reduce((sum, value, from) => sum + value * (whole[from]?.[to] ?? 0n), 0n));
  }
  const counts = [0n];
  for (let k = 1; k <= upTo; k += 1) counts.push(base * (reach[k - 1] ?? 0n) - (reach[k] ?? 0n));
  return { base, counts };
}

/** The product of two whole-number polynomials, cut below degree `size`. */
function polyTimes(a: readonly bigint[], b: readonly bigint[], size: number): bigint[] {
  const product = new Array<bigint>(size).fill(0n);
  for (const [i, left] of a.entries()) {
    if (left === 0n) continue;
    for (const [j, right] of b.entries()) if (i + j < size) product[i + j] = (product[i + j] ?? 0n) + left * right;
  }
  return product;
}

/** The primes of a small whole number, by trial division. */
function primesOf(value: number): number[] {
  const primes: number[] = [];
  let rest = value;
  for (let p = 2; p * p <= rest; p += 1) {
    if (rest % p !== 0) continue;
    primes.push(p);
    while (rest % p === 0) rest /= p;
  }
  return rest > 1 ? [...primes, rest] : primes;
}

/** The primes any figure's denominator is made of: the lanes', the odds', the 振り分け totals' and the balls'. */
function denominatorPrimes(machine: PachinkoMachine, balls: number): bigint[] {
  const sources = [
    machine.lanes.range,
    balls * ballPrice,
    ...modeKinds.flatMap((kind) => machine.modes[kind]?.odds ?? []),
  ];
  for (const from of modeKinds) sources.push(jackpotRows(machine, from).reduce((sum, row) => sum + row.weight, 0) || 1);
  return [...new Set(sources.flatMap(primesOf))].map(BigInt);
}

/**
 * num / den in lowest terms when den's primes are known: thousands of digits make Euclid slow, while
 * dividing out a few small primes is quick. Falls back to Euclid if den has any other factor.
 */
function reduced(num: bigint, den: bigint, primes: readonly bigint[]): Ratio {
  let [top, bottom, rest] = [num, den, den];
  for (const p of primes) {
    for (const step of [p ** 64n, p ** 8n, p]) {
      while (rest % step === 0n) rest /= step;
      while (bottom % step === 0n && top % step === 0n) [top, bottom] = [top / step, bottom / step];
    }
  }
  return rest === 1n ? { num: top, den: bottom } : ratio(num, den);
}

/**
 * One ball's generating function f(x) = (1 / scale) Σ alpha[k] (x / base)^k, written as
 * alpha[0] + g(x), with tails[b] = g^b cut below degree cap: then the x^t coefficient of (scale f)^n
 * is Σ_b C(n, b) alpha[0]^(n − b) tails[b][t], for any n, from the same tails.
 */
interface BallSeries {
  base: bigint;
  scale: bigint;
  alpha0: bigint;
  tails: bigint[][];
}

const seriesOf = new WeakMap<PachinkoMachine, BallSeries>();

function ballSeries(machine: PachinkoMachine): BallSeries {
  const known = seriesOf.get(machine);
  if (known) return known;
  const cap = machine.roundJackpotCap;
  const { base, counts } = rushJackpotCounts(machine, cap - 1);
  const scale = BigInt(machine.lanes.range * machine.modes.normal.odds);
  const starts = BigInt(machine.lanes.start);
  const tail = [0n, ...counts.slice(1).map((value) => starts * value)];
  const tails = [[1n, ...new Array<bigint>(cap - 1).fill(0n)]];
  for (let b = 1; b < cap; b += 1) tails.push(polyTimes(tails[b - 1] ?? [], tail, cap));
  const series = { base, scale, alpha0: scale - starts, tails };
  seriesOf.set(machine, series);
  return series;
}

/** The coefficients of (scale f)^n below degree cap. */
function roundSeries(series: BallSeries, n: number, cap: number): bigint[] {
  const coefficients = new Array<bigint>(cap).fill(0n);
  let binomial = 1n;
  for (let b = 0; b < cap && b <= n; b += 1) {
    const weight = binomial * series.alpha0 ** BigInt(n - b);
    for (const [t, value] of (series.tails[b] ?? []).entries())
      coefficients[t] = (coefficients[t] ?? 0n) + weight * value;
    binomial = (binomial * BigInt(n - b)) / BigInt(b + 1);
  }
  return coefficients;
}

/** P(a ball's start spin is a jackpot): a start-pocket lane, then lottery 0 in 通常. */
export function startJackpotChance(machine: PachinkoMachine): Ratio {
  return ratio(BigInt(machine.lanes.start), BigInt(machine.lanes.range * machine.modes.normal.odds));
}

/**
 * The exact figures of a round of `balls`. With S the balls' jackpots summed uncut and C the cap, the
 * round pays J = min(S, C) jackpots; with f(x) one ball's generating function of K (0 unless its start
 * spin is a jackpot), P(S = t) is the x^t coefficient of f^n, and E[prizes; S = t] that of n·p·f^(n−1)
 * for p the prize-pocket chance, since a prize ball has no jackpot.
 */
export function exactPachinkoRound(machine: PachinkoMachine, balls: number): ExactFigures {
  const cap = machine.roundJackpotCap;
  const series = ballSeries(machine);
  const { base, scale } = series;
  const all = roundSeries(series, balls, cap);
  const allButOne = roundSeries(series, balls - 1, cap);
  const c = BigInt(cap);
  const n = BigInt(balls);
  // Whole numbers over the common denominator den = scale^n × base^(cap − 1); each figure is reduced once.
  const den = scale ** n * base ** (c - 1n);
  let capJ = c * den;
  let capJ2 = c * c * den;
  let capPJ = c * den;
  for (let t = 0; t < cap; t += 1) {
    const lift = base ** BigInt(cap - 1 - t);
    const [some, someButOne] = [all[t] ?? 0n, allButOne[t] ?? 0n];
    capJ -= (c - BigInt(t)) * some * lift;
    capJ2 -= (c * c - BigInt(t * t)) * some * lift;
    capPJ -= (c - BigInt(t)) * someButOne * lift * scale;
  }
  // E[J] = capJ / den, E[J²] = capJ2 / den, E[prizes × J] = n p × capPJ / den, p = prize / range.
  const range = BigInt(machine.lanes.range);
  const prize = BigInt(machine.lanes.prize);
  const pp = BigInt(machine.prizePay);
  const jp = BigInt(machine.jackpotPay);
  const win = pp * n * prize * den + jp * range * capJ;
  const prizeSquares = n * prize * (range - prize) + n * n * prize * prize;
  const winSquared =
    pp * pp * prizeSquares * den + 2n * pp * jp * n * prize * range * capPJ + jp * jp * range * range * capJ2;
  const stake = n * BigInt(ballPrice);
  const primes = denominatorPrimes(machine, balls);
  const nothing = sub(sub(one, ratio(prize, range)), startJackpotChance(machine));
  return {
    rtp: reduced(win, range * den * stake, primes),
    hitFrequency: sub(one, pow(nothing, balls)),
    secondMoment: reduced(winSquared, range * range * den * stake * stake, primes),
  };
}

/** σ² of one round's return, secondMoment − rtp², left unreduced: Euclid on its digits would take seconds. */
export function returnVariance({ rtp, secondMoment }: ExactFigures): Ratio {
  return {
    num: secondMoment.num * rtp.den * rtp.den - rtp.num * rtp.num * secondMoment.den,
    den: secondMoment.den * rtp.den * rtp.den,
  };
}

/** The hall's bands of σ, compared exactly on σ²: low < 3 ≤ medium < 8 ≤ high < 20 ≤ veryHigh. */
export function volatilityBand(figures: ExactFigures): Volatility {
  const variance = returnVariance(figures);
  const below = (sigma: bigint) => variance.num < sigma * sigma * variance.den;
  if (below(3n)) return 'low';
  if (below(8n)) return 'medium';
  if (below(20n)) return 'high';
  return 'veryHigh';
}

/**
 * P(jackpot | presentation) for a spin in mode m: a jackpot always shows a リーチ, with the jackpot
 * weights; a miss shows one when its left and right digits match (9 of the 81 pairs), with the miss weights.
 */
export function presentationJackpotOdds(machine: PachinkoMachine, kind: ModeKind): Record<Presentation, Ratio> {
  const { odds } = modeOf(machine, kind);
  const jackpot = ratio(1n, BigInt(odds));
  let matching = 0;
  for (let left = 1; left <= digitCount; left += 1)
    for (let right = 1; right <= digitCount; right += 1) if (left === right) matching += 1;
  const reachOnMiss = mul(sub(one, jackpot), ratio(BigInt(matching), BigInt(digitCount * digitCount)));
  const share = (weights: readonly number[], index: number) =>
    ratio(BigInt(weights[index] ?? 0), BigInt(weights.reduce((sum, weight) => sum + weight, 0)));
  const result = {} as Record<Presentation, Ratio>;
  for (const [index, presentation] of presentations.entries()) {
    const hit = mul(jackpot, share(machine.reach.jackpot, index));
    const miss = mul(reachOnMiss, share(machine.reach.miss, index));
    result[presentation] = mul(hit, ratio(add(hit, miss).den, add(hit, miss).num));
  }
  return result;
}
