import { describe, expect, it } from 'vitest';
import { gameFrameEvent } from '@/features/hall/launch-flow';

/** What the springboard takes from the game's frame: requirements §19.4, only from its own frame of our origin. */

/** The studio's page framed at our origin; its window stands for the one the browser would give. */
function ownFrame(): HTMLIFrameElement {
  return { src: `${window.location.origin}/studio/play`, contentWindow: {} as Window } as HTMLIFrameElement;
}

/** What the listener reads of a message: who sent it, from where, and what. */
const message = (data: unknown, init: { origin?: string; source?: unknown } = {}) =>
  ({ data, origin: init.origin ?? window.location.origin, source: init.source ?? null }) as MessageEvent;

describe('a round settled in the game’s frame', () => {
  it('is the balance after it, from the springboard’s own frame', () => {
    const frame = ownFrame();
    const source = frame.contentWindow as Window;
    expect(gameFrameEvent(message({ type: 'studio.roundSettled', balance: 98_650 }, { source }), frame)).toEqual({
      type: 'game.roundSettled',
      balance: 98_650,
    });
  });

  it('is nothing from another origin, another window, or with a balance that is not a count of coins', () => {
    const frame = ownFrame();
    const source = frame.contentWindow as Window;
    const settled = { type: 'studio.roundSettled', balance: 5 };
    expect(gameFrameEvent(message(settled, { source, origin: 'https://games.example.com' }), frame)).toBeNull();
    expect(gameFrameEvent(message(settled, { source: window }), frame)).toBeNull();
    expect(gameFrameEvent(message({ ...settled, balance: -1 }, { source }), frame)).toBeNull();
    expect(gameFrameEvent(message({ ...settled, balance: '5' }, { source }), frame)).toBeNull();
  });
});
