/**
 * Exact figures of a pachislot title per 設定 and press model (docs/games.md §40), from the same
 * data and engine functions that play it. A game's result depends on the machine state (mode,
 * games left, held bonus), the lottery value and the presses, so the machine is a Markov chain over
 * those states. Every state outside the normal mode has one successor (its games count down), so
 * the chain is reduced to its normal-mode states with the timed runs that leave and return to them,
 * and the long-run figures per game follow from that small chain's stationary distribution, in
 * BigInt rationals throughout.
 */
import {
  coinsPerGame,
  leverAt,
  lotteryRange,
  modeOf,
  nextState,
  type PachislotMachine,
  type PachislotState,
  payOf,
  type Setting,
} from './pachislot';
import { alignedRole, framesPerReel, type Role, reelCount, type Strips, stopsFor } from './pachislot-reels';
import { add, mul, type Ratio, ratio, sub } from './ratio';
import type { ExactFigures } from './title';

/** perfect: the player aligns the highest-priority granted role any presses can align; none: press frames uniform and independent. */
export type PressModel = 'perfect' | 'none';
export const pressModels: readonly PressModel[] = ['perfect', 'none'];

const pressTriples = framesPerReel ** reelCount;
const alignmentCache = new WeakMap<Strips, Map<string, Map<Role | null, number>>>();

/** How many of the 21³ press triples align each role (or none) when `granted` are granted. */
export function alignmentCounts(strips: Strips, granted: readonly Role[]): Map<Role | null, number> {
  let byGranted = alignmentCache.get(strips);
  if (!byGranted) {
    byGranted = new Map();
    alignmentCache.set(strips, byGranted);
  }
  const key = granted.join(',');
  const cached = byGranted.get(key);
  if (cached) return cached;
  const counts = new Map<Role | null, number>();
  for (let press = 0; press < pressTriples; press += 1) {
    const presses = [press % framesPerReel, Math.floor(press / framesPerReel) % framesPerReel, Math.floor(press / 441)];
    const role = alignedRole(strips, stopsFor(strips, granted, presses));
    counts.set(role, (counts.get(role) ?? 0) + 1);
  }
  byGranted.set(key, counts);
  return counts;
}

/** The aligned role's chances out of 21³ under a press model. */
function alignmentShares(strips: Strips, granted: readonly Role[], model: PressModel): [Role | null, number][] {
  const counts = alignmentCounts(strips, granted);
  if (model === 'none') return [...counts];
  const best = granted.find((role) => counts.has(role)) ?? null;
  return [[best, pressTriples]];
}

/** One way a game can go from a state: its chance × 65,536 × 21³, its pay and the next state's key. */
interface Branch {
  weight: bigint;
  pay: number;
  next: string;
}

const stateKey = (state: Pick<PachislotState, 'mode' | 'gamesLeft' | 'held'>) =>
  `${state.mode}:${state.gamesLeft}:${state.held ?? '-'}`;

function stateOf(key: string): PachislotState {
  const [mode, gamesLeft, held] = key.split(':');
  return {
    mode: mode as PachislotState['mode'],
    gamesLeft: Number(gamesLeft),
    held: held === '-' ? null : (held as PachislotState['held']),
    counter: { games: 0, big: 0, reg: 0, sinceBonus: 0 },
  };
}

/** The lottery's outcomes in a mode: each flag's first value and weight, then the losing rest. */
function lotteryCells(machine: PachislotMachine, state: PachislotState, setting: Setting): [number, number][] {
  const cells: [number, number][] = [];
  let start = 0;
  for (const flag of modeOf(machine, state.mode).lottery) {
    const weight = flag.weights[setting - 1] ?? 0;
    if (weight > 0) cells.push([start, weight]);
    start += weight;
  }
  if (start > lotteryRange) throw new RangeError(`the ${state.mode} lottery takes more than ${lotteryRange} values`);
  if (start < lotteryRange) cells.push([start, lotteryRange - start]);
  return cells;
}

function branchesOf(machine: PachislotMachine, key: string, setting: Setting, model: PressModel): Branch[] {
  const state = stateOf(key);
  return lotteryCells(machine, state, setting).flatMap(([draw, weight]) => {
    const result = leverAt(machine, state, setting, draw);
    return alignmentShares(machine.strips, result.granted, model).map(([role, count]) => ({
      weight: BigInt(weight) * BigInt(count),
      pay: payOf(machine, state.mode, role),
      next: stateKey(nextState(machine, result, role)),
    }));
  });
}

/** Per game: [games, pay, hit, pay²], as numerators over 65,536 × 21³. */
type Reward = [bigint, bigint, bigint, bigint];
const branchTotal = BigInt(lotteryRange) * BigInt(pressTriples);

function rewardOf(branches: readonly Branch[]): Reward {
  const reward: Reward = [branchTotal, 0n, 0n, 0n];
  for (const { weight, pay } of branches) {
    reward[1] += weight * BigInt(pay);
    reward[2] += pay > 0 ? weight : 0n;
    reward[3] += weight * BigInt(pay * pay);
  }
  return reward;
}

const addReward = (a: Reward, b: Reward): Reward => [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]];

