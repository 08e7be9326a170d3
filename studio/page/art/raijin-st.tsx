/** Raijin ST's board (docs/games.md §30): the thunder god's drums in a storm of bolts, and a bolt-edged frame for the display. */
import type { SymbolArt } from '../play/title-context';

const bolt = (x: number, y: number, scale: number) =>
  `M${x} ${y} l${6 * scale} 0 l${-3 * scale} ${8 * scale} l${5 * scale} 0 l${-10 * scale} ${14 * scale} l${3 * scale} ${-10 * scale} l${-5 * scale} 0 Z`;

export const symbolArt: SymbolArt = {
  field: () => (
    <svg viewBox="0 0 100 100" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
      <rect width="100" height="100" fill="#2a1b4a" opacity="0.55" />
      <g fill="#ffd34d" opacity="0.7">
        <path d={bolt(10, 8, 1)} />
        <path d={bolt(84, 14, 0.8)} />
        <path d={bolt(20, 52, 0.7)} />
        <path d={bolt(78, 56, 0.9)} />
      </g>
      <g fill="none" stroke="#c9a227" strokeWidth="2" opacity="0.6">
        <circle cx="8" cy="84" r="7" />
        <circle cx="92" cy="84" r="7" />
      </g>
    </svg>
  ),
  frame: () => (
    <svg viewBox="0 0 100 40" preserveAspectRatio="none" aria-hidden="true">
      <rect x="1" y="1" width="98" height="38" rx="4" fill="none" stroke="#7c5cff" strokeWidth="2" />
      <path d="M2 20 L10 14 L8 20 L16 16" fill="none" stroke="#ffd34d" strokeWidth="1.5" />
      <path d="M98 20 L90 14 L92 20 L84 16" fill="none" stroke="#ffd34d" strokeWidth="1.5" />
    </svg>
  ),
};
