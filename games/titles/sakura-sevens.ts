/**
 * Sakura Sevens as a title of the engine: the 5 × 3, 20-line slot of games/slot-sakura-sevens.ts,
 * answered as one spin step with its line and scatter wins. The stake is the bet per line times 20.
 */
import * as v from 'valibot';
import type { SlotRoundResult, SlotStep, Title } from '../engine/title';
import type { RoundSeeds } from '../provably-fair';
import {
  betsPerLine,
  type LineWin,
  linePays,
  paylines,
  playSlotRound,
  type SlotOutcome,
  type SlotSymbol,
  scatterPays,
} from '../slot-sakura-sevens';

const coins = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const cell = v.tuple([v.number(), v.number()]);

export const slotStep = v.object({
  phase: v.picklist(['spin', 'cascade', 'respin', 'freeSpin']),
  window: v.array(v.array(v.string())),
  values: v.optional(v.array(v.array(v.nullable(v.number())))),
  wins: v.array(
    v.object({
      symbol: v.string(),
      count: v.number(),
      cells: v.array(cell),
      win: coins,
      line: v.optional(v.number()),
    }),
  ),
  win: coins,
  multiplier: v.optional(v.number()),
  left: v.optional(v.number()),
});

/** The round's spin and its stops, which the reels land on. */
export interface SakuraSevensResult extends SlotRoundResult {
  stops: number[];
}

const outcome: v.GenericSchema<SakuraSevensResult> = v.object({
  totalBet: coins,
  totalWin: coins,
  stops: v.array(v.number()),
  steps: v.array(slotStep),
});

function lineCells(lineWin: LineWin): [number, number][] {
  const rows = paylines[lineWin.line - 1] ?? [];
  return rows.slice(0, lineWin.count).map((row, reel) => [reel, row]);
}

function scatterCells(window: readonly (readonly SlotSymbol[])[]): [number, number][] {
  return window.flatMap((column, reel) =>
    column.flatMap((symbol, row): [number, number][] => (symbol === 'scatter' ? [[reel, row]] : [])),
  );
}

function spinStep(spin: SlotOutcome): SlotStep {
  const wins: SlotStep['wins'][number][] = spin.lineWins.map((lineWin) => ({
    symbol: lineWin.symbol,
    count: lineWin.count,
    cells: lineCells(lineWin),
    win: lineWin.win,
    line: lineWin.line,
  }));
  if (spin.scatterWin > 0)
    wins.push({ symbol: 'scatter', count: spin.scatters, cells: scatterCells(spin.window), win: spin.scatterWin });
  return { phase: 'spin', window: spin.window.map((column) => [...column]), wins, win: spin.totalWin };
}

export const sakuraSevens: Title<SakuraSevensResult> = {
  code: 'sakura-sevens',
  kind: 'slot',
  mechanic: 'lines',
  name: 'Sakura Sevens',
  names: {
    'ja-JP': '桜セブンズ',
    'en-US': 'Sakura Sevens',
    'ko-KR': '사쿠라 세븐즈',
    'zh-CN': '樱花七星',
    'zh-TW': '櫻花七星',
    'fil-PH': 'Sakura Sevens',
    'vi-VN': 'Sakura Sevens',
  },
  volatility: 'medium',
  rtpBasisPoints: 9600,
  stakes: betsPerLine.map((bet) => bet * paylines.length),
  // Every line five sevens and five scatters: a bound no window exceeds.
  maxWinMultiplier:
    Math.max(...Object.values(linePays).map((pays) => pays[2])) + Math.max(...Object.values(scatterPays)),
  play(seeds: RoundSeeds, stake: number): SakuraSevensResult {
    if (!this.stakes.includes(stake)) throw new RangeError(`sakura-sevens takes no stake of ${stake}`);
    const spin = playSlotRound(seeds, stake / paylines.length);
    return { totalBet: spin.totalBet, totalWin: spin.totalWin, stops: spin.stops, steps: [spinStep(spin)] };
  },
  outcome,
};
