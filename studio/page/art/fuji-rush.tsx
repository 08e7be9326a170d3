/** Fuji Rush's board (docs/games.md §3): the mountain under a rising sun behind the pins, and a snow-capped frame for the display. */
import type { SymbolArt } from '../play/title-context';

export const symbolArt: SymbolArt = {
  field: () => (
    <svg viewBox="0 0 100 100" preserveAspectRatio="xMidYMax slice" aria-hidden="true">
      <defs>
        <linearGradient id="fujirush-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2b2f6b" />
          <stop offset="1" stopColor="#c2410c" stopOpacity="0.6" />
        </linearGradient>
      </defs>
      <rect width="100" height="100" fill="url(#fujirush-sky)" opacity="0.5" />
      <circle cx="50" cy="58" r="16" fill="#e0182d" opacity="0.55" />
      <path d="M0 100 L34 62 Q50 46 66 62 L100 100 Z" fill="#1e3a5f" opacity="0.8" />
      <path d="M38 58 Q50 46 62 58 L57 62 L53 59 L50 63 L46 59 L42 62 Z" fill="#f4f1ea" opacity="0.9" />
    </svg>
  ),
  frame: () => (
    <svg viewBox="0 0 100 40" preserveAspectRatio="none" aria-hidden="true">
      <path d="M0 40 L0 6 L20 0 L30 5 L40 0 L50 6 L60 0 L70 5 L80 0 L100 6 L100 40 Z" fill="#1e3a5f" opacity="0.6" />
    </svg>
  ),
};
