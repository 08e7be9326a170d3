/**
 * The steps the reel view plays for a round: the round's outcome, checked by its title's own schema
 * (the contract checks only what every title answers), when the title answers in slot steps.
 */
import type { StudioRound } from '@contract/studio';
import type { SlotRoundResult, Title } from '@games/engine/title';
import * as v from 'valibot';
import { isSlotRound } from './title-rules';

export function slotRoundOf(round: StudioRound | null, title: Title): SlotRoundResult | null {
  if (!round) return null;
  const checked = v.safeParse(title.outcome, round.outcome);
  return checked.success && isSlotRound(checked.output) ? checked.output : null;
}

/** Fixed seeds of no round: the title's own window for the reels at rest, before the first round. */
const restingSeeds = { serverSeed: '0'.repeat(64), clientSeed: 'resting-reels', nonce: 0 };

export function restingWindow(title: Title): string[][] {
  const stake = title.stakes[0];
  if (stake === undefined) return [];
  const result = title.play(restingSeeds, stake);
  return isSlotRound(result) ? (result.steps[0]?.window ?? []) : [];
}
