/**
 * Exact figures of a free-spins title (docs/games.md §22) in BigInt rationals. One spin's stops are
 * independent and uniform, so enumerating every stop combination gives the spin's win (in units)
 * jointly with its scatters. Free spins draw the same way, each independently of the others, so the
 * feature is a Markov chain over (free spins left, free spins awarded so far), whose every step
 * plays one spin; awarded grows to the cap and the spins played grow by one each step.
 */
import { countScatters, type FreeSpinsDefinition, windowAt } from './free-spins';
import { add, mul, type Ratio, ratio } from './ratio';
import type { ExactFigures } from './title';

/** One spin's outcomes by its scatters: how many stop combinations, Σ win, Σ win², the most, in units. */
export interface ScatterClass {
  scatters: number;
  count: bigint;
  /** Of them, the combinations that win nothing. */
  zeros: bigint;
  sum: bigint;
  squares: bigint;
  most: number;
}

/** Σ over stops, reel by reel, of each symbol's run and ways: reel 1 starts every way, the wild extends it. */
export function spinDistribution(definition: FreeSpinsDefinition): { classes: ScatterClass[]; combinations: bigint } {
  const symbols = Object.keys(definition.pays);
  const columns = definition.strips.map((strip, reel) =>
    strip.map((_, stop) => {
      const stops = definition.strips.map((_, other) => (other === reel ? stop : 0));
      const column = windowAt(definition, stops)[reel] ?? [];
      return {
        counts: symbols.map(
          (symbol) => column.filter((id) => id === symbol || (reel > 0 && id === definition.wild)).length,
        ),
        scatters: countScatters(definition, [column]),
      };
    }),
  );
  const pays = symbols.map((symbol) => definition.pays[symbol] ?? [0, 0, 0]);
  const classes = new Map<number, ScatterClass>();
  const reels = columns.length;
  const walk = (reel: number, ways: number[], paid: number, scatters: number) => {
    if (reel === reels) {
      const units = paid + ways.reduce((sum, count, index) => sum + count * (pays[index]?.[reels - 3] ?? 0), 0);
      const total = units + (definition.scatterPays[scatters] ?? 0);
      const entry = classes.get(scatters) ?? { scatters, count: 0n, zeros: 0n, sum: 0n, squares: 0n, most: 0 };
      entry.count += 1n;
      if (total === 0) entry.zeros += 1n;
      entry.sum += BigInt(total);
      entry.squares += BigInt(total) * BigInt(total);
      entry.most = Math.max(entry.most, total);
      classes.set(scatters, entry);
      return;
    }
    for (const column of columns[reel] ?? []) {
      let ended = paid;
      const next = ways.map((count, index) => {
        const shown = column.counts[index] ?? 0;
        // A run that stops here after 3 or 4 reels pays what it reached.
        if (count > 0 && shown === 0 && reel >= 3) ended += count * (pays[index]?.[reel - 3] ?? 0);
        return count * shown;
      });
      walk(reel + 1, next, ended, scatters + column.scatters);
    }
  };
  walk(
    0,
    symbols.map(() => 1),
    0,
    0,
  );
  const combinations = definition.strips.reduce((product, strip) => product * BigInt(strip.length), 1n);
  return { classes: [...classes.values()], combinations };
}

interface Feature {
  mean: Ratio;
  square: Ratio;
  most: Ratio;
}

/**
 * E[feature win], E[its square] and its largest value, in stakes, from `left` free spins with
 * `awarded` given so far: each free spin pays its win × the multiplier and adds its award, capped.
 */
function featureChain(definition: FreeSpinsDefinition, classes: readonly ScatterClass[], combinations: bigint) {
  const memo = new Map<string, Feature>();
  const scale = ratio(BigInt(definition.freeSpinMultiplier), BigInt(definition.unitsPerStake));
  const steps = classes.map((entry) => ({
    chance: ratio(entry.count, combinations),
    mean: mul(ratio(entry.sum, combinations), scale),
    square: mul(ratio(entry.squares, combinations), mul(scale, scale)),
    most: mul(ratio(BigInt(entry.most)), scale),
    award: definition.awards[entry.scatters] ?? 0,
  }));
  const value = (left: number, awarded: number): Feature => {
    if (left === 0) return { mean: ratio(0n), square: ratio(0n), most: ratio(0n) };
    const key = `${left}:${awarded}`;
    const known = memo.get(key);
    if (known) return known;
    let mean = ratio(0n);
    let square = ratio(0n);
    let most = ratio(0n);
    for (const step of steps) {
      const added = Math.min(step.award, definition.maxFreeSpins - awarded);
      const after = value(left - 1 + added, awarded + added);
      // E[(w + R)²] = E[w²] + 2 E[w] E[R] + E[R²]: the rest R depends on this spin only through its award.
      mean = add(mean, add(step.mean, mul(step.chance, after.mean)));
      square = add(
        square,
        add(step.square, add(mul(ratio(2n), mul(step.mean, after.mean)), mul(step.chance, after.square))),
      );
      const top = add(step.most, after.most);
      if (top.num * most.den > most.num * top.den) most = top;
    }
    const result = { mean, square, most };
    memo.set(key, result);
    return result;
  };
  return value;
}

export function freeSpinsExact(definition: FreeSpinsDefinition): ExactFigures & {
  maxWinMultiplier: Ratio;
  triggerChance: Ratio;
  featureMean: Ratio;
} {
  const { classes, combinations } = spinDistribution(definition);
  const feature = featureChain(definition, classes, combinations);
  const unit = ratio(1n, BigInt(definition.unitsPerStake));
  let rtp = ratio(0n);
  let secondMoment = ratio(0n);
  let hits = 0n;
  let triggers = 0n;
  let featureTotal = ratio(0n);
  let most = ratio(0n);
  for (const entry of classes) {
    const chance = ratio(entry.count, combinations);
    const award = Math.min(definition.awards[entry.scatters] ?? 0, definition.maxFreeSpins);
    const after = feature(award, award);
    const mean = mul(ratio(entry.sum, combinations), unit);
    rtp = add(rtp, add(mean, mul(chance, after.mean)));
    secondMoment = add(
      secondMoment,
      add(
        mul(ratio(entry.squares, combinations), mul(unit, unit)),
        add(mul(ratio(2n), mul(mean, after.mean)), mul(chance, after.square)),
      ),
    );
    // A spin that awards free spins wins its scatter pay, so only a spin without an award can miss.
    hits += award > 0 ? entry.count : entry.count - entry.zeros;
    if (award > 0) {
      triggers += entry.count;
      featureTotal = add(featureTotal, mul(chance, after.mean));
    }
    const top = add(mul(ratio(BigInt(entry.most)), unit), after.most);
    if (top.num * most.den > most.num * top.den) most = top;
  }
  const triggerChance = ratio(triggers, combinations);
  return {
    rtp,
    secondMoment,
    hitFrequency: ratio(hits, combinations),
    maxWinMultiplier: most,
    triggerChance,
    featureMean: ratio(featureTotal.num * triggerChance.den, featureTotal.den * triggerChance.num),
  };
}
