import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every actor the SPA starts reports to the one development inspector (src/lib/inspector.ts), so a
 * product owner watching flows live sees them all: each useMachine, useActorRef and createActor call
 * in src/ passes `...inspection` among its options.
 */
const srcDir = path.resolve('src');
const actorCall = /\b(useMachine|useActorRef|createActor)\(/g;

/** The text between a call's parentheses. */
function callArguments(source: string, open: number): string {
  let depth = 0;
  for (let index = open; index < source.length; index += 1) {
    if (source[index] === '(') depth += 1;
    if (source[index] === ')') {
      depth -= 1;
      if (depth === 0) return source.slice(open + 1, index);
    }
  }
  return source.slice(open + 1);
}

/** `file:line call` for each actor call of `source` that does not pass the inspection option. */
function uninspectedCalls(file: string, source: string): { calls: number; missing: string[] } {
  const missing: string[] = [];
  let calls = 0;
  for (const match of source.matchAll(actorCall)) {
    calls += 1;
    const open = match.index + match[0].length - 1;
    if (!/\.\.\.inspection\b/.test(callArguments(source, open))) {
      missing.push(`${file}:${source.slice(0, match.index).split('\n').length} ${match[1]}`);
    }
  }
  return { calls, missing };
}

describe('actor inspection', () => {
  it('passes the inspection option to every actor started in src/', async () => {
    const files = (await readdir(srcDir, { recursive: true })).filter((name) => /\.tsx?$/.test(name));
    let calls = 0;
    const missing: string[] = [];
    for (const file of files) {
      const found = uninspectedCalls(file, await readFile(path.join(srcDir, file), 'utf8'));
      calls += found.calls;
      missing.push(...found.missing);
    }
    expect(calls).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('names a call that leaves the option out', () => {
    const source = [
      'const a = useActorRef(logic, { ...inspection, input: { id: f(1) } });',
      'const b = useActorRef(other, { input: { inspection: true } });',
      'const c = createActor(machine);',
    ].join('\n');
    expect(uninspectedCalls('view.tsx', source).missing).toEqual(['view.tsx:2 useActorRef', 'view.tsx:3 createActor']);
  });
});
