/**
 * The deepest a request body may nest objects and arrays. The contract's bodies need a few levels;
 * what reads a parsed body (the unstorable-text check, the schema's issues) recurses into it, and a
 * few thousand levels overflow the stack, so deeper text is refused before it is parsed.
 */
export const maxJsonNesting = 32;

const quote = 0x22;
const backslash = 0x5c;
const openBrace = 0x7b;
const openBracket = 0x5b;
const closeBrace = 0x7d;
const closeBracket = 0x5d;

/**
 * Whether JSON text opens objects and arrays more than `limit` deep, read in one pass without
 * recursion. Brackets inside strings do not count; the text need not be valid JSON (JSON.parse
 * judges that afterwards).
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === quote) {
      index = closingQuote(text, index);
    } else if (code === openBrace || code === openBracket) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === closeBrace || code === closeBracket) {
      depth -= 1;
    }
  }
  return false;
}

/** Where the string opened at `open` ends, past its escapes; the text's length when it never does. */
function closingQuote(text: string, open: number): number {
  for (let index = open + 1; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === backslash) index += 1;
    else if (code === quote) return index;
  }
  return text.length;
}
