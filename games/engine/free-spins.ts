/**
 * The free-spins mechanic (docs/games.md §22): reel strips paying all ways left to right, a wild on
 * the middle reels, and a scatter that pays anywhere and awards free spins. Free spins play the
 * same strips at a multiplier; scatters in them add more, up to a cap of free spins per round, so
 * the whole feature is played inside the round that triggered it.
 */
import * as v from 'valibot';
import { DrawStream, type RoundSeeds } from '../provably-fair';
import type { SlotRoundResult, SlotStep, Title, TitleInfo, TitleRules } from './title';

export interface FreeSpinsDefinition {
  /** The strips, reel 1 first; a reel at stop s shows positions s, s + 1, … (wrapping) top to bottom. */
  strips: readonly (readonly string[])[];
  rows: number;
  /** Per way, in units, for 3, 4 and 5 reels from reel 1. */
  pays: Readonly<Record<string, readonly [number, number, number]>>;
  /** Stands for every paying symbol; pays nothing of its own. */
  wild: string;
  scatter: string;
  /** By the scatters anywhere in the window, in units. */
  scatterPays: Readonly<Record<number, number>>;
  /** Free spins by the scatters anywhere in the window, in the spin and in free spins alike. */
  awards: Readonly<Record<number, number>>;
  freeSpinMultiplier: number;
  /** Free spins one round awards at most, retriggers included. */
  maxFreeSpins: number;
  /** Pays are in units of stake ÷ unitsPerStake; every stake is a whole number of units. */
  unitsPerStake: number;
}

export type FreeSpinsTitle = Title<SlotRoundResult> & { rules: TitleRules; definition: FreeSpinsDefinition };

export function windowAt(definition: FreeSpinsDefinition, stops: readonly number[]): string[][] {
  return definition.strips.map((strip, reel) =>
    Array.from({ length: definition.rows }, (_, row) => strip[((stops[reel] ?? 0) + row) % strip.length] ?? ''),
  );
}

/** The ways of one symbol: reels from reel 1 showing it or the wild, and the product of their counts. */
function waysOf(definition: FreeSpinsDefinition, window: readonly (readonly string[])[], symbol: string) {
  const cells: [number, number][] = [];
  let ways = 1;
  let reels = 0;
  for (const [reel, column] of window.entries()) {
    const rows = column.flatMap((id, row) => (id === symbol || (reel > 0 && id === definition.wild) ? [row] : []));
    if (rows.length === 0) break;
    ways *= rows.length;
    reels += 1;
    for (const row of rows) cells.push([reel, row]);
  }
  return { reels, ways, cells };
}

export const countScatters = (definition: FreeSpinsDefinition, window: readonly (readonly string[])[]): number =>
  window.flat().filter((id) => id === definition.scatter).length;

/** A window's wins in units: every symbol's ways, then the scatter. */
export function windowWins(definition: FreeSpinsDefinition, window: readonly (readonly string[])[], unit: number) {
  const wins: SlotStep['wins'][number][] = [];
  for (const [symbol, pays] of Object.entries(definition.pays)) {
    const { reels, ways, cells } = waysOf(definition, window, symbol);
    const pay = reels >= 3 ? (pays[reels - 3] ?? 0) * ways : 0;
    if (pay > 0) wins.push({ symbol, count: reels, cells, win: pay * unit });
  }
  const scatterCells = window.flatMap((column, reel) =>
    column.flatMap((id, row): [number, number][] => (id === definition.scatter ? [[reel, row]] : [])),
  );
  const scatterPay = definition.scatterPays[scatterCells.length] ?? 0;
  if (scatterPay > 0)
    wins.push({ symbol: definition.scatter, count: scatterCells.length, cells: scatterCells, win: scatterPay * unit });
  return wins;
}

/** One spin: a draw in [0, strip length) per reel, reel 1 first. */
function spin(definition: FreeSpinsDefinition, stream: DrawStream, unit: number, multiplier: number) {
  const stops = definition.strips.map((strip) => stream.uniformInt(strip.length));
  const window = windowAt(definition, stops);
  const wins = windowWins(definition, window, unit * multiplier);
  return {
    window,
    wins,
    win: wins.reduce((sum, each) => sum + each.win, 0),
    scatters: countScatters(definition, window),
  };
}

export function playFreeSpins(definition: FreeSpinsDefinition, seeds: RoundSeeds, stake: number): SlotRoundResult {
  const stream = new DrawStream(seeds);
  const unit = stake / definition.unitsPerStake;
  const first = spin(definition, stream, unit, 1);
  const steps: SlotStep[] = [];
  let awarded = Math.min(definition.awards[first.scatters] ?? 0, definition.maxFreeSpins);
  let left = awarded;
  steps.push({ phase: 'spin', window: first.window, wins: first.wins, win: first.win, ...(left > 0 ? { left } : {}) });
  while (left > 0) {
    const free = spin(definition, stream, unit, definition.freeSpinMultiplier);
    const added = Math.min(definition.awards[free.scatters] ?? 0, definition.maxFreeSpins - awarded);
    awarded += added;
    left += added - 1;
    steps.push({
      phase: 'freeSpin',
      window: free.window,
      wins: free.wins,
      win: free.win,
      multiplier: definition.freeSpinMultiplier,
      left,
    });
  }
  return { totalBet: stake, totalWin: steps.reduce((sum, step) => sum + step.win, 0), steps };
}

const cell = v.tuple([v.number(), v.number()]);

export const freeSpinsOutcome: v.GenericSchema<SlotRoundResult> = v.object({
  totalBet: v.number(),
  totalWin: v.number(),
  steps: v.array(
    v.object({
      phase: v.picklist(['spin', 'freeSpin']),
      window: v.array(v.array(v.string())),
      wins: v.array(v.object({ symbol: v.string(), count: v.number(), cells: v.array(cell), win: v.number() })),
      win: v.number(),
      multiplier: v.optional(v.number()),
      left: v.optional(v.number()),
    }),
  ),
});

/** A free-spins title from its facts and data; the stakes must be whole numbers of pay units. */
export function freeSpinsTitle(
  info: Omit<TitleInfo, 'mechanic' | 'kind'>,
  definition: FreeSpinsDefinition,
  rules: TitleRules,
): FreeSpinsTitle {
  for (const stake of info.stakes)
    if (stake % definition.unitsPerStake !== 0) throw new RangeError(`stake ${stake} is not whole pay units`);
  return {
    ...info,
    kind: 'slot',
    mechanic: 'freeSpins',
    rules,
    definition,
    outcome: freeSpinsOutcome,
    play(seeds, stake) {
      if (!info.stakes.includes(stake)) throw new RangeError(`${info.code} takes no stake of ${stake}`);
      return playFreeSpins(definition, seeds, stake);
    },
  };
}
