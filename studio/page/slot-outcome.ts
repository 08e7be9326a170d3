import type { StudioRound } from '@contract/studio';
import type { PachinkoBall } from '@games/engine/pachinko';
import { evaluateSpin, isBetPerLine, paylines, type SlotOutcome } from '@games/titles/sakura-sevens';

/** A round as stored, or as the verify page recomputed it: its stake and the title's outcome. */
type Played = Pick<StudioRound, 'stake' | 'outcome'>;

/**
 * A 20-line round's window and line wins, evaluated from the stops its outcome names by the
 * game's rules (the outcome was checked by its title's schema when it arrived).
 */
export function slotOutcomeOf(round: Played | null): SlotOutcome | null {
  const stops = round?.outcome.stops;
  if (!round || !Array.isArray(stops) || !stops.every((stop) => Number.isSafeInteger(stop))) return null;
  const betPerLine = round.stake / paylines.length;
  return isBetPerLine(betPerLine) ? evaluateSpin(stops as number[], betPerLine) : null;
}

/** A pachinko round's balls, in launch order, as its outcome names them. */
export function pachinkoBallsOf(round: Played | null): PachinkoBall[] {
  const balls = round?.outcome.balls;
  return Array.isArray(balls) ? (balls as PachinkoBall[]) : [];
}
