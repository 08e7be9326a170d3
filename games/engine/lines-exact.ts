/**
 * Exact figures of a lines title (docs/games.md §2, §10, §11) by enumerating every stop combination
 * of its reels, with the engine's own `linePay` and `scatterPay` on the title's own data. The walk
 * is shared with the ways engine: a win is a sum over units (a line, or a symbol's ways) whose pay
 * builds up reel by reel, so once every unit's pay is settled, the reels left only move the scatter
 * count, and their scatter distribution stands for all their stops at once.
 */
import { type LinesGame, linePay, scatterPay } from './lines';
import { type Ratio, ratio } from './ratio';
import type { ExactFigures } from './title';

/** A round's win as units whose pay is read reel by reel; wins are whole "win units". */
export interface ReelWalk {
  stripLengths: readonly number[];
  units: number;
  /** The state of every unit before reel 1. */
  start: number;
  /** The state of `unit` after reel `reel` stopped at `stop`, from `state`. */
  next(unit: number, state: number, reel: number, stop: number): number;
  /** Whether a state's pay can no longer change. */
  settled(state: number): boolean;
  /** The pay of a settled state, or of any state after the last reel, in win units. */
  pay(state: number): number;
  /** scatters[reel][stop]: the scatters the column shows. */
  scatters: readonly (readonly number[])[];
  scatterPay(count: number): number;
}

export interface WalkSums {
  combinations: bigint;
  /** Σ win, Σ win², the combinations that win anything, the largest win, in win units. */
  sum: bigint;
  sumSquares: bigint;
  hits: bigint;
  max: number;
}

/** tails[k][s]: the stop combinations of reels k, k + 1, … showing s scatters between them. */
function scatterTails(walk: ReelWalk): bigint[][] {
  const tails: bigint[][] = [[1n]];
  for (let reel = walk.stripLengths.length - 1; reel >= 0; reel -= 1) {
    const after = tails[0] ?? [1n];
    const next: bigint[] = [];
    for (const shown of walk.scatters[reel] ?? [])
      after.forEach((count, s) => {
        next[s + shown] = (next[s + shown] ?? 0n) + count;
      });
    tails.unshift(Array.from(next, (count) => count ?? 0n));
  }
  return tails;
}

/** Every stop combination of the reels, each once: the sums of one round's win and its square. */
export function walkReels(walk: ReelWalk): WalkSums {
  const reels = walk.stripLengths.length;
  if (walk.stripLengths.reduce((product, length) => product * length, 1) > 2 ** 40)
    throw new RangeError('too many stop combinations to walk');
  const tails = scatterTails(walk).map((tail) => tail.map(Number));
  const sums: WalkSums = { combinations: 0n, sum: 0n, sumSquares: 0n, hits: 0n, max: 0 };
  const states = Array.from({ length: reels + 1 }, () => new Int32Array(walk.units).fill(walk.start));
  const lives = Array.from({ length: reels + 1 }, () => new Int32Array(walk.units));
  // Plain numbers add up between flushes, far below 2^53, so they stay exact and the walk stays fast;
  // a term too large for that goes straight into the BigInt sums.
  const partial = { combinations: 0, sum: 0, sumSquares: 0, hits: 0 };
  const flush = () => {
    sums.combinations += BigInt(partial.combinations);
    sums.sum += BigInt(partial.sum);
    sums.sumSquares += BigInt(partial.sumSquares);
    sums.hits += BigInt(partial.hits);
    Object.assign(partial, { combinations: 0, sum: 0, sumSquares: 0, hits: 0 });
  };
  const addExactly = (count: number, win: number) => {
    const [times, value] = [BigInt(count), BigInt(win)];
    sums.combinations += times;
    sums.sum += times * value;
    sums.sumSquares += times * value * value;
    if (win > 0) sums.hits += times;
  };
  const settle = (fixed: number, scattersSoFar: number, tail: readonly number[]) => {
    tail.forEach((count, s) => {
      if (count === 0) return;
      const win = fixed + walk.scatterPay(scattersSoFar + s);
      if (win > sums.max) sums.max = win;
      if (count * win * win >= 2 ** 40) {
        addExactly(count, win);
        return;
      }
      partial.combinations += count;
      partial.sum += count * win;
      partial.sumSquares += count * win * win;
      if (win > 0) partial.hits += count;
    });
    if (partial.sumSquares > 2 ** 50) flush();
  };
  /** Moves the live units over `reel` stopped at `stop`: the settled add their pay, the rest go on. */
  const advance = (reel: number, stop: number, liveCount: number) => {
    const from = states[reel] as Int32Array;
    const to = states[reel + 1] as Int32Array;
    const live = lives[reel] as Int32Array;
    const nextLive = lives[reel + 1] as Int32Array;
    const last = reel === reels - 1;
    let stillLive = 0;
    let settledPay = 0;
    for (let index = 0; index < liveCount; index += 1) {
      const unit = live[index] as number;
      const state = walk.next(unit, from[unit] as number, reel, stop);
      if (last || walk.settled(state)) settledPay += walk.pay(state);
      else {
        to[unit] = state;
        nextLive[stillLive] = unit;
        stillLive += 1;
      }
    }
    return { stillLive, settledPay };
  };
  const step = (reel: number, liveCount: number, fixed: number, scattersSoFar: number): void => {
    if (liveCount === 0 || reel === reels) {
      settle(fixed, scattersSoFar, tails[reel] ?? [1]);
      return;
    }
    const length = walk.stripLengths[reel] ?? 0;
    for (let stop = 0; stop < length; stop += 1) {
      const { stillLive, settledPay } = advance(reel, stop, liveCount);
      step(reel + 1, stillLive, fixed + settledPay, scattersSoFar + (walk.scatters[reel]?.[stop] ?? 0));
    }
  };
  const all = lives[0] as Int32Array;
  for (let unit = 0; unit < walk.units; unit += 1) all[unit] = unit;
  step(0, walk.units, 0, 0);
  flush();
  return sums;
}

