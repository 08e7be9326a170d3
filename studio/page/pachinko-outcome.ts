import type { StudioRound } from '@contract/studio';
import type { PachinkoBall } from '@games/engine/pachinko';

/** A pachinko round's balls, in launch order, as its outcome names them (as stored, or as the verify page recomputed it). */
export function pachinkoBallsOf(round: Pick<StudioRound, 'outcome'> | null): PachinkoBall[] {
  const balls = round?.outcome.balls;
  return Array.isArray(balls) ? (balls as PachinkoBall[]) : [];
}
