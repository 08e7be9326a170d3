/** Hanabi Light's board (docs/games.md §31): fireworks bursting over the night river, and a lantern-red frame for the display. */
import type { SymbolArt } from '../play/title-context';

/** A burst of `rays` sparks around a centre. */
function burst(cx: number, cy: number, radius: number, rays: number, colour: string) {
  return (
    <g stroke={colour} strokeWidth="1.2" strokeLinecap="round" opacity="0.75">
      {[...Array(rays).keys()].map((ray) => {
        const angle = (ray / rays) * 2 * Math.PI;
        const inner = radius * 0.35;
        return (
          <line
            key={ray}
            x1={cx + inner * Math.cos(angle)}
            y1={cy + inner * Math.sin(angle)}
            x2={cx + radius * Math.cos(angle)}
            y2={cy + radius * Math.sin(angle)}
          />
        );
      })}
    </g>
  );
}

export const symbolArt: SymbolArt = {
  field: () => (
    <svg viewBox="0 0 100 100" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
      <rect width="100" height="100" fill="#0d1b3d" opacity="0.5" />
      {burst(18, 20, 12, 12, '#ff6fa8')}
      {burst(82, 16, 10, 10, '#7ee0ff')}
      {burst(80, 60, 8, 9, '#ffd34d')}
      {burst(16, 62, 7, 8, '#9cff8a')}
      <path d="M0 92 Q25 88 50 92 T100 92 L100 100 L0 100 Z" fill="#1f4f8a" opacity="0.6" />
    </svg>
  ),
  frame: () => (
    <svg viewBox="0 0 100 40" preserveAspectRatio="none" aria-hidden="true">
      <rect x="1" y="1" width="98" height="38" rx="6" fill="none" stroke="#e0182d" strokeWidth="2" />
      <circle cx="6" cy="6" r="2" fill="#ffd34d" />
      <circle cx="94" cy="6" r="2" fill="#ffd34d" />
    </svg>
  ),
};
