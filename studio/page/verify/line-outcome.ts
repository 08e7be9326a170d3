import type { StudioRound } from '@contract/studio';
import { evaluateSpin, isBetPerLine, paylines, type SlotOutcome } from '@games/titles/sakura-sevens';

/**
 * A 20-line round's window and line wins, evaluated from the stops its outcome names by the
 * game's rules (the outcome was checked by its title's schema when it arrived).
 */
export function slotOutcomeOf(round: Pick<StudioRound, 'stake' | 'outcome'> | null): SlotOutcome | null {
  const stops = round?.outcome.stops;
  if (!round || !Array.isArray(stops) || !stops.every((stop) => Number.isSafeInteger(stop))) return null;
  const betPerLine = round.stake / paylines.length;
  return isBetPerLine(betPerLine) ? evaluateSpin(stops as number[], betPerLine) : null;
}
