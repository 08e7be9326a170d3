import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

/** Every document the code and its docs point at is in the repository, so a clone can follow it. */
const trackedText = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.sql', '*.sh', '*.md', '*.cjs'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);

describe('document references', () => {
  it('name only documents the repository has', async () => {
    const missing: string[] = [];
    for (const file of trackedText) {
      const text = await readFile(file, 'utf8');
      for (const [, cited] of text.matchAll(/\b(docs\/[a-z0-9/-]+\.md)\b/g)) {
        if (cited && !existsSync(cited)) missing.push(`${file} → ${cited}`);
      }
      if (/DESIGN\.md|product-spec\.md|\bspec section\b/i.test(text))
        missing.push(`${file} → a document outside the repository`);
    }
    expect(missing).toEqual([]);
  });
});
