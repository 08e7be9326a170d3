import { maxJsonNesting } from '@server/json-nesting';
import fc from 'fast-check';

export type NestingShape = 'array' | 'object' | 'mixed';

/**
 * JSON text of `{ <field>: … }` whose value nests `depth` arrays or objects (`mixed`: both, in
 * turn), so the body is `depth + 1` levels deep. Written without recursion: JSON.stringify overflows
 * the stack on such values as the server once did.
 */
export function nestedBodyText(field: string, depth: number, shape: NestingShape): string {
  const opens: string[] = [];
  const closes: string[] = [];
  for (let level = 0; level < depth; level += 1) {
    const asArray = shape === 'array' || (shape === 'mixed' && level % 2 === 0);
    opens.push(asArray ? '[' : '{"a":');
    closes.push(asArray ? ']' : '}');
  }
  return `{${JSON.stringify(field)}:${opens.join('')}1${closes.reverse().join('')}}`;
}

/**
 * Bodies nesting one of `fields` (or an unknown one) anywhere from two levels to thousands deep,
 * as text, with whether the server must refuse them as nested too deep.
 */
export function nestedBodies(fields: string[]): fc.Arbitrary<{ text: string; tooDeep: boolean }> {
  return fc
    .record({
      field: fc.constantFrom(...fields, 'nested'),
      depth: fc.oneof(fc.integer({ min: 1, max: maxJsonNesting }), fc.integer({ min: maxJsonNesting, max: 8_000 })),
      shape: fc.constantFrom<NestingShape>('array', 'object', 'mixed'),
    })
    .map(({ field, depth, shape }) => ({
      text: nestedBodyText(field, depth, shape),
      tooDeep: depth + 1 > maxJsonNesting,
    }));
}
