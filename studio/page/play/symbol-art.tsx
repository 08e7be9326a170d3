/**
 * A symbol as the reels and the paytable draw it: the title's own SVG art, or until a title has art
 * for a symbol a plain one made from its id (a shape and a hue of its own, and its initials), so
 * two symbols of a title never look alike and nothing depends on emoji fonts.
 */
import type { SymbolArt } from './title-context';

const shapes = ['circle', 'diamond', 'square', 'hexagon', 'shield', 'octagon'] as const;

function hashOf(id: string): number {
  let hash = 7;
  for (const character of id) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return hash;
}

const outlines: Record<Exclude<(typeof shapes)[number], 'circle'>, string> = {
  diamond: '50,6 94,50 50,94 6,50',
  square: '12,12 88,12 88,88 12,88',
  hexagon: '50,6 89,28 89,72 50,94 11,72 11,28',
  shield: '14,10 86,10 86,52 50,94 14,52',
  octagon: '32,8 68,8 92,32 92,68 68,92 32,92 8,68 8,32',
};

/** A short id (bar, A, 10) is written whole; a longer one by its initial. */
function initialsOf(id: string): string {
  return id.length <= 3 ? id.toUpperCase() : (id[0] ?? '?').toUpperCase();
}

export function FallbackSymbol({ id }: { id: string }) {
  const hash = hashOf(id);
  const shape = shapes[hash % shapes.length] ?? 'circle';
  const hue = (hash >>> 3) % 360;
  const fill = `hsl(${hue} 62% 52%)`;
  const stroke = `hsl(${hue} 55% 28%)`;
  const text = initialsOf(id);
  return (
    <svg viewBox="0 0 100 100" width="100%" height="100%" aria-hidden="true" data-symbol={id}>
      {shape === 'circle' ? (
        <circle cx={50} cy={50} r={42} fill={fill} stroke={stroke} strokeWidth={5} />
      ) : (
        <polygon points={outlines[shape]} fill={fill} stroke={stroke} strokeWidth={5} strokeLinejoin="round" />
      )}
      <text
        x={50}
        y={52}
        textAnchor="middle"
        dominantBaseline="middle"
        fontSize={text.length > 1 ? 26 : 44}
        fontWeight={800}
        fill="#fff"
        stroke={stroke}
        strokeWidth={1.5}
        fontFamily="system-ui, sans-serif"
      >
        {text}
      </text>
    </svg>
  );
}

/** The title's art for the symbol, or the plain one. */
export function SymbolImage({ id, art }: { id: string; art: SymbolArt }) {
  const Art = art[id];
  return Art ? <Art /> : <FallbackSymbol id={id} />;
}
