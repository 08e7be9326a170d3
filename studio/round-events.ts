/**
 * What the studio reports with a round's win (docs/architecture.md §11, `events`): the hall's data
 * counter sums them per machine. Computed from the round as stored, so a win sent again, by any
 * process, carries the same body and the wallet books it once.
 */
import type { StudioDrawn } from '@contract/studio';

/** The protocol's round events: counts of this round alone, each left out when it does not apply. */
export interface RoundEvents {
  games?: number;
  big?: number;
  reg?: number;
  jackpots?: number;
  rushes?: number;
}

/**
 * The `events` field of a round's win body, to spread into it: a pachinko round's jackpots and the
 * rushes they started (each ball that hits one starts a rush, continued by its further jackpots);
 * a slot round reports none.
 */
export function winEvents(drawn: StudioDrawn): { events: RoundEvents } | Record<string, never> {
  if (drawn.kind !== 'pachinko') return {};
  const jackpots = drawn.balls.reduce((sum, ball) => sum + ball.jackpots, 0);
  const rushes = drawn.balls.filter((ball) => ball.jackpots > 0).length;
  return { events: { jackpots, rushes } };
}
