/**
 * The pachinko engine (docs/games.md §3): a title is a definition, `PachinkoMachine`, and this file
 * plays it. Balls land in lanes; a ball in the start pocket spins the display's lottery, whose
 * jackpot draws the 振り分け (the mode that follows) from the statechart's transition table. The
 * rush that follows is played out inside the same round, on the same stream: the electric tulip
 * (電チュー) opens in front of the start pocket and returns every ball it takes, so its spins cost
 * nothing. The exact figures (pachinko-exact.ts) read the same table.
 */
import * as v from 'valibot';
import { DrawStream, type RoundSeeds } from '../provably-fair';

export const ballPrice = 1;

export const modeKinds = ['normal', 'kakuhen', 'jitan', 'st'] as const;
/** 通常, 確変 (higher odds until the next jackpot), 時短 (normal odds for some spins), ST (higher odds for some spins). */
export type ModeKind = (typeof modeKinds)[number];

/** The リーチ presentations, from the plainest to the rarest. */
export const presentations = ['normal', 'super', 'premium'] as const;
export type Presentation = (typeof presentations)[number];

/** The display's digits run 1 to 9. */
export const digitCount = 9;

export interface PachinkoMode {
  /** The lottery draws in [0, odds); 0 is a jackpot. */
  odds: number;
  /** Spins the mode lasts, or null: 通常 and 確変 last until the next jackpot. */
  spins: number | null;
}

/**
 * A row of the statechart. A jackpot drawn in `from` goes to `to` with `weight` out of the weights
 * of all jackpot rows from `from` (the 振り分け), showing one of `digits`; a timed mode whose spins
 * run out goes to `to`.
 */
export type PachinkoTransition =
  | { from: ModeKind; on: 'jackpot'; to: ModeKind; weight: number; digits: readonly number[] }
  | { from: ModeKind; on: 'spinsOut'; to: ModeKind };

export interface PachinkoMachine {
  /** The balls a round may launch, at `ballPrice` each. */
  balls: readonly number[];
  /** A ball lands in [0, lanes): [0, start) is the start pocket, [start, start + prize) a prize pocket. */
  lanes: { range: number; start: number; prize: number };
  prizePay: number;
  jackpotPay: number;
  /** The jackpots one round pays at most; the jackpot that reaches it ends the rush. */
  roundJackpotCap: number;
  modes: Readonly<Partial<Record<ModeKind, PachinkoMode>>> & { normal: PachinkoMode };
  transitions: readonly PachinkoTransition[];
  /** Weights of the リーチ presentations for a jackpot and for a missed リーチ, in `presentations` order. */
  reach: { jackpot: readonly number[]; miss: readonly number[] };
}

export type Pocket = 'start' | 'prize' | 'out';

export interface PachinkoSpin {
  mode: ModeKind;
  lottery: number;
  jackpot: boolean;
  /** The 振り分け draw, for a jackpot. */
  allotment?: number;
  /** The digits shown, left, middle, right. */
  digits: [number, number, number];
  presentation: Presentation | null;
  pay: number;
  /** The mode after this spin. */
  next: ModeKind;
  /** Spins left in a timed mode after this spin: after a jackpot, the new mode's; 0 when they ran out. */
  spinsLeft?: number;
}

export interface PachinkoRush {
  spins: PachinkoSpin[];
  /** The jackpots won inside the rush, after the one that started it. */
  jackpots: number;
}

export interface PachinkoBall {
  lane: number;
  pocket: Pocket;
  /** The start spin's lottery draw. */
  lottery?: number;
  spin?: PachinkoSpin;
  rush?: PachinkoRush;
  /** The rush spins' lottery draws in order: what a stored round keeps of the rush to check it by. */
  rushDraws?: number[];
  jackpots: number;
  win: number;
}

export interface PachinkoRoundResult {
  balls: PachinkoBall[];
  jackpots: number;
  /** Balls whose jackpot started a rush. */
  rushes: number;
  totalBet: number;
  totalWin: number;
}

export function pocketOf(machine: PachinkoMachine, lane: number): Pocket {
  if (lane < machine.lanes.start) return 'start';
  if (lane < machine.lanes.start + machine.lanes.prize) return 'prize';
  return 'out';
}

