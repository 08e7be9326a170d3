/**
 * Exact figures of a cascade title (docs/games.md §20) by a Markov chain in BigInt: a window's pay
 * depends only on how many of each symbol it shows, and the survivors of a win are the symbols that
 * did not pay, each fewer than its least paying count. So the chain's state is the survivors' counts
 * and the window's index (its multiplier); the cells drawn into the gaps are independent draws from
 * the table, so the next window's counts are the survivors plus a multinomial refill.
 */
import { type CascadeDefinition, leastPayingCount, symbolPay } from './cascade';
import { type Ratio, ratio } from './ratio';
import type { ExactFigures } from './title';

interface Refill {
  counts: number[];
  /** r! / Π kᵢ! × Π wᵢ^kᵢ: the refill's chance times W^r, W the table's total weight. */
  weight: bigint;
}

/** All refills from one state that leave the same survivors (or end the round), summed. */
interface Transition {
  /** The survivors' state after a win, or -1 when the window wins nothing. */
  next: number;
  /** Σ chance, Σ chance × units and Σ chance × units², each times W^N (N the grid's cells). */
  weight: bigint;
  weightedUnits: bigint;
  weightedSquares: bigint;
  mostUnits: number;
}

const factorials = (n: number): bigint[] => {
  const list = [1n];
  for (let k = 1; k <= n; k += 1) list.push((list[k - 1] ?? 1n) * BigInt(k));
  return list;
};

/** Every way to draw r cells as counts per symbol, with its multinomial weight. */
function refills(weights: readonly bigint[], r: number): Refill[] {
  const factorial = factorials(r);
  const result: Refill[] = [];
  const counts = weights.map(() => 0);
  const last = weights.length - 1;
  // Dividing by each kᵢ! in turn stays exact: what is left of r! / (k₁! … kᵢ₋₁!) is a multiple of kᵢ!.
  const walk = (symbol: number, left: number, weight: bigint) => {
    const symbolWeight = weights[symbol] ?? 0n;
    for (let k = symbol === last ? left : 0; k <= left; k += 1) {
      counts[symbol] = k;
      const next = (weight * symbolWeight ** BigInt(k)) / (factorial[k] ?? 1n);
      if (symbol === last) result.push({ counts: [...counts], weight: next });
      else walk(symbol + 1, left - k, next);
    }
  };
  walk(0, r, factorial[r] ?? 1n);
  return result;
}

/** States are coded as numbers in base N + 1, one digit per symbol; they must stay exact. */
const stateCodes = 2 ** 52;

class CascadeChain {
  readonly cells: number;
  private readonly base: number;
  private readonly weights: bigint[];
  /** W^N: every transition's weight is its chance at this scale. */
  readonly scale: bigint;
  /** pays[symbol][count]: what that many of it pay, in units. */
  private readonly pays: number[][];
  private readonly least: number[];
  private readonly refillsBySize = new Map<number, Refill[]>();
  readonly transitions = new Map<number, Transition[]>();

  constructor(private readonly definition: CascadeDefinition) {
    this.cells = definition.reels * definition.rows;
    this.base = this.cells + 1;
    this.weights = definition.symbols.map((symbol) => BigInt(symbol.weight));
    this.scale = this.weights.reduce((sum, weight) => sum + weight, 0n) ** BigInt(this.cells);
    this.pays = definition.symbols.map((symbol) =>
      Array.from({ length: this.cells + 1 }, (_, count) => symbolPay(symbol, count)),
    );
    this.least = definition.symbols.map(leastPayingCount);
    if (this.base ** definition.symbols.length >= stateCodes) throw new RangeError('too many states to code');
    const pending = [0];
    for (let state = pending.pop(); state !== undefined; state = pending.pop()) {
      if (this.transitions.has(state)) continue;
      const list = this.transitionsOf(state);
      this.transitions.set(state, list);
      for (const { next } of list) if (next >= 0 && !this.transitions.has(next)) pending.push(next);
    }
  }

  private decode(state: number): number[] {
    return this.definition.symbols.map((_, index) => Math.floor(state / this.base ** index) % this.base);
  }

  private refillsOf(size: number): Refill[] {
    const known = this.refillsBySize.get(size);
    if (known) return known;
    const list = refills(this.weights, size);
    this.refillsBySize.set(size, list);
    return list;
  }

