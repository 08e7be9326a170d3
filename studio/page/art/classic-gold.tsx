/** Classic Gold's symbols (docs/games.md §10): the bars, seven and cherry of a classic reel, and its gold wild. */
import type { JSX } from 'react';
import type { SymbolArt } from '../play/title-context';

const frame = (id: string, top: string, bottom: string, body: JSX.Element): JSX.Element => (
  <svg viewBox="0 0 100 100" aria-hidden="true">
    <defs>
      <linearGradient id={`classic-${id}`} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor={top} />
        <stop offset="1" stopColor={bottom} />
      </linearGradient>
    </defs>
    {body}
  </svg>
);

/** One to three stacked BAR plates, each its own colour so the three bars read apart. */
function bars(id: string, top: string, bottom: string, edge: string, count: number): JSX.Element {
  const height = 22;
  const gap = 5;
  const first = 50 - (count * height + (count - 1) * gap) / 2;
  return frame(
    id,
    top,
    bottom,
    <g>
      {Array.from({ length: count }, (_, index) => {
        const y = first + index * (height + gap);
        return (
          <g key={y}>
            <rect
              x="10"
              y={y}
              width="80"
              height={height}
              rx="5"
              fill={`url(#classic-${id})`}
              stroke={edge}
              strokeWidth="2.5"
            />
            <text
              x="50"
              y={y + 17}
              textAnchor="middle"
              fontSize="17"
              fontWeight="900"
              fontFamily="Arial, sans-serif"
              fill="#ffffff"
            >
              BAR
            </text>
          </g>
        );
      })}
    </g>,
  );
}

export const symbolArt: SymbolArt = {
  wild: () =>
    frame(
      'wild',
      '#fff4b0',
      '#c98a00',
      <>
        <polygon
          points="50,6 61,36 94,38 68,58 77,90 50,72 23,90 32,58 6,38 39,36"
          fill="url(#classic-wild)"
          stroke="#6b4400"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <text
          x="50"
          y="62"
          textAnchor="middle"
          fontSize="17"
          fontWeight="900"
          fontFamily="Arial, sans-serif"
          fill="#6b4400"
        >
          WILD
        </text>
      </>,
    ),
  seven: () =>
    frame(
      'seven',
      '#ff6b5a',
      '#b00000',
      <text
        x="50"
        y="82"
        textAnchor="middle"
        fontSize="88"
        fontWeight="900"
        fontFamily="Georgia, serif"
        fill="url(#classic-seven)"
        stroke="#ffd24a"
        strokeWidth="3"
      >
        7
      </text>,
    ),
  tripleBar: () => bars('tripleBar', '#ff8a3d', '#b34000', '#5a2000', 3),
  doubleBar: () => bars('doubleBar', '#4a9aff', '#0a3a9e', '#041a5a', 2),
  bar: () => bars('bar', '#3ddc84', '#0a7a3a', '#043a1a', 1),
  cherry: () =>
    frame(
      'cherry',
      '#ff4d6d',
      '#9e0020',
      <>
        <path d="M30 64 Q38 32 60 14 Q62 40 70 62" fill="none" stroke="#2f7a1a" strokeWidth="4" />
        <path d="M60 14 Q76 10 84 22 Q70 28 60 14 Z" fill="#4caf50" />
        <circle cx="30" cy="70" r="17" fill="url(#classic-cherry)" stroke="#4a0010" strokeWidth="3" />
        <circle cx="70" cy="68" r="17" fill="url(#classic-cherry)" stroke="#4a0010" strokeWidth="3" />
        <circle cx="24" cy="64" r="4" fill="#ffffff" fillOpacity="0.7" />
        <circle cx="64" cy="62" r="4" fill="#ffffff" fillOpacity="0.7" />
      </>,
    ),
  blank: () =>
    frame(
      'blank',
      '#3a3a44',
      '#1a1a20',
      <rect x="30" y="47" width="40" height="6" rx="3" fill="url(#classic-blank)" fillOpacity="0.6" />,
    ),
};