/** Every state reachable from the initial one, with its branches. */
function explore(machine: PachislotMachine, setting: Setting, model: PressModel): Map<string, Branch[]> {
  const chain = new Map<string, Branch[]>();
  const queue = [stateKey({ mode: 'normal', gamesLeft: 0, held: null })];
  for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
    if (chain.has(key)) continue;
    const branches = branchesOf(machine, key, setting, model);
    chain.set(key, branches);
    for (const { next } of branches) if (!chain.has(next)) queue.push(next);
  }
  return chain;
}

/** The stationary distribution of a small chain given as rational rows: μ = μP, Σμ = 1. */
function stationary(matrix: Ratio[][]): Ratio[] {
  const size = matrix.length;
  // Rows are equations: Σ_i μ_i (P[i][j] − δ_ij) = 0 for j < size − 1, and Σ μ_i = 1.
  const rows = Array.from({ length: size }, (_, j) => [
    ...Array.from({ length: size }, (_, i) =>
      j === size - 1 ? ratio(1n) : sub(matrix[i]?.[j] ?? ratio(0n), ratio(i === j ? 1n : 0n)),
    ),
    ratio(j === size - 1 ? 1n : 0n),
  ]);
  for (let column = 0; column < size; column += 1) {
    const pivot = rows.findIndex((row, index) => index >= column && (row[column]?.num ?? 0n) !== 0n);
    if (pivot < 0) throw new RangeError('the chain has no single stationary distribution');
    [rows[column], rows[pivot]] = [rows[pivot] as Ratio[], rows[column] as Ratio[]];
    const lead = rows[column] as Ratio[];
    const inverse = ratio(lead[column]?.den ?? 1n, lead[column]?.num ?? 1n);
    for (let k = 0; k <= size; k += 1) lead[k] = mul(lead[k] as Ratio, inverse);
    rows.forEach((row, index) => {
      const factor = row[column] as Ratio;
      if (index === column || factor.num === 0n) return;
      for (let k = 0; k <= size; k += 1) row[k] = sub(row[k] as Ratio, mul(factor, lead[k] as Ratio));
    });
  }
  return rows.map((row) => row[size] as Ratio);
}

export interface PachislotFigures extends ExactFigures {
  /** Games per BIG and per REG started, in the long run. */
  gamesPerBig: Ratio;
  gamesPerReg: Ratio;
  /** How many machine states the chain has. */
  states: number;
}

/** The run of single-successor states from `key` to the next normal-mode state: its rewards and where it ends. */
function runFrom(chain: Map<string, Branch[]>, hubs: Set<string>, from: string): { reward: Reward; end: string } {
  let reward: Reward = [0n, 0n, 0n, 0n];
  let key = from;
  for (let steps = 0; !hubs.has(key); steps += 1) {
    const branches = chain.get(key) ?? [];
    if (steps > chain.size) throw new RangeError('a timed mode never ends');
    reward = addReward(reward, rewardOf(branches));
    key = branches[0]?.next ?? key;
  }
  return { reward, end: key };
}

/** Exact long-run figures per game of a machine at a 設定 under a press model. */
export function exactPachislot(machine: PachislotMachine, setting: Setting, model: PressModel): PachislotFigures {
  const chain = explore(machine, setting, model);
  const hubs = new Set(
    [...chain].filter(([, branches]) => new Set(branches.map((b) => b.next)).size > 1).map(([k]) => k),
  );
  const hubList = [...hubs];
  const matrix = hubList.map(() => hubList.map(() => ratio(0n)));
  const rewards = hubList.map((hub, index) => {
    const branches = chain.get(hub) ?? [];
    let total = rewardOf(branches).map((part) => part * branchTotal) as Reward;
    const bonusStarts = { big: 0n, reg: 0n };
    for (const { weight, next } of branches) {
      const { reward, end } = hubs.has(next)
        ? { reward: [0n, 0n, 0n, 0n] as Reward, end: next }
        : runFrom(chain, hubs, next);
      const row = matrix[index] as Ratio[];
      const target = hubList.indexOf(end);
      row[target] = add(row[target] as Ratio, ratio(weight, branchTotal));
      total = addReward(total, reward.map((part) => part * weight) as Reward);
      if (next.startsWith('big:')) bonusStarts.big += weight;
      if (next.startsWith('reg:')) bonusStarts.reg += weight;
    }
    return { total, bonusStarts };
  });
  const mu = stationary(matrix);
  const scale = branchTotal * branchTotal;
  const expect = (part: number) =>
    rewards.reduce(
      (sum, { total }, index) => add(sum, mul(mu[index] as Ratio, ratio(total[part] ?? 0n, scale))),
      ratio(0n),
    );
  const starts = (bonus: 'big' | 'reg') =>
    rewards.reduce(
      (sum, { bonusStarts }, index) => add(sum, mul(mu[index] as Ratio, ratio(bonusStarts[bonus], branchTotal))),
      ratio(0n),
    );
  const games = expect(0);
  const stake = BigInt(coinsPerGame);
  const perGame = (value: Ratio, divisor: bigint) => mul(value, ratio(games.den, games.num * divisor));
  const big = starts('big');
  const reg = starts('reg');
  return {
    rtp: perGame(expect(1), stake),
    hitFrequency: perGame(expect(2), 1n),
    secondMoment: perGame(expect(3), stake * stake),
    gamesPerBig: big.num === 0n ? ratio(0n) : mul(games, ratio(big.den, big.num)),
    gamesPerReg: reg.num === 0n ? ratio(0n) : mul(games, ratio(reg.den, reg.num)),
    states: chain.size,
  };
}
