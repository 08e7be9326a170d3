/** Koi Ways' symbols (docs/games.md §11): the pond's koi, lotus, lantern and fan, card ranks, the wave and the koban. */
import type { JSX } from 'react';
import type { SymbolArt } from '../play/title-context';

const frame = (id: string, top: string, bottom: string, body: JSX.Element): JSX.Element => (
  <svg viewBox="0 0 100 100" aria-hidden="true">
    <defs>
      <linearGradient id={`koiways-${id}`} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor={top} />
        <stop offset="1" stopColor={bottom} />
      </linearGradient>
    </defs>
    {body}
  </svg>
);

/** A card rank, a letter on its own colour, so the four low symbols read apart. */
function rank(id: string, letter: string, top: string, bottom: string, edge: string): JSX.Element {
  return frame(
    id,
    top,
    bottom,
    <text
      x="50"
      y="80"
      textAnchor="middle"
      fontSize="76"
      fontWeight="900"
      fontFamily="Georgia, serif"
      fill={`url(#koiways-${id})`}
      stroke={edge}
      strokeWidth="3"
    >
      {letter}
    </text>,
  );
}

export const symbolArt: SymbolArt = {
  koi: () =>
    frame(
      'koi',
      '#ffffff',
      '#ff6a2a',
      <>
        <path
          d="M12 50 Q38 20 72 42 L90 28 L86 50 L90 72 L72 58 Q38 80 12 50 Z"
          fill="url(#koiways-koi)"
          stroke="#8a2a00"
          strokeWidth="3"
        />
        <ellipse cx="46" cy="44" rx="10" ry="7" fill="#e0301a" />
        <ellipse cx="58" cy="56" rx="7" ry="5" fill="#e0301a" />
        <circle cx="24" cy="46" r="4" fill="#1a1a1a" />
      </>,
    ),
  lotus: () =>
    frame(
      'lotus',
      '#ffd6ef',
      '#e0509e',
      <>
        <path d="M50 16 Q64 40 50 74 Q36 40 50 16 Z" fill="url(#koiways-lotus)" stroke="#8a1a5a" strokeWidth="2.5" />
        <path d="M18 38 Q40 44 50 74 Q24 66 18 38 Z" fill="url(#koiways-lotus)" stroke="#8a1a5a" strokeWidth="2.5" />
        <path d="M82 38 Q60 44 50 74 Q76 66 82 38 Z" fill="url(#koiways-lotus)" stroke="#8a1a5a" strokeWidth="2.5" />
        <ellipse cx="50" cy="80" rx="36" ry="8" fill="#2e9a5a" stroke="#0f4a2a" strokeWidth="2" />
      </>,
    ),
  lantern: () =>
    frame(
      'lantern',
      '#ffb04a',
      '#d02a0a',
      <>
        <rect x="38" y="8" width="24" height="8" rx="2" fill="#3a2a1a" />
        <rect x="38" y="84" width="24" height="8" rx="2" fill="#3a2a1a" />
        <ellipse cx="50" cy="50" rx="32" ry="36" fill="url(#koiways-lantern)" stroke="#6a1200" strokeWidth="3" />
        <path d="M22 38 H78 M18 50 H82 M22 62 H78" stroke="#6a1200" strokeOpacity="0.5" strokeWidth="2" />
        <ellipse cx="40" cy="40" rx="5" ry="9" fill="#fff3c0" fillOpacity="0.6" />
      </>,
    ),
  fan: () =>
    frame(
      'fan',
      '#8ae0ff',
      '#1a6aa8',
      <>
        <path d="M50 84 L10 40 A52 52 0 0 1 90 40 Z" fill="url(#koiways-fan)" stroke="#0a2a55" strokeWidth="3" />
        <path
          d="M50 84 L22 28 M50 84 L36 20 M50 84 L50 18 M50 84 L64 20 M50 84 L78 28"
          stroke="#0a2a55"
          strokeOpacity="0.5"
          strokeWidth="2"
        />
        <circle cx="50" cy="84" r="5" fill="#c9a227" />
      </>,
    ),
  ace: () => rank('ace', 'A', '#ff7a7a', '#b0102a', '#4a0010'),
  king: () => rank('king', 'K', '#ffd24a', '#b37400', '#4a3000'),
  queen: () => rank('queen', 'Q', '#c08aff', '#5a1aa8', '#240a4a'),
  jack: () => rank('jack', 'J', '#6ae0a0', '#0a8a4a', '#043a1a'),
  wild: () =>
    frame(
      'wild',
      '#9ae8ff',
      '#0a4a9e',
      <>
        <rect x="6" y="6" width="88" height="88" rx="14" fill="url(#koiways-wild)" stroke="#04234a" strokeWidth="3" />
        <path
          d="M12 56 Q24 36 38 52 Q50 66 62 50 Q74 34 88 54"
          fill="none"
          stroke="#ffffff"
          strokeWidth="6"
          strokeLinecap="round"
        />
        <text
          x="50"
          y="34"
          textAnchor="middle"
          fontSize="20"
          fontWeight="900"
          fontFamily="Arial, sans-serif"
          fill="#ffffff"
        >
          WILD
        </text>
      </>,
    ),
  scatter: () =>
    frame(
      'scatter',
      '#fff1a8',
      '#c9900a',
      <>
        <ellipse cx="50" cy="50" rx="30" ry="42" fill="url(#koiways-scatter)" stroke="#6b4a00" strokeWidth="3" />
        <ellipse cx="50" cy="50" rx="22" ry="33" fill="none" stroke="#6b4a00" strokeOpacity="0.5" strokeWidth="2" />
        <rect x="42" y="36" width="16" height="28" rx="2" fill="none" stroke="#6b4a00" strokeWidth="3" />
        <path d="M42 46 H58 M42 54 H58" stroke="#6b4a00" strokeWidth="2" />
      </>,
    ),
};
