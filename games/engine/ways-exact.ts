/**
 * Exact figures of a ways title (docs/games.md §11) by walking every stop combination of its reels
 * (games/engine/lines-exact.ts), one unit per paying symbol: its state is the reels it has run over
 * and its ways so far, read with the engine's own `countingRows` on the title's own data.
 */
import { figuresOf, type ReelWalk, StateTable, type WalkSums, walkReels } from './lines-exact';
import type { Ratio } from './ratio';
import type { ExactFigures } from './title';
import { countingRows, type WaysGame, waysScatterPay } from './ways';

export function waysWalk<S extends string>(game: WaysGame<S>): ReelWalk {
  const symbols = Object.keys(game.pays) as S[];
  const reels = game.strips.length;
  const table = new StateTable(game.rows + 1);
  const runs: { reels: number; ways: number }[] = [];
  const payOf = (unit: number, run: number, ways: number) => (game.pays[symbols[unit] as S]?.[run] ?? 0) * ways;
  const stateOf = (unit: number, run: number, ways: number, broken: boolean): number => {
    if (broken || run === reels) return table.intern(`settled ${payOf(unit, run, ways)}`, true, payOf(unit, run, ways));
    const id = table.intern(`${unit} ${run} ${ways}`, false, payOf(unit, run, ways));
    runs[id] = { reels: run, ways };
    return id;
  };
  const start = stateOf(0, 0, 1, false);
  const column = (reel: number, stop: number) => {
    const strip = game.strips[reel] ?? [];
    return Array.from({ length: game.rows }, (_, row) => strip[(stop + row) % strip.length] as S);
  };
  // counts[reel][unit][stop]: the cells of the column that count for the unit's symbol.
  const counts = game.strips.map((strip, reel) =>
    symbols.map((symbol) => strip.map((_, stop) => countingRows(game, symbol, column(reel, stop)).length)),
  );
  const scatters = game.strips.map((strip, reel) =>
    strip.map((_, stop) => column(reel, stop).filter((symbol) => symbol === game.scatter?.symbol).length),
  );
  return {
    stripLengths: game.strips.map((strip) => strip.length),
    units: symbols.length,
    start,
    next: (unit, state, reel, stop) => {
      const count = counts[reel]?.[unit]?.[stop] ?? 0;
      // Every unit starts from one shared start state, so the unit is part of the move's input.
      return table.move(state * symbols.length + unit, count, () => {
        const run = runs[state] ?? { reels: 0, ways: 1 };
        return count === 0
          ? stateOf(unit, run.reels, run.ways, true)
          : stateOf(unit, run.reels + 1, run.ways * count, false);
      });
    },
    settled: (state) => table.settledFlags[state] ?? true,
    pay: (state) => table.pays[state] ?? 0,
    scatters,
    scatterPay: (count) => waysScatterPay(game, count) * game.baseStake,
  };
}

/** The exact figures of a ways title: win units are coins at the base stake. */
export function waysExactFigures<S extends string>(
  game: WaysGame<S>,
): ExactFigures & { maxWinMultiplier: Ratio; sums: WalkSums } {
  const sums = walkReels(waysWalk(game));
  return { ...figuresOf(sums, game.baseStake), sums };
}
