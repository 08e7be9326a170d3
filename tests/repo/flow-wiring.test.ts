import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A machine's actors are wired in its feature's `*-flow.ts` (docs/architecture.md §6): the real calls
 * are provided there, and a view only starts the machine it is handed and reads it. So no view of the
 * SPA or of the studio's game page calls `.provide(` or makes an actor (`fromPromise`,
 * `fromCallback`, `fromObservable`) itself.
 */
const viewDirs = ['src', 'studio/page'];
const wiring = /\.provide\(|\bfrom(Promise|Callback|Observable)\b/;

/** `file:line text` for each line of `source` that wires actors. */
function wiringLines(file: string, source: string): string[] {
  return source
    .split('\n')
    .flatMap((line, index) => (wiring.test(line) ? [`${file}:${index + 1} ${line.trim()}`] : []));
}

async function views(dir: string) {
  const files = (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.tsx')).sort();
  return Promise.all(
    files.map(async (file) => ({
      file: path.join(dir, file),
      source: await readFile(path.resolve(dir, file), 'utf8'),
    })),
  );
}

describe('flow wiring', () => {
  it('wires no actor in a view', async () => {
    const files = (await Promise.all(viewDirs.map(views))).flat();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(({ file, source }) => wiringLines(file, source))).toEqual([]);
  });

  it('names a line that provides a machine or makes an actor', () => {
    const source = [
      'const logic = useState(() => pageLogic({ refresh }));',
      'const flow = machine.provide({ actors: { save: fromPromise(() => api.call(save)) } });',
      "import { type ActorRefFrom, fromCallback } from 'xstate';",
      'const live = fromObservable(() => ticks);',
    ].join('\n');
    expect(wiringLines('view.tsx', source)).toEqual([
      'view.tsx:2 const flow = machine.provide({ actors: { save: fromPromise(() => api.call(save)) } });',
      "view.tsx:3 import { type ActorRefFrom, fromCallback } from 'xstate';",
      'view.tsx:4 const live = fromObservable(() => ticks);',
    ]);
  });
});
