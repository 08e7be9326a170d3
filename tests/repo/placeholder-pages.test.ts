import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Routes that still render only a title and a sentence (`AccountFrame`), as unbuilt calls are kept
 * in tests/api/unbuilt-endpoints.test.ts. The list may only shrink: a page that gets built leaves
 * it, and a new route must not be a placeholder.
 */
const stillPlaceholders = [
  '_default/_auth/_user/user/finance/deposit/cryptocurrency.tsx',
  '_default/_auth/_user/user/finance/withdraw/cryptocurrency.tsx',
];

const routesDir = path.resolve('src/routes');

async function placeholderRoutes(): Promise<string[]> {
  const files = await readdir(routesDir, { recursive: true });
  const found: string[] = [];
  for (const file of files.filter((name) => name.endsWith('.tsx'))) {
    if ((await readFile(path.join(routesDir, file), 'utf8')).includes('<AccountFrame ')) found.push(file);
  }
  return found.sort();
}

describe('placeholder pages', () => {
  it('has no placeholder route missing from the list', async () => {
    expect((await placeholderRoutes()).filter((route) => !stillPlaceholders.includes(route))).toEqual([]);
  });

  it('has no route on the list that has been built (remove it from the list)', async () => {
    const placeholders = await placeholderRoutes();
    expect(stillPlaceholders.filter((route) => !placeholders.includes(route))).toEqual([]);
  });
});
