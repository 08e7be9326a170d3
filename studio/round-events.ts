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
const pachislotBonus = v.object({ bonusStarted: v.nullable(v.picklist(['big', 'reg'])) });

/**
 * The `events` field of a round's win body, to spread into it: a pachinko round's jackpots and the
 * rushes they started, as its outcome counts them; a pachislot game is one game, and the BIG or REG
 * it aligned; a slot round reports none.
 */
export function winEvents(kind: TitleKind, outcome: unknown): { events: RoundEvents } | Record<string, never> {
  if (kind === 'pachislot' && v.is(pachislotBonus, outcome)) {
    const { bonusStarted } = outcome;
    return { events: { games: 1, big: bonusStarted === 'big' ? 1 : 0, reg: bonusStarted === 'reg' ? 1 : 0 } };
  }
  if (kind !== 'pachinko' || !v.is(pachinkoCounts, outcome)) return {};
  return { events: { jackpots: outcome.jackpots, rushes: outcome.rushes } };
}
