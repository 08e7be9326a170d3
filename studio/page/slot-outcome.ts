import type { StudioRound } from '@contract/studio';
import { evaluateSpin, isBetPerLine, paylines, type SlotOutcome } from '@games/titles/sakura-sevens';

/** A slot round's window and line wins, recomputed from its stops by the game's rules (the studio sends only the stops). */
export function slotOutcomeOf(round: StudioRound | null): SlotOutcome | null {
  if (round?.drawn.kind !== 'slot') return null;
  const betPerLine = round.stake / paylines.length;
  return isBetPerLine(betPerLine) ? evaluateSpin(round.drawn.stops, betPerLine) : null;
}