export function modeOf(machine: PachinkoMachine, kind: ModeKind): PachinkoMode {
  const mode = machine.modes[kind];
  if (!mode) throw new RangeError(`the machine has no ${kind} mode`);
  return mode;
}

export function jackpotRows(machine: PachinkoMachine, from: ModeKind) {
  return machine.transitions.flatMap((row) => (row.on === 'jackpot' && row.from === from ? [row] : []));
}

export function spinsOutTarget(machine: PachinkoMachine, from: ModeKind): ModeKind {
  const row = machine.transitions.find((candidate) => candidate.on === 'spinsOut' && candidate.from === from);
  if (!row) throw new RangeError(`the machine has no way out of ${from} when its spins run out`);
  return row.to;
}

/** The item whose cumulative weight first exceeds the draw. */
export function pickByWeight<T>(items: readonly T[], weights: readonly number[], draw: number): T {
  let below = 0;
  for (const [index, item] of items.entries()) {
    below += weights[index] ?? 0;
    if (draw < below) return item;
  }
  throw new RangeError('the draw lies beyond the weights');
}

/** The draw's value: one of `items`, equally likely. */
function drawItem<T>(stream: DrawStream, items: readonly T[]): T {
  const item = items[stream.uniformInt(items.length)];
  if (item === undefined) throw new RangeError('nothing to draw from');
  return item;
}

const total = (weights: readonly number[]) => weights.reduce((sum, weight) => sum + weight, 0);

/** A miss's digits in stop order: left, right, then middle, which never completes three of a kind. */
function missDigits(stream: DrawStream): [number, number, number] {
  const left = stream.uniformInt(digitCount) + 1;
  const right = stream.uniformInt(digitCount) + 1;
  if (left !== right) return [left, stream.uniformInt(digitCount) + 1, right];
  const skip = stream.uniformInt(digitCount - 1) + 1;
  return [left, skip >= left ? skip + 1 : skip, right];
}

/** A presentation by its weights, from one draw in [0, total). */
function drawPresentation(stream: DrawStream, weights: readonly number[]): Presentation {
  return pickByWeight(presentations, weights, stream.uniformInt(total(weights)));
}

/** The jackpot row of `mode` the 振り分け draw picks. */
function allotmentRow(machine: PachinkoMachine, mode: ModeKind, draw: number) {
  const rows = jackpotRows(machine, mode);
  return pickByWeight(
    rows,
    rows.map((row) => row.weight),
    draw,
  );
}

/**
 * One spin of the display in `mode`: the lottery, then for a jackpot the 振り分け and the digit it
 * shows, for a miss its digits; then the presentation, for a jackpot or a missed リーチ.
 */
function drawSpin(machine: PachinkoMachine, stream: DrawStream, mode: ModeKind): PachinkoSpin {
  const lottery = stream.uniformInt(modeOf(machine, mode).odds);
  if (lottery === 0) {
    const allotment = stream.uniformInt(total(jackpotRows(machine, mode).map((row) => row.weight)));
    const row = allotmentRow(machine, mode, allotment);
    const digit = drawItem(stream, row.digits);
    const presentation = drawPresentation(stream, machine.reach.jackpot);
    const digits: [number, number, number] = [digit, digit, digit];
    return { mode, lottery, jackpot: true, allotment, digits, presentation, pay: machine.jackpotPay, next: row.to };
  }
  const digits = missDigits(stream);
  const presentation = digits[0] === digits[2] ? drawPresentation(stream, machine.reach.miss) : null;
  return { mode, lottery, jackpot: false, digits, presentation, pay: 0, next: mode };
}

