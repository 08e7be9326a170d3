/**
 * The hold-and-win mechanic (docs/games.md §21): every cell of the spin is drawn on its own from a
 * weighted table of symbols, which pay anywhere by count, and a coin, which shows a prize in stakes.
 * Enough coins start the respin bonus: the coins hold, the other cells respin, each new coin holds
 * too and sets the respins back to full, and when the respins run out (or the grid is full) every
 * held coin pays its prize; a full grid adds the grand prize. The bonus ends inside the round.
 */
import * as v from 'valibot';
import { DrawStream, type RoundSeeds } from '../provably-fair';
import type { SlotRoundResult, SlotStep, Title, TitleInfo, TitleRules } from './title';

export interface PayingSymbol {
  id: string;
  weight: number;
  /** `count` or more anywhere pay `pay` units (the largest row at or below the count). */
  pays: readonly { count: number; pay: number }[];
}

export interface HoldAndWinDefinition {
  reels: number;
  rows: number;
  /** The spin's table: the paying symbols, then the coin last. */
  symbols: readonly PayingSymbol[];
  coin: { id: string; weight: number };
  /** A coin's prize, in stakes, drawn from these weights when the coin lands. */
  coinValues: readonly { value: number; weight: number }[];
  /** Coins in the spin that start the bonus. */
  trigger: number;
  /** Respins the bonus starts with and returns to after each respin that lands a coin. */
  respins: number;
  /** A respun cell lands a coin with weight `coin` against `blank`; `id` is what an empty cell shows. */
  respin: { coin: number; blank: number; id: string };
  /** Paid in stakes, besides the coins' prizes, when every cell holds a coin. */
  grandPrize: number;
  /** The symbols pay in units of stake ÷ unitsPerStake; every stake is a whole number of units. */
  unitsPerStake: number;
}

export type HoldAndWinTitle = Title<SlotRoundResult> & { rules: TitleRules; definition: HoldAndWinDefinition };

export function spinWeight(definition: HoldAndWinDefinition): number {
  return definition.symbols.reduce((sum, symbol) => sum + symbol.weight, definition.coin.weight);
}

export function valueWeight(definition: HoldAndWinDefinition): number {
  return definition.coinValues.reduce((sum, entry) => sum + entry.weight, 0);
}

export function symbolPay(symbol: PayingSymbol, count: number): number {
  let pay = 0;
  for (const row of symbol.pays) if (row.count <= count) pay = row.pay;
  return pay;
}

function pick<T extends { weight: number }>(entries: readonly T[], draw: number): T {
  let below = draw;
  for (const entry of entries) {
    if (below < entry.weight) return entry;
    below -= entry.weight;
  }
  throw new RangeError(`draw ${draw} is beyond the table`);
}

interface Board {
  window: string[][];
  values: (number | null)[][];
}

const drawValue = (definition: HoldAndWinDefinition, stream: DrawStream): number =>
  pick(definition.coinValues, stream.uniformInt(valueWeight(definition))).value;

/** The spin: a draw per cell, reel 1 first and each reel top to bottom; a coin's prize is drawn right after it. */
function spin(definition: HoldAndWinDefinition, stream: DrawStream): Board {
  const table = [...definition.symbols, definition.coin];
  const weight = spinWeight(definition);
  const values: (number | null)[][] = [];
  const window = Array.from({ length: definition.reels }, (_, reel) => {
    values[reel] = [];
    return Array.from({ length: definition.rows }, (_, row) => {
      const { id } = pick(table, stream.uniformInt(weight));
      (values[reel] as (number | null)[])[row] = id === definition.coin.id ? drawValue(definition, stream) : null;
      return id;
    });
  });
  return { window, values };
}

function symbolWins(definition: HoldAndWinDefinition, window: readonly (readonly string[])[], unit: number) {
  const wins: SlotStep['wins'][number][] = [];
  for (const symbol of definition.symbols) {
    const cells: [number, number][] = [];
    window.forEach((column, reel) => {
      column.forEach((id, row) => {
        if (id === symbol.id) cells.push([reel, row]);
      });
    });
    const pay = symbolPay(symbol, cells.length);
    if (pay > 0) wins.push({ symbol: symbol.id, count: cells.length, cells, win: pay * unit });
  }
  return wins;
}

