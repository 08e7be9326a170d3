/**
 * NUL and lone UTF-16 surrogates are valid JSON (as escapes) but PostgreSQL stores neither: text
 * cannot hold NUL, and a lone surrogate has no UTF-8 form (jsonb refuses its escape). In Unicode
 * mode a lone surrogate reads as a code point of category Cs; a proper pair does not.
 */
const unstorable = /[\0\p{Cs}]/u;

/**
 * The dot paths (named as valibot names them, '' for the body itself) of every string in a request
 * body that holds such a character. An object key that holds one is reported on its object.
 */
export function unstorableTextPaths(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return unstorable.test(value) ? [path] : [];
  if (value === null || typeof value !== 'object') return [];
  const at = (key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  if (Array.isArray(value)) return value.flatMap((item, index) => unstorableTextPaths(item, at(index)));
  return Object.entries(value).flatMap(([key, item]) =>
    unstorable.test(key) ? [path] : unstorableTextPaths(item, at(key)),
  );
}
