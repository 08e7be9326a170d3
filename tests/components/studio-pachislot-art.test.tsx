import { kitsuneRushTitle } from '@games/titles/kitsune-rush';
import { luckyLampTitle } from '@games/titles/lucky-lamp';
import { tsukimiReplayTitle } from '@games/titles/tsukimi-replay';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { symbolArt as kitsuneRushArt } from '../../studio/page/art/kitsune-rush';
import { symbolArt as luckyLampArt } from '../../studio/page/art/lucky-lamp';
import { symbolArt as tsukimiReplayArt } from '../../studio/page/art/tsukimi-replay';

/** Each pachislot title's reels are drawn from its own art: every symbol on its strips, as an SVG, never an emoji. */
const emoji = /\p{Extended_Pictographic}/u;

describe.each([
  [luckyLampTitle, luckyLampArt],
  [kitsuneRushTitle, kitsuneRushArt],
  [tsukimiReplayTitle, tsukimiReplayArt],
] as const)('%s', (title, art) => {
  it('draws every symbol its strips show', () => {
    const symbols = new Set(title.machine.strips.flat());
    expect(symbols.size).toBeGreaterThan(3);
    for (const symbol of symbols) {
      const draw = art[symbol];
      expect(draw, `${title.code}: ${symbol}`).toBeDefined();
      const { container, unmount } = render(draw());
      expect(container.querySelector('svg')?.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
      expect(container.textContent ?? '').not.toMatch(emoji);
      unmount();
    }
  });
});
