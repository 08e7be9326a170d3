/** Kitsune Moon's symbols (docs/games.md §22): the fox, the shrine's things, the moon wild and foxfire. */
import type { JSX } from 'react';

const frame = (id: string, inner: string, outer: string, body: JSX.Element): JSX.Element => (
  <svg viewBox="0 0 100 100" aria-hidden="true">
    <defs>
      <radialGradient id={`kitsune-${id}`} cx="0.5" cy="0.4" r="0.6">
        <stop offset="0" stopColor={inner} />
        <stop offset="1" stopColor={outer} />
      </radialGradient>
    </defs>
    {body}
  </svg>
);

export const symbolArt: Record<string, () => JSX.Element> = {
  kitsune: () =>
    frame(
      'kitsune',
      '#ffd9a0',
      '#e07a10',
      <>
        <path
          d="M14 14 L38 34 L62 34 L86 14 L80 56 L50 90 L20 56 Z"
          fill="url(#kitsune-kitsune)"
          stroke="#7a3a00"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path d="M34 52 L44 56 M66 52 L56 56" stroke="#1a1a1a" strokeWidth="4" strokeLinecap="round" />
        <circle cx="50" cy="78" r="4" fill="#1a1a1a" />
      </>,
    ),
  torii: () =>
    frame(
      'torii',
      '#ff6a4a',
      '#b01a0a',
      <>
        <path d="M8 18 Q50 8 92 18 L92 28 L8 28 Z" fill="url(#kitsune-torii)" stroke="#4a0a00" strokeWidth="2" />
        <rect x="16" y="36" width="68" height="8" fill="#c8220e" />
        <rect x="24" y="28" width="10" height="64" fill="#c8220e" />
        <rect x="66" y="28" width="10" height="64" fill="#c8220e" />
      </>,
    ),
  mask: () =>
    frame(
      'mask',
      '#ffffff',
      '#c9c9d9',
      <>
        <path
          d="M18 12 L36 30 L64 30 L82 12 L84 54 Q50 98 16 54 Z"
          fill="url(#kitsune-mask)"
          stroke="#5a5a7a"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path
          d="M30 50 Q38 44 44 52 M56 52 Q62 44 70 50"
          fill="none"
          stroke="#d9381e"
          strokeWidth="4"
          strokeLinecap="round"
        />
        <path d="M44 72 Q50 78 56 72" fill="none" stroke="#d9381e" strokeWidth="3" />
      </>,
    ),
  lantern: () =>
    frame(
      'lantern',
      '#d9d9c9',
      '#7a7a6a',
      <>
        <path d="M24 26 L50 10 L76 26 Z" fill="#5a5a4a" />
        <rect x="30" y="28" width="40" height="30" fill="url(#kitsune-lantern)" stroke="#3a3a2a" strokeWidth="3" />
        <rect x="42" y="36" width="16" height="14" fill="#ffd24a" />
        <rect x="40" y="58" width="20" height="24" fill="#8a8a7a" />
        <rect x="26" y="82" width="48" height="8" fill="#5a5a4a" />
      </>,
    ),
  maple: () =>
    frame(
      'maple',
      '#ffb04a',
      '#c0300a',
      <path
        d="M50 8 L58 30 L78 22 L70 44 L92 48 L72 60 L78 76 L56 70 L52 92 L48 92 L44 70 L22 76 L28 60 L8 48 L30 44 L22 22 L42 30 Z"
        fill="url(#kitsune-maple)"
        stroke="#6a1a00"
        strokeWidth="2"
        strokeLinejoin="round"
      />,
    ),
  ume: () =>
    frame(
      'ume',
      '#ffe0ef',
      '#e0508a',
      <>
        {[0, 72, 144, 216, 288].map((angle) => (
          <circle key={angle} cx="50" cy="26" r="18" fill="url(#kitsune-ume)" transform={`rotate(${angle} 50 50)`} />
        ))}
        <circle cx="50" cy="50" r="10" fill="#ffd24a" />
      </>,
    ),
  moon: () =>
    frame(
      'moon',
      '#fffbe0',
      '#d9c46a',
      <>
        <rect x="4" y="4" width="92" height="92" rx="14" fill="#14163a" />
        <path d="M62 14 A36 36 0 1 0 62 86 A28 28 0 1 1 62 14 Z" fill="url(#kitsune-moon)" />
        <text x="70" y="60" textAnchor="middle" fontSize="18" fontWeight="700" fill="#fffbe0">
          WILD
        </text>
      </>,
    ),
  foxfire: () =>
    frame(
      'foxfire',
      '#e0fbff',
      '#1a9ad9',
      <>
        <path
          d="M50 6 Q78 40 72 64 Q66 90 50 92 Q34 90 28 64 Q24 44 50 6 Z"
          fill="url(#kitsune-foxfire)"
          stroke="#0a4a7a"
          strokeWidth="3"
        />
        <path d="M50 40 Q62 58 56 74 Q50 82 44 74 Q40 62 50 40 Z" fill="#ffffff" fillOpacity="0.8" />
      </>,
    ),
};