  /** The window's pay in units and the survivors' state code (-1 when it pays nothing). */
  private evaluate(kept: readonly number[], refill: readonly number[]): [number, number] {
    let units = 0;
    let next = 0;
    kept.forEach((count, index) => {
      const shown = count + (refill[index] ?? 0);
      units += this.pays[index]?.[shown] ?? 0;
      if (shown < (this.least[index] ?? 0)) next += shown * this.base ** index;
    });
    return [units, units > 0 ? next : -1];
  }

  private transitionsOf(state: number): Transition[] {
    const kept = this.decode(state);
    const size = this.cells - kept.reduce((sum, count) => sum + count, 0);
    const total = this.weights.reduce((sum, weight) => sum + weight, 0n);
    const grouped = new Map<number, Transition>();
    for (const refill of this.refillsOf(size)) {
      const [units, next] = this.evaluate(kept, refill.counts);
      const paid = BigInt(units);
      const entry = grouped.get(next) ?? { next, weight: 0n, weightedUnits: 0n, weightedSquares: 0n, mostUnits: 0 };
      entry.weight += refill.weight;
      entry.weightedUnits += refill.weight * paid;
      entry.weightedSquares += refill.weight * paid * paid;
      entry.mostUnits = Math.max(entry.mostUnits, units);
      grouped.set(next, entry);
    }
    const scale = total ** BigInt(this.cells - size);
    return [...grouped.values()].map((entry) => ({
      ...entry,
      weight: entry.weight * scale,
      weightedUnits: entry.weightedUnits * scale,
      weightedSquares: entry.weightedSquares * scale,
    }));
  }
}

/** What is known from window j on, per survivors' state: x, y (scaled moments) and the most units. */
interface Pass {
  x: Map<number, bigint>;
  y: Map<number, bigint>;
  most: Map<number, number>;
}

/**
 * One window back: x(s, j) = Σ weight × (units × m × D^(J−j−1) + x(s', j+1)), y likewise for the
 * square, with D = W^N; the last window (`after` null) pays without a cascade after it.
 */
function passBack(chain: CascadeChain, multiplier: number, later: bigint, after: Pass | null): Pass {
  const pass: Pass = { x: new Map(), y: new Map(), most: new Map() };
  const m = BigInt(multiplier);
  for (const [state, list] of chain.transitions) {
    let sx = 0n;
    let sy = 0n;
    let best = 0;
    for (const { next, weight, weightedUnits, weightedSquares, mostUnits } of list) {
      const fx = (next >= 0 && after?.x.get(next)) || 0n;
      const fy = (next >= 0 && after?.y.get(next)) || 0n;
      sx += weightedUnits * m * later + weight * fx;
      sy += weightedSquares * m * m * later + 2n * m * weightedUnits * fx + weight * fy;
      best = Math.max(best, mostUnits * multiplier + ((next >= 0 && after?.most.get(next)) || 0));
    }
    pass.x.set(state, sx);
    pass.y.set(state, sy);
    pass.most.set(state, best);
  }
  return pass;
}

/**
 * Backward over the windows: x(s, j) = E[win from window j on | survivors s] × D^(J−j), y the same
 * for the win's square, both whole numbers, so no fraction is reduced on the way. The round starts
 * from no survivors (state 0) at window 0.
 */
export function cascadeExact(
  definition: CascadeDefinition,
): ExactFigures & { maxWinMultiplier: Ratio; states: number } {
  const chain = new CascadeChain(definition);
  let after: Pass | null = null;
  let later = 1n;
  for (let index = definition.multipliers.length - 1; index >= 0; index -= 1) {
    after = passBack(chain, definition.multipliers[index] ?? 0, later, after);
    later *= chain.scale;
  }
  const units = BigInt(definition.unitsPerStake);
  const misses = chain.transitions.get(0)?.find((transition) => transition.next < 0)?.weight ?? 0n;
  return {
    rtp: ratio(after?.x.get(0) ?? 0n, later * units),
    secondMoment: ratio(after?.y.get(0) ?? 0n, later * units * units),
    hitFrequency: ratio(chain.scale - misses, chain.scale),
    maxWinMultiplier: ratio(BigInt(after?.most.get(0) ?? 0), units),
    states: chain.transitions.size,
  };
}
