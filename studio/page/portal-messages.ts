/**
 * What the studio's page and the portal around it (the springboard, same origin only) say to each
 * other: the portal's reality check and its closing; the page's keep playing, leaving, and the
 * balance after each round it settles.
 */
import { playSummary } from '@contract/protection';
import type { RoundSettledMessage } from '@contract/studio';
import type { StudioRoundEvent } from '@machines/studio-round-context';
import * as v from 'valibot';

const portalMessage = v.variant('type', [
  v.object({ type: v.literal('realityCheck'), summary: playSummary }),
  v.object({ type: v.literal('realityCheckDone') }),
]);

/** The round machine's event for a message from the portal; null for anything else or anyone else. */
export function portalEvent(message: { origin: string; source: unknown; data: unknown }): StudioRoundEvent | null {
  if (message.origin !== window.location.origin || window.parent === window || message.source !== window.parent)
    return null;
  const parsed = v.safeParse(portalMessage, message.data);
  if (!parsed.success) return null;
  return parsed.output.type === 'realityCheck'
    ? { type: 'realityCheck.show', summary: parsed.output.summary }
    : { type: 'realityCheck.closed' };
}

export type PageMessage = { type: 'realityCheckDone' } | { type: 'studio.closed' } | RoundSettledMessage;

/** Tells the portal's page around the game (same origin only); false when the page is not framed. */
export function tellPortal(message: PageMessage): boolean {
  if (window.parent === window) return false;
  window.parent.postMessage(message, window.location.origin);
  return true;
}

/** Back to the hall: the portal around the game gives the seat back; a page opened on its own goes home. */
export function backToHall(): void {
  if (!tellPortal({ type: 'studio.closed' })) window.location.assign('/');
}
