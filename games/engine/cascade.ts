/**
 * The cascade (tumble) mechanic (docs/games.md §20): every cell of the grid is drawn on its own from
 * a weighted symbol table, symbols pay anywhere by how many the window shows, winning symbols are
 * removed, the survivors fall and new cells are drawn into the gaps, and each further window pays
 * at the next multiplier until a window wins nothing or the last multiplier has paid. Only the
 * symbols' counts decide a window's pay, which is what makes the exact figures a Markov chain.
 */
import * as v from 'valibot';
import { DrawStream, type RoundSeeds } from '../provably-fair';
import type { SlotRoundResult, SlotStep, Title, TitleInfo, TitleRules } from './title';

export interface CascadeSymbol {
  id: string;
  /** Chance weight of one drawn cell showing it. */
  weight: number;
  /** `count` or more of it anywhere pay `pay` units (the largest row at or below the count). */
  pays: readonly { count: number; pay: number }[];
}

export interface CascadeDefinition {
  reels: number;
  rows: number;
  symbols: readonly CascadeSymbol[];
  /** multipliers[j] pays window j: 0 is the spin, then each cascade; the round ends after the last. */
  multipliers: readonly number[];
  /** Pays are in units of stake ÷ unitsPerStake; every stake on offer is a whole number of units. */
  unitsPerStake: number;
}

export type CascadeTitle = Title<SlotRoundResult> & { rules: TitleRules; definition: CascadeDefinition };

export function totalWeight(definition: CascadeDefinition): number {
  return definition.symbols.reduce((sum, symbol) => sum + symbol.weight, 0);
}

/** What `count` of a symbol pay, in units: the pay of the largest listed count not above it. */
export function symbolPay(symbol: CascadeSymbol, count: number): number {
  let pay = 0;
  for (const row of symbol.pays) if (row.count <= count) pay = row.pay;
  return pay;
}

/** The fewest of a symbol that pay: fewer survive a window and stay for the next. */
export function leastPayingCount(symbol: CascadeSymbol): number {
  return Math.min(...symbol.pays.map((row) => row.count));
}

/** The symbol a draw in [0, total weight) shows: the table's weights laid end to end, in table order. */
export function symbolAt(definition: CascadeDefinition, draw: number): string {
  let below = draw;
  for (const symbol of definition.symbols) {
    if (below < symbol.weight) return symbol.id;
    below -= symbol.weight;
  }
  throw new RangeError(`draw ${draw} is beyond the symbol table`);
}

type Grid = (string | null)[][];

/** The window's wins by count: each paying symbol with its cells, at the window's multiplier. */
export function windowWins(definition: CascadeDefinition, window: readonly (readonly string[])[], unit: number) {
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

/** Fills the empty cells, reel 1 first and each reel top to bottom, one draw per cell. */
function fill(definition: CascadeDefinition, grid: Grid, stream: DrawStream): string[][] {
  const weight = totalWeight(definition);
  return grid.map((column) => column.map((id) => id ?? symbolAt(definition, stream.uniformInt(weight))));
}

/** Removes the winning cells and lets each reel's survivors fall to the bottom, keeping their order. */
function tumble(window: readonly (readonly string[])[], winning: ReadonlySet<string>): Grid {
  return window.map((column) => {
    const survivors = column.filter((id) => !winning.has(id));
    return [...Array<null>(column.length - survivors.length).fill(null), ...survivors];
  });
}

/** One round: the spin's window and each cascade, drawn from the round's stream in that order. */
export function playCascade(definition: CascadeDefinition, seeds: RoundSeeds, stake: number): SlotRoundResult {
  const stream = new DrawStream(seeds);
  const unitCoins = stake / definition.unitsPerStake;
  const steps: SlotStep[] = [];
  let grid: Grid = Array.from({ length: definition.reels }, () => Array<null>(definition.rows).fill(null));
  for (const [index, multiplier] of definition.multipliers.entries()) {
    const window = fill(definition, grid, stream);
    const wins = windowWins(definition, window, unitCoins * multiplier);
    const win = wins.reduce((sum, each) => sum + each.win, 0);
    steps.push({ phase: index === 0 ? 'spin' : 'cascade', window, wins, win, multiplier });
    if (wins.length === 0) break;
    grid = tumble(window, new Set(wins.map((each) => each.symbol)));
  }
  return { totalBet: stake, totalWin: steps.reduce((sum, step) => sum + step.win, 0), steps };
}

const cell = v.tuple([v.number(), v.number()]);

export const cascadeOutcome: v.GenericSchema<SlotRoundResult> = v.object({
  totalBet: v.number(),
  totalWin: v.number(),
  steps: v.array(
    v.object({
      phase: v.picklist(['spin', 'cascade']),
      window: v.array(v.array(v.string())),
      wins: v.array(v.object({ symbol: v.string(), count: v.number(), cells: v.array(cell), win: v.number() })),
      win: v.number(),
      multiplier: v.number(),
    }),
  ),
});

/** A cascade title from its facts and data; the stakes must be whole numbers of pay units. */
export function cascadeTitle(
  info: Omit<TitleInfo, 'mechanic' | 'kind'>,
  definition: CascadeDefinition,
  rules: TitleRules,
): CascadeTitle {
  for (const stake of info.stakes)
    if (stake % definition.unitsPerStake !== 0) throw new RangeError(`stake ${stake} is not whole pay units`);
  return {
    ...info,
    kind: 'slot',
    mechanic: 'cascade',
    rules,
    definition,
    outcome: cascadeOutcome,
    play(seeds, stake) {
      if (!info.stakes.includes(stake)) throw new RangeError(`${info.code} takes no stake of ${stake}`);
      return playCascade(definition, seeds, stake);
    },
  };
}
