/**
 * Exact figures of a hold-and-win title (docs/games.md §21) in BigInt rationals. The spin's cells are
 * independent draws, so its counts are multinomial: every count vector is enumerated with its
 * weight, giving the symbols' pay and the coins that start the bonus. The bonus is a Markov chain
 * over (coins held, respins left): each empty cell lands a coin with the same chance, independently,
 * so a respin lands Binomial(empty, q) coins. Each coin's prize is its own draw, independent of the
 * landings and of the other prizes, so given the final count C the prizes add C independent values.
 */
import { type HoldAndWinDefinition, symbolPay } from './hold-and-win';
import { add, mul, type Ratio, ratio, sub } from './ratio';
import type { ExactFigures } from './title';

const zero = ratio(0n);
const one = ratio(1n);

function binomials(n: number): bigint[][] {
  const rows: bigint[][] = [[1n]];
  for (let k = 1; k <= n; k += 1) {
    const above = rows[k - 1] ?? [];
    rows.push(Array.from({ length: k + 1 }, (_, j) => (above[j - 1] ?? 0n) + (above[j] ?? 0n)));
  }
  return rows;
}

/** P(k of n empty cells land a coin), each with chance q. */
function landing(n: number, k: number, q: Ratio, choose: bigint[][]): Ratio {
  const miss = sub(one, q);
  const ways = choose[n]?.[k] ?? 0n;
  return ratio(ways * q.num ** BigInt(k) * miss.num ** BigInt(n - k), q.den ** BigInt(n));
}

/**
 * finals[n][C]: the chance that a bonus starting from n held coins ends with C, by the chain over
 * (held, respins left), solved from a full grid and from one respin left upwards.
 */
export function bonusFinals(definition: HoldAndWinDefinition): Ratio[][] {
  const cells = definition.reels * definition.rows;
  const q = ratio(BigInt(definition.respin.coin), BigInt(definition.respin.coin + definition.respin.blank));
  const choose = binomials(cells);
  // end[c][r]: distribution of the final count from c held and r respins left.
  const end: Ratio[][][] = [];
  const point = (c: number) => Array.from({ length: cells + 1 }, (_, k) => (k === c ? one : zero));
  for (let c = cells; c >= 0; c -= 1) {
    const rows: Ratio[][] = [point(c)];
    for (let r = 1; r <= definition.respins; r += 1) {
      if (c === cells) {
        rows.push(point(c));
        continue;
      }
      const empty = cells - c;
      let dist = (rows[r - 1] ?? []).map((p) => mul(p, landing(empty, 0, q, choose)));
      for (let k = 1; k <= empty; k += 1) {
        const chance = landing(empty, k, q, choose);
        const from = end[c + k]?.[definition.respins] ?? [];
        dist = dist.map((p, C) => add(p, mul(chance, from[C] ?? zero)));
      }
      rows.push(dist);
    }
    end[c] = rows;
  }
  return end.map((rows) => rows[definition.respins] ?? []);
}

/** E[H | n] and E[H² | n] for the bonus's win H in stakes, from n coins held. */
function bonusMoments(definition: HoldAndWinDefinition): { first: Ratio; second: Ratio }[] {
  const cells = definition.reels * definition.rows;
  const total = BigInt(definition.coinValues.reduce((sum, entry) => sum + entry.weight, 0));
  const mean = ratio(
    definition.coinValues.reduce((sum, { value, weight }) => sum + BigInt(value * weight), 0n),
    total,
  );
  const meanSquare = ratio(
    definition.coinValues.reduce((sum, { value, weight }) => sum + BigInt(value * value * weight), 0n),
    total,
  );
  const grand = ratio(BigInt(definition.grandPrize));
  return bonusFinals(definition).map((finals) => {
    let first = zero;
    let second = zero;
    finals.forEach((chance, count) => {
      const c = ratio(BigInt(count));
      const full = count === cells;
      // Σ of C independent prizes: mean Cμ, square C·E[v²] + C(C−1)μ²; the grand prize adds G.
      const prizes = mul(c, mean);
      const prizesSquared = add(mul(c, meanSquare), mul(ratio(BigInt(count * (count - 1))), mul(mean, mean)));
      const h1 = full ? add(prizes, grand) : prizes;
      const h2 = full ? add(prizesSquared, add(mul(ratio(2n), mul(grand, prizes)), mul(grand, grand))) : prizesSquared;
      first = add(first, mul(chance, h1));
      second = add(second, mul(chance, h2));
    });
    return { first, second };
  });
}

