/** Golden Koban's symbols (docs/games.md §21): lucky charms and the oval koban coin, each its own colour. */
import type { JSX } from 'react';

const frame = (id: string, top: string, bottom: string, body: JSX.Element): JSX.Element => (
  <svg viewBox="0 0 100 100" aria-hidden="true">
    <defs>
      <linearGradient id={`koban-${id}`} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor={top} />
        <stop offset="1" stopColor={bottom} />
      </linearGradient>
    </defs>
    {body}
  </svg>
);

export const symbolArt: Record<string, () => JSX.Element> = {
  koi: () =>
    frame(
      'koi',
      '#ff9a6b',
      '#d9381e',
      <>
        <path
          d="M14 50 Q40 18 74 42 L90 28 L86 50 L90 72 L74 58 Q40 82 14 50 Z"
          fill="url(#koban-koi)"
          stroke="#7a1a0a"
          strokeWidth="3"
        />
        <circle cx="28" cy="46" r="4" fill="#1a1a1a" />
        <path d="M42 40 Q50 50 42 60" fill="none" stroke="#ffffff" strokeWidth="3" />
      </>,
    ),
  daruma: () =>
    frame(
      'daruma',
      '#ff5a5a',
      '#9e0b0b',
      <>
        <ellipse cx="50" cy="54" rx="36" ry="40" fill="url(#koban-daruma)" stroke="#5a0000" strokeWidth="3" />
        <ellipse cx="50" cy="44" rx="20" ry="16" fill="#fff3e0" />
        <circle cx="43" cy="44" r="4" fill="#1a1a1a" />
        <circle cx="57" cy="44" r="4" fill="none" stroke="#1a1a1a" strokeWidth="2" />
        <path d="M38 76 Q50 84 62 76" fill="none" stroke="#ffd24a" strokeWidth="4" />
      </>,
    ),
  fan: () =>
    frame(
      'fan',
      '#c9a2ff',
      '#5b2a9e',
      <>
        <path
          d="M50 86 L10 40 Q50 0 90 40 Z"
          fill="url(#koban-fan)"
          stroke="#2e0f5c"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path d="M50 86 L30 28 M50 86 L50 20 M50 86 L70 28" stroke="#ffffff" strokeOpacity="0.6" strokeWidth="2" />
        <circle cx="50" cy="84" r="5" fill="#ffd24a" />
      </>,
    ),
  lantern: () =>
    frame(
      'lantern',
      '#ffd07a',
      '#e0601a',
      <>
        <rect x="38" y="8" width="24" height="8" rx="2" fill="#3a2a1a" />
        <ellipse cx="50" cy="50" rx="30" ry="34" fill="url(#koban-lantern)" stroke="#8a3000" strokeWidth="3" />
        <path d="M22 38 H78 M20 50 H80 M22 62 H78" stroke="#8a3000" strokeWidth="2" />
        <rect x="38" y="84" width="24" height="8" rx="2" fill="#3a2a1a" />
      </>,
    ),
  bell: () =>
    frame(
      'bell',
      '#9be7ff',
      '#1a7fa8',
      <>
        <circle cx="50" cy="54" r="34" fill="url(#koban-bell)" stroke="#0a4a66" strokeWidth="3" />
        <path d="M20 54 H80" stroke="#0a4a66" strokeWidth="3" />
        <circle cx="50" cy="70" r="6" fill="#0a4a66" />
        <rect x="44" y="12" width="12" height="10" rx="3" fill="#d9381e" />
      </>,
    ),
  koban: () =>
    frame(
      'koban',
      '#fff0a0',
      '#c89400',
      <>
        <ellipse cx="50" cy="50" rx="30" ry="44" fill="url(#koban-koban)" stroke="#7a5a00" strokeWidth="3" />
        <path d="M32 30 H68 M32 70 H68" stroke="#7a5a00" strokeWidth="2" />
        <text x="50" y="60" textAnchor="middle" fontSize="30" fontWeight="700" fill="#7a5a00">
          両
        </text>
      </>,
    ),
  blank: () =>
    frame('blank', '#2a2a3a', '#14141e', <rect x="8" y="8" width="84" height="84" rx="12" fill="url(#koban-blank)" />),
};
