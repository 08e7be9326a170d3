/**
 * The reel symbols of the studio's pachislot titles as inline SVGs drawn for the product, in a
 * title's own colours: one drawing per symbol, so each title's art file only chooses its palette.
 * They are decorative (aria-hidden): the page writes the symbol's name beside them.
 */
import type { PachislotSymbol } from '@games/engine/pachislot-reels';
import type { JSX, ReactNode } from 'react';

export interface ReelPalette {
  seven: string;
  sevenEdge: string;
  bar: string;
  barText: string;
  bell: string;
  replay: string;
  outline: string;
}

/** Where the スイカ's seeds sit on its slice. */
const seeds: readonly (readonly [number, number])[] = [
  [20, 28],
  [27, 28],
  [34, 28],
  [41, 28],
  [30, 35],
  [37, 35],
];

function Frame({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 64 64" width="100%" height="100%" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

function drawings(palette: ReelPalette): Record<PachislotSymbol, () => JSX.Element> {
  const { outline } = palette;
  return {
    seven: () => (
      <Frame>
        <path
          d="M13 9h39v9L33 56H21l18-37H13z"
          fill={palette.seven}
          stroke={palette.sevenEdge}
          strokeWidth="3"
          strokeLinejoin="round"
        />
      </Frame>
    ),
    bar: () => (
      <Frame>
        <rect x="5" y="19" width="54" height="26" rx="6" fill={palette.bar} stroke={outline} strokeWidth="2.5" />
        <text
          x="32"
          y="39"
          textAnchor="middle"
          fontFamily="system-ui, sans-serif"
          fontWeight="900"
          fontSize="17"
          fill={palette.barText}
        >
          BAR
        </text>
      </Frame>
    ),
    bell: () => (
      <Frame>
        <circle cx="32" cy="8" r="3.5" fill={palette.bell} stroke={outline} strokeWidth="2" />
        <path
          d="M32 11c-11 0-15 10-15 21l-5 12h40l-5-12c0-11-4-21-15-21z"
          fill={palette.bell}
          stroke={outline}
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
        <circle cx="32" cy="50" r="5" fill={outline} />
        <path
          d="M24 24c1-5 4-7 7-8"
          stroke="#fff"
          strokeOpacity="0.7"
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
        />
      </Frame>
    ),
    suika: () => (
      <Frame>
        <path d="M5 22a27 27 0 0 0 54 0z" fill="#2f8f3a" stroke={outline} strokeWidth="2.5" strokeLinejoin="round" />
        <path d="M10 22a22 22 0 0 0 44 0z" fill="#f4f1d0" />
        <path d="M13 22a19 19 0 0 0 38 0z" fill="#e8344e" />
        {seeds.map(([x, y]) => (
          <ellipse key={`${x}-${y}`} cx={x} cy={y} rx="1.6" ry="2.4" fill="#2b1a12" />
        ))}
      </Frame>
    ),
    cherry: () => (
      <Frame>
        <path d="M22 42C24 28 30 16 40 9M42 44C40 30 40 18 40 9" stroke="#4e7d2a" strokeWidth="3" fill="none" />
        <path d="M40 9c6-4 13-3 16 1-6 4-12 4-16-1z" fill="#5fa83a" stroke={outline} strokeWidth="1.5" />
        <circle cx="21" cy="46" r="10" fill="#d91e36" stroke={outline} strokeWidth="2.5" />
        <circle cx="43" cy="47" r="10" fill="#d91e36" stroke={outline} strokeWidth="2.5" />
        <circle cx="17" cy="42" r="2.5" fill="#fff" fillOpacity="0.8" />
        <circle cx="39" cy="43" r="2.5" fill="#fff" fillOpacity="0.8" />
      </Frame>
    ),
    replay: () => (
      <Frame>
        <path d="M48 32a16 16 0 1 1-6-12.5" stroke={palette.replay} strokeWidth="8" fill="none" strokeLinecap="round" />
        <path d="M36 11l14 4-5 13z" fill={palette.replay} stroke={outline} strokeWidth="2" strokeLinejoin="round" />
      </Frame>
    ),
  };
}

/** A title's symbol art: every pachislot symbol drawn in the title's palette. */
export function pachislotArt(palette: ReelPalette): Readonly<Record<PachislotSymbol, () => JSX.Element>> {
  return drawings(palette);
}