/** One respin: every empty cell in the same order draws coin or blank, a new coin then its prize. */
function respin(definition: HoldAndWinDefinition, values: (number | null)[][], stream: DrawStream): number {
  const { coin, blank } = definition.respin;
  let landed = 0;
  for (const column of values)
    column.forEach((value, row) => {
      if (value !== null) return;
      if (stream.uniformInt(coin + blank) < coin) {
        column[row] = drawValue(definition, stream);
        landed += 1;
      }
    });
  return landed;
}

const heldWindow = (definition: HoldAndWinDefinition, values: readonly (readonly (number | null)[])[]) =>
  values.map((column) => column.map((value) => (value === null ? definition.respin.id : definition.coin.id)));

/** The bonus from the spin's coins: its respin steps, the last one paying every coin (and the grand prize). */
function bonus(definition: HoldAndWinDefinition, board: Board, stake: number, stream: DrawStream): SlotStep[] {
  const values = board.values.map((column) => [...column]);
  const cells = definition.reels * definition.rows;
  const held = () => values.flat().filter((value) => value !== null).length;
  const steps: SlotStep[] = [];
  for (let left = definition.respins; left > 0 && held() < cells; ) {
    left = respin(definition, values, stream) > 0 ? definition.respins : left - 1;
    steps.push({
      phase: 'respin',
      window: heldWindow(definition, values),
      values: values.map((column) => [...column]),
      wins: [],
      win: 0,
      left,
    });
  }
  const coinCells: [number, number][] = [];
  let prizes = 0;
  values.forEach((column, reel) => {
    column.forEach((value, row) => {
      if (value === null) return;
      coinCells.push([reel, row]);
      prizes += value;
    });
  });
  const wins: SlotStep['wins'][number][] = [
    { symbol: definition.coin.id, count: coinCells.length, cells: coinCells, win: prizes * stake },
  ];
  if (coinCells.length === cells)
    wins.push({ symbol: 'grand', count: cells, cells: coinCells, win: definition.grandPrize * stake });
  const last = steps.at(-1);
  const paid = wins.reduce((sum, each) => sum + each.win, 0);
  if (last) steps[steps.length - 1] = { ...last, wins, win: paid };
  return steps.length > 0
    ? steps
    : [{ phase: 'respin', ...board, window: heldWindow(definition, values), wins, win: paid, left: 0 }];
}

export function playHoldAndWin(definition: HoldAndWinDefinition, seeds: RoundSeeds, stake: number): SlotRoundResult {
  const stream = new DrawStream(seeds);
  const board = spin(definition, stream);
  const wins = symbolWins(definition, board.window, stake / definition.unitsPerStake);
  const coins = board.values.flat().filter((value) => value !== null).length;
  const steps: SlotStep[] = [{ phase: 'spin', ...board, wins, win: wins.reduce((sum, each) => sum + each.win, 0) }];
  if (coins >= definition.trigger) steps.push(...bonus(definition, board, stake, stream));
  return { totalBet: stake, totalWin: steps.reduce((sum, step) => sum + step.win, 0), steps };
}

const cell = v.tuple([v.number(), v.number()]);

export const holdAndWinOutcome: v.GenericSchema<SlotRoundResult> = v.object({
  totalBet: v.number(),
  totalWin: v.number(),
  steps: v.array(
    v.object({
      phase: v.picklist(['spin', 'respin']),
      window: v.array(v.array(v.string())),
      values: v.array(v.array(v.nullable(v.number()))),
      wins: v.array(v.object({ symbol: v.string(), count: v.number(), cells: v.array(cell), win: v.number() })),
      win: v.number(),
      left: v.optional(v.number()),
    }),
  ),
});

/** A hold-and-win title from its facts and data; the stakes must be whole numbers of pay units. */
export function holdAndWinTitle(
  info: Omit<TitleInfo, 'mechanic' | 'kind'>,
  definition: HoldAndWinDefinition,
  rules: TitleRules,
): HoldAndWinTitle {
  for (const stake of info.stakes)
    if (stake % definition.unitsPerStake !== 0) throw new RangeError(`stake ${stake} is not whole pay units`);
  return {
    ...info,
    kind: 'slot',
    mechanic: 'holdAndWin',
    rules,
    definition,
    outcome: holdAndWinOutcome,
    play(seeds, stake) {
      if (!info.stakes.includes(stake)) throw new RangeError(`${info.code} takes no stake of ${stake}`);
      return playHoldAndWin(definition, seeds, stake);
    },
  };
}
