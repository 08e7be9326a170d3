import fc from 'fast-check';

/** NUL and lone UTF-16 surrogates: JSON carries them as escapes, PostgreSQL stores neither. */
const unstorableCharacters = ['\u0000', '\ud800', '\udbff', '\udc00', '\udfff'];

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
}

/**
 * Bodies from `bodies`, a quarter of them with NUL or a lone surrogate put into one of their
 * strings, at any depth and position: so every string field a generator fills gets them too.
 * `tainted` says whether the body got one (a body without strings never does).
 */
export function withUnstorableText(bodies: fc.Arbitrary<unknown>): fc.Arbitrary<{ body: unknown; tainted: boolean }> {
  const taint = fc.record({ which: fc.nat(), at: fc.nat(), character: fc.constantFrom(...unstorableCharacters) });
  return fc
    .tuple(bodies, fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: taint, weight: 1 }))
    .map(([body, choice]) => {
      let strings = 0;
      mapStrings(body, (text) => ((strings += 1), text));
      if (!choice || strings === 0) return { body, tainted: false };
      const target = choice.which % strings;
      let index = 0;
      const tainted = mapStrings(body, (text) => {
        if (index++ !== target) return text;
        const at = choice.at % (text.length + 1);
        return text.slice(0, at) + choice.character + text.slice(at);
      });
      return { body: tainted, tainted: true };
    });
}