/** The rush from `start` until the machine is back in 通常 or the round's cap is reached. */
function playRush(machine: PachinkoMachine, stream: DrawStream, start: ModeKind, capLeft: number): PachinkoRush {
  const spins: PachinkoSpin[] = [];
  let jackpots = 0;
  let mode = start;
  let left = modeOf(machine, mode).spins;
  while (mode !== 'normal' && jackpots < capLeft) {
    const spin = drawSpin(machine, stream, mode);
    if (spin.jackpot) {
      jackpots += 1;
      left = modeOf(machine, spin.next).spins;
      if (left !== null) spin.spinsLeft = left;
    } else if (left !== null) {
      left -= 1;
      spin.spinsLeft = left;
      if (left === 0) {
        spin.next = spinsOutTarget(machine, mode);
        left = modeOf(machine, spin.next).spins;
      }
    }
    mode = spin.next;
    spins.push(spin);
  }
  return { spins, jackpots };
}

/** One ball; once the round has paid its cap of jackpots, the start pocket no longer spins the display. */
function playBall(machine: PachinkoMachine, stream: DrawStream, capLeft: number): PachinkoBall {
  const lane = stream.uniformInt(machine.lanes.range);
  const pocket = pocketOf(machine, lane);
  if (pocket === 'prize') return { lane, pocket, jackpots: 0, win: machine.prizePay };
  if (pocket === 'out' || capLeft === 0) return { lane, pocket, jackpots: 0, win: 0 };
  const spin = drawSpin(machine, stream, 'normal');
  const start = { lane, pocket, lottery: spin.lottery, spin };
  if (!spin.jackpot) return { ...start, jackpots: 0, win: 0 };
  if (spin.next === 'normal' || capLeft === 1) return { ...start, jackpots: 1, win: machine.jackpotPay };
  const rush = playRush(machine, stream, spin.next, capLeft - 1);
  const jackpots = 1 + rush.jackpots;
  const rushDraws = rush.spins.map((rushSpin) => rushSpin.lottery);
  return { ...start, rush, rushDraws, jackpots, win: jackpots * machine.jackpotPay };
}

export function stakesOf(machine: PachinkoMachine): number[] {
  return machine.balls.map((balls) => balls * ballPrice);
}

/** A round of `stake / ballPrice` balls, played in launch order from the round's one stream. */
export function playPachinkoRound(machine: PachinkoMachine, seeds: RoundSeeds, stake: number): PachinkoRoundResult {
  if (!stakesOf(machine).includes(stake)) throw new RangeError(`${stake} coins is not a round on offer`);
  const stream = new DrawStream(seeds);
  const balls: PachinkoBall[] = [];
  let capLeft = machine.roundJackpotCap;
  for (let index = 0; index < stake / ballPrice; index += 1) {
    const ball = playBall(machine, stream, capLeft);
    capLeft -= ball.jackpots;
    balls.push(ball);
  }
  return {
    balls,
    jackpots: machine.roundJackpotCap - capLeft,
    rushes: balls.filter((ball) => ball.rush).length,
    totalBet: stake,
    totalWin: balls.reduce((sum, ball) => sum + ball.win, 0),
  };
}

/** The largest win of a round of `balls`: the cap's jackpots on one ball and every other ball in a prize pocket. */
export function maxRoundWin(machine: PachinkoMachine, balls: number): number {
  return Math.max(
    balls * machine.prizePay,
    (balls - 1) * machine.prizePay + machine.roundJackpotCap * machine.jackpotPay,
  );
}

const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const digit = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(digitCount));
const mode = v.picklist(modeKinds);

const spinSchema = v.object({
  mode,
  lottery: count,
  jackpot: v.boolean(),
  allotment: v.optional(count),
  digits: v.tuple([digit, digit, digit]),
  presentation: v.nullable(v.picklist(presentations)),
  pay: count,
  next: mode,
  spinsLeft: v.optional(count),
});

const ballSchema = v.object({
  lane: count,
  pocket: v.picklist(['start', 'prize', 'out']),
  lottery: v.optional(count),
  spin: v.optional(spinSchema),
  rush: v.optional(v.object({ spins: v.array(spinSchema), jackpots: count })),
  rushDraws: v.optional(v.array(count)),
  jackpots: count,
  win: count,
});

/** A pachinko round's outcome as the studio sends it to the game page. */
export const pachinkoOutcome: v.GenericSchema<PachinkoRoundResult> = v.object({
  balls: v.array(ballSchema),
  jackpots: count,
  rushes: count,
  totalBet: count,
  totalWin: count,
});
