/** Jewel Cascade's symbols (docs/games.md §20): cut jewels, one hue each so they read apart at 48 px. */
import type { JSX } from 'react';

function jewel(id: string, light: string, dark: string, outline: string[]): JSX.Element {
  const points = outline.join(' ');
  return (
    <svg viewBox="0 0 100 100" aria-hidden="true">
      <defs>
        <linearGradient id={`jewel-${id}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={light} />
          <stop offset="1" stopColor={dark} />
        </linearGradient>
      </defs>
      <polygon points={points} fill={`url(#jewel-${id})`} stroke={dark} strokeWidth="3" strokeLinejoin="round" />
      <polygon
        points={points}
        fill="none"
        stroke="#ffffff"
        strokeOpacity="0.35"
        strokeWidth="1.5"
        transform="translate(50 50) scale(0.62) translate(-50 -50)"
      />
      <path d="M34 30 L46 24 L42 38 Z" fill="#ffffff" fillOpacity="0.7" />
    </svg>
  );
}

export const symbolArt: Record<string, () => JSX.Element> = {
  diamond: () => jewel('diamond', '#f4fbff', '#7fb6d9', ['50,8', '88,36', '50,92', '12,36']),
  ruby: () => jewel('ruby', '#ff8a9a', '#a3001f', ['30,12', '70,12', '90,50', '70,88', '30,88', '10,50']),
  sapphire: () => jewel('sapphire', '#7fa8ff', '#0a2a8c', ['50,8', '90,50', '50,92', '10,50']),
  emerald: () =>
    jewel('emerald', '#7dffb0', '#006b34', ['28,10', '72,10', '90,28', '90,72', '72,90', '28,90', '10,72', '10,28']),
  topaz: () => jewel('topaz', '#ffe27a', '#c46a00', ['50,10', '90,84', '10,84']),
};
