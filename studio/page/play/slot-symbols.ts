import type { SlotSymbol } from '@games/titles/sakura-sevens';

/** How each symbol is drawn: emoji and short text, readable at any size; the name goes beside it for screen readers. */
export const symbolGlyphs: Record<SlotSymbol, string> = {
  seven: '7',
  bar: 'BAR',
  bell: '🔔',
  melon: '🍈',
  cherry: '🍒',
  plum: '🍇',
  orange: '🍊',
  wild: '🌸',
  scatter: '⭐',
};
