/**
 * The steps the reel view plays for a round: the round's own `SlotRoundResult` where the studio
 * sends it, and for a round that sends only its stops, the steps its title's rules give them.
 */
import type { StudioRound } from '@contract/studio';
import type { SlotRoundResult, SlotStep, Title } from '@games/engine/title';
import { paylines, type SlotOutcome } from '@games/slot-sakura-sevens';
import { slotOutcomeOf } from '../slot-outcome';
import { isSlotRound } from './title-rules';

/** A Sakura Sevens spin as the one step it is: its window, its line wins and its scatter win. */
export function slotStepsOf(outcome: SlotOutcome): SlotRoundResult {
  const wins: SlotStep['wins'][number][] = outcome.lineWins.map((lineWin) => ({
    symbol: lineWin.symbol,
    count: lineWin.count,
    line: lineWin.line,
    win: lineWin.win,
    cells: (paylines[lineWin.line - 1] ?? []).slice(0, lineWin.count).map((row, reel): [number, number] => [reel, row]),
  }));
  if (outcome.scatterWin > 0) {
    const cells = outcome.window.flatMap((column, reel) =>
      column.flatMap((symbol, row): [number, number][] => (symbol === 'scatter' ? [[reel, row]] : [])),
    );
    wins.push({ symbol: 'scatter', count: outcome.scatters, cells, win: outcome.scatterWin });
  }
  const step: SlotStep = { phase: 'spin', window: outcome.window, wins, win: outcome.totalWin };
  return { totalBet: outcome.totalBet, totalWin: outcome.totalWin, steps: [step] };
}

function stepsFromStops(round: StudioRound): SlotRoundResult | null {
  const outcome = slotOutcomeOf(round);
  return outcome ? slotStepsOf(outcome) : null;
}

export function slotRoundOf(round: StudioRound | null): SlotRoundResult | null {
  if (!round) return null;
  const sent = (round as StudioRound & { outcome?: unknown }).outcome;
  if (isSlotRound(sent)) return sent;
  return stepsFromStops(round);
}

/** Fixed seeds of no round: the title's own window for the reels at rest, before the first round. */
const restingSeeds = { serverSeed: '0'.repeat(64), clientSeed: 'resting-reels', nonce: 0 };

export function restingWindow(title: Title): string[][] {
  const stake = title.stakes[0];
  if (stake === undefined) return [];
  const result = title.play(restingSeeds, stake);
  return isSlotRound(result) ? (result.steps[0]?.window ?? []) : [];
}
