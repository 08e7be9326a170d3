/** Sakura Sevens' symbols (docs/games.md §2): fruit-machine classics under cherry blossom, one hue each. */
import type { JSX } from 'react';
import type { SymbolArt } from '../play/title-context';

const frame = (id: string, top: string, bottom: string, body: JSX.Element): JSX.Element => (
  <svg viewBox="0 0 100 100" aria-hidden="true">
    <defs>
      <linearGradient id={`sakura-${id}`} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor={top} />
        <stop offset="1" stopColor={bottom} />
      </linearGradient>
    </defs>
    {body}
  </svg>
);

const petals = (cx: number, cy: number, r: number, fill: string, stroke: string): JSX.Element => (
  <g stroke={stroke} strokeWidth="2">
    {[0, 72, 144, 216, 288].map((angle) => (
      <ellipse
        key={angle}
        cx={cx}
        cy={cy - r}
        rx={r * 0.55}
        ry={r * 0.85}
        fill={fill}
        transform={`rotate(${angle} ${cx} ${cy})`}
      />
    ))}
    <circle cx={cx} cy={cy} r={r * 0.3} fill="#ffd24a" stroke="none" />
  </g>
);

export const symbolArt: SymbolArt = {
  seven: () =>
    frame(
      'seven',
      '#ff5a6e',
      '#a3001f',
      <text
        x="50"
        y="80"
        textAnchor="middle"
        fontSize="84"
        fontWeight="900"
        fontFamily="Georgia, serif"
        fill="url(#sakura-seven)"
        stroke="#4a0010"
        strokeWidth="3"
      >
        7
      </text>,
    ),
  bar: () =>
    frame(
      'bar',
      '#5a5a6e',
      '#111118',
      <>
        <rect x="8" y="30" width="84" height="40" rx="8" fill="url(#sakura-bar)" stroke="#e8e8f0" strokeWidth="3" />
        <text
          x="50"
          y="61"
          textAnchor="middle"
          fontSize="28"
          fontWeight="900"
          fontFamily="Arial, sans-serif"
          fill="#ffffff"
        >
          BAR
        </text>
      </>,
    ),
  bell: () =>
    frame(
      'bell',
      '#ffe680',
      '#d99400',
      <>
        <path
          d="M50 12 C30 12 26 34 26 50 C26 62 20 68 14 74 L86 74 C80 68 74 62 74 50 C74 34 70 12 50 12 Z"
          fill="url(#sakura-bell)"
          stroke="#7a4a00"
          strokeWidth="3"
        />
        <circle cx="50" cy="82" r="8" fill="#b36b00" stroke="#7a4a00" strokeWidth="2" />
        <path d="M38 26 Q32 40 34 56" fill="none" stroke="#ffffff" strokeOpacity="0.7" strokeWidth="4" />
      </>,
    ),
  melon: () =>
    frame(
      'melon',
      '#b8f07a',
      '#3f8a1a',
      <>
        <circle cx="50" cy="54" r="36" fill="url(#sakura-melon)" stroke="#1f4d0a" strokeWidth="3" />
        <path
          d="M22 42 Q50 56 78 42 M18 58 Q50 72 82 58 M36 22 Q44 54 36 86 M64 22 Q56 54 64 86"
          fill="none"
          stroke="#e8ffd0"
          strokeOpacity="0.7"
          strokeWidth="2.5"
        />
        <path d="M50 18 L50 8" stroke="#6b4a1a" strokeWidth="4" />
      </>,
    ),
  cherry: () =>
    frame(
      'cherry',
      '#ff6b8a',
      '#b0002a',
      <>
        <path d="M32 66 Q40 30 62 14 Q64 40 70 62" fill="none" stroke="#2f7a1a" strokeWidth="4" />
        <path d="M62 14 Q78 12 84 24 Q70 28 62 14 Z" fill="#4caf50" />
        <circle cx="32" cy="70" r="17" fill="url(#sakura-cherry)" stroke="#5a0014" strokeWidth="3" />
        <circle cx="70" cy="68" r="17" fill="url(#sakura-cherry)" stroke="#5a0014" strokeWidth="3" />
        <circle cx="26" cy="64" r="4" fill="#ffffff" fillOpacity="0.7" />
        <circle cx="64" cy="62" r="4" fill="#ffffff" fillOpacity="0.7" />
      </>,
    ),
  plum: () =>
    frame(
      'plum',
      '#c07aff',
      '#4a1a8c',
      <>
        <ellipse cx="50" cy="56" rx="32" ry="34" fill="url(#sakura-plum)" stroke="#2a0a55" strokeWidth="3" />
        <path d="M50 24 Q46 44 50 88" fill="none" stroke="#2a0a55" strokeOpacity="0.5" strokeWidth="2.5" />
        <path d="M50 24 Q62 8 76 14 Q66 26 50 24 Z" fill="#3f9a2a" />
        <ellipse cx="36" cy="44" rx="6" ry="10" fill="#ffffff" fillOpacity="0.5" />
      </>,
    ),
  orange: () =>
    frame(
      'orange',
      '#ffb84a',
      '#e0620a',
      <>
        <circle cx="50" cy="54" r="36" fill="url(#sakura-orange)" stroke="#8a3a00" strokeWidth="3" />
        <circle cx="50" cy="54" r="26" fill="none" stroke="#ffe0a8" strokeOpacity="0.6" strokeWidth="2" />
        <path d="M50 18 Q58 6 70 10 Q62 20 50 18 Z" fill="#3f9a2a" />
        <circle cx="38" cy="42" r="5" fill="#ffffff" fillOpacity="0.6" />
      </>,
    ),
  wild: () =>
    frame(
      'wild',
      '#ffd1e0',
      '#e0407a',
      <>
        <rect x="6" y="6" width="88" height="88" rx="14" fill="url(#sakura-wild)" stroke="#7a0a3a" strokeWidth="3" />
        {petals(50, 38, 16, '#fff0f5', '#c2185b')}
        <text
          x="50"
          y="86"
          textAnchor="middle"
          fontSize="20"
          fontWeight="900"
          fontFamily="Arial, sans-serif"
          fill="#ffffff"
          stroke="#7a0a3a"
          strokeWidth="1"
        >
          WILD
        </text>
      </>,
    ),
  scatter: () =>
    frame(
      'scatter',
      '#7ad8ff',
      '#0a5aa8',
      <>
        <circle cx="50" cy="50" r="42" fill="url(#sakura-scatter)" stroke="#04305a" strokeWidth="3" />
        {petals(50, 50, 22, '#ffb3cf', '#d81b60')}
      </>,
    ),
};
