/**
 * What the studio reports with a round's win (docs/architecture.md §11, `events`): the hall's data
 * counter sums them per machine. Computed from the round as stored, so a win sent again, by any
 * process, carries the same body and the wallet books it once.
 */
import type { TitleKind } from '@games/engine/title';
import * as v from 'valibot';

/** The protocol's round events: counts of this round alone, each left out when it does not apply. */
export interface RoundEvents {
  games?: number;
  big?: number;
  reg?: number;
  jackpots?: number;
  rushes?: number;
}

const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const pachinkoCounts = v.object({ jackpots: count, rushes: count });

/**
 * The `events` field of a round's win body, to spread into it: a pachinko round's jackpots and the
 * rushes they started, as its outcome counts them; a slot round reports none.
 */
export function winEvents(kind: TitleKind, outcome: unknown): { events: RoundEvents } | Record<string, never> {
  if (kind !== 'pachinko' || !v.is(pachinkoCounts, outcome)) return {};
  return { events: { jackpots: outcome.jackpots, rushes: outcome.rushes } };
}