/** The figures of one round as multiples of its stake, `stakeUnits` win units. */
export function figuresOf(sums: WalkSums, stakeUnits: number): ExactFigures & { maxWinMultiplier: Ratio } {
  const stake = BigInt(stakeUnits);
  return {
    rtp: ratio(sums.sum, sums.combinations * stake),
    hitFrequency: ratio(sums.hits, sums.combinations),
    secondMoment: ratio(sums.sumSquares, sums.combinations * stake * stake),
    maxWinMultiplier: ratio(BigInt(sums.max), stake),
  };
}

/**
 * Interns states by a key: each gets an id, its settled flag and its pay, and transitions are
 * memoised, so each distinct (state, input) pair is worked out once.
 */
export class StateTable {
  readonly settledFlags: boolean[] = [];
  readonly pays: number[] = [];
  private readonly ids = new Map<string, number>();
  private readonly moves = new Map<number, number>();

  constructor(private readonly inputs: number) {}

  intern(key: string, settled: boolean, pay: number): number {
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const id = this.pays.length;
    this.ids.set(key, id);
    this.settledFlags.push(settled);
    this.pays.push(pay);
    return id;
  }

  move(state: number, input: number, make: () => number): number {
    const key = state * this.inputs + input;
    const known = this.moves.get(key);
    if (known !== undefined) return known;
    const made = make();
    this.moves.set(key, made);
    return made;
  }
}

/** The lines title as a reel walk: one unit per payline, its state the prefix its line has read. */
export function linesWalk<S extends string>(game: LinesGame<S>): ReelWalk {
  const symbols = [...new Set(game.strips.flat())];
  const reels = game.strips.length;
  const table = new StateTable(symbols.length);
  const prefixes: S[][] = [];
  const canGrow = (prefix: readonly S[]) =>
    prefix.length < reels &&
    game.combos.some(
      (combo) =>
        combo.count > prefix.length &&
        prefix.every((symbol) => combo.symbols.includes(symbol) || symbol === game.wild?.symbol),
    );
  const stateOf = (prefix: S[]): number => {
    const pay = linePay(game, prefix)?.pay ?? 0;
    if (!canGrow(prefix)) return table.intern(`settled ${pay}`, true, pay);
    const id = table.intern(prefix.join(' '), false, pay);
    prefixes[id] = prefix;
    return id;
  };
  const start = stateOf([]);
  // symbolIndex[reel][line][stop]: the symbol the line crosses on that reel at that stop.
  const symbolIndex = game.strips.map((strip, reel) =>
    game.paylines.map((rows) =>
      strip.map((_, stop) => symbols.indexOf(strip[(stop + (rows[reel] ?? 0)) % strip.length] as S)),
    ),
  );
  const scatters = game.strips.map((strip) =>
    strip.map(
      (_, stop) =>
        Array.from({ length: game.rows }, (__, row) => strip[(stop + row) % strip.length]).filter(
          (symbol) => symbol === game.scatter?.symbol,
        ).length,
    ),
  );
  return {
    stripLengths: game.strips.map((strip) => strip.length),
    units: game.paylines.length,
    start,
    next: (unit, state, reel, stop) => {
      const input = symbolIndex[reel]?.[unit]?.[stop] ?? 0;
      return table.move(state, input, () => stateOf([...(prefixes[state] ?? []), symbols[input] as S]));
    },
    settled: (state) => table.settledFlags[state] ?? true,
    pay: (state) => table.pays[state] ?? 0,
    scatters,
    scatterPay: (count) => scatterPay(game, count) * game.paylines.length,
  };
}

/** The exact figures of a lines title: win units are bets per line, a round costs one per line. */
export function linesExactFigures<S extends string>(
  game: LinesGame<S>,
): ExactFigures & { maxWinMultiplier: Ratio; sums: WalkSums } {
  const sums = walkReels(linesWalk(game));
  return { ...figuresOf(sums, game.paylines.length), sums };
}

/**
 * A second, independent RTP: every line crosses a uniformly drawn strip position on each reel,
 * independently of the other reels, so each line's expected pay is one walk over the reels' symbol
 * counts (weights); the scatter's is its distribution over the reels' stops.
 */
export function linesRtpByWeights<S extends string>(game: LinesGame<S>): { line: Ratio; scatter: Ratio } {
  const weights = game.strips.map((strip) => {
    const counts = new Map<S, bigint>();
    for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0n) + 1n);
    return [...counts];
  });
  const combinations = game.strips.reduce((product, strip) => product * BigInt(strip.length), 1n);
  let lineSum = 0n;
  const walk = (reel: number, symbols: S[], weight: bigint) => {
    if (reel === game.strips.length) {
      lineSum += weight * BigInt(linePay(game, symbols)?.pay ?? 0);
      return;
    }
    for (const [symbol, count] of weights[reel] ?? []) walk(reel + 1, [...symbols, symbol], weight * count);
  };
  walk(0, [], 1n);
  const tails = scatterTails(linesWalk(game))[0] ?? [];
  const scatterSum = tails.reduce((sum, count, s) => sum + count * BigInt(scatterPay(game, s)), 0n);
  return { line: ratio(lineSum, combinations), scatter: ratio(scatterSum, combinations) };
}