/** Every count vector of the spin's cells over the table (symbols, then the coin) with its weight. */
function spinCounts(definition: HoldAndWinDefinition): Map<string, { units: number; coins: number; weight: bigint }> {
  const cells = definition.reels * definition.rows;
  const weights = [...definition.symbols.map((symbol) => symbol.weight), definition.coin.weight].map(BigInt);
  const factorial = [1n];
  for (let k = 1; k <= cells; k += 1) factorial.push((factorial[k - 1] ?? 1n) * BigInt(k));
  const grouped = new Map<string, { units: number; coins: number; weight: bigint }>();
  const last = weights.length - 1;
  const walk = (index: number, left: number, units: number, weight: bigint) => {
    const symbolWeight = weights[index] ?? 0n;
    for (let k = index === last ? left : 0; k <= left; k += 1) {
      // r! / Π kᵢ! × Π wᵢ^kᵢ, divided in turn, exact at every step.
      const next = (weight * symbolWeight ** BigInt(k)) / (factorial[k] ?? 1n);
      const symbol = definition.symbols[index];
      const paid = units + (symbol ? symbolPay(symbol, k) : 0);
      if (index < last) {
        walk(index + 1, left - k, paid, next);
        continue;
      }
      const key = `${paid}:${k}`;
      const entry = grouped.get(key) ?? { units: paid, coins: k, weight: 0n };
      entry.weight += next;
      grouped.set(key, entry);
    }
  };
  walk(0, cells, 0, factorial[cells] ?? 1n);
  return grouped;
}

export function holdAndWinExact(definition: HoldAndWinDefinition): ExactFigures & {
  maxWinMultiplier: Ratio;
  triggerChance: Ratio;
  bonusMean: Ratio;
} {
  const cells = definition.reels * definition.rows;
  const total =
    BigInt(definition.symbols.reduce((sum, symbol) => sum + symbol.weight, definition.coin.weight)) ** BigInt(cells);
  const moments = bonusMoments(definition);
  const topValue = Math.max(...definition.coinValues.map((entry) => entry.value));
  const bonusTop = ratio(BigInt(cells * topValue + definition.grandPrize));
  let rtp = zero;
  let secondMoment = zero;
  let hits = 0n;
  let triggers = 0n;
  let bonusTotal = zero;
  let most = zero;
  for (const { units, coins, weight } of spinCounts(definition).values()) {
    const chance = ratio(weight, total);
    const base = ratio(BigInt(units), BigInt(definition.unitsPerStake));
    const bonus = coins >= definition.trigger ? moments[coins] : undefined;
    const h1 = bonus?.first ?? zero;
    const h2 = bonus?.second ?? zero;
    rtp = add(rtp, mul(chance, add(base, h1)));
    secondMoment = add(secondMoment, mul(chance, add(mul(base, base), add(mul(ratio(2n), mul(base, h1)), h2))));
    if (units > 0 || bonus) hits += weight;
    if (bonus) {
      triggers += weight;
      bonusTotal = add(bonusTotal, mul(chance, h1));
    }
    const top = bonus ? add(base, bonusTop) : base;
    if (top.num * most.den > most.num * top.den) most = top;
  }
  const triggerChance = ratio(triggers, total);
  return {
    rtp,
    secondMoment,
    hitFrequency: ratio(hits, total),
    maxWinMultiplier: most,
    triggerChance,
    bonusMean: ratio(bonusTotal.num * triggerChance.den, bonusTotal.den * triggerChance.num),
  };
}
