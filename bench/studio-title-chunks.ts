/**
 * Each title's own code on the game page: the chunks Vite's manifest names after the title (its
 * definition and its art) and what they alone import, as brotli sends them. The page's entry is left
 * out: the first load counts it (studioPageJs), and a title's chunk adds to it only when played.
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress } from 'node:zlib';
import { studioTitles } from '@games/catalogue';
import * as v from 'valibot';
import { distDir } from './home-page-js';
import { kilobytes, type Row } from './report-table';

const manifestPath = path.join(distDir, '.vite', 'studio-manifest.json');

const manifestSchema = v.record(
  v.string(),
  v.object({
    file: v.string(),
    name: v.optional(v.string()),
    isEntry: v.optional(v.boolean()),
    imports: v.optional(v.array(v.string())),
  }),
);
type Manifest = v.InferOutput<typeof manifestSchema>;

/** The files a title loads beyond the page's entry: its named chunks and their imports, once each. */
function titleFiles(manifest: Manifest, code: string): string[] {
  const files = new Set<string>();
  const pending = Object.keys(manifest).filter((key) => manifest[key]?.name === code);
  while (pending.length > 0) {
    const chunk = manifest[pending.pop() ?? ''];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) continue;
    files.add(chunk.file);
    pending.push(...(chunk.imports ?? []));
  }
  return [...files];
}

/** A file's bytes on the wire: the brotli copy the build wrote beside it, or the file compressed now. */
async function wireBytes(file: string): Promise<number> {
  const full = path.join(distDir, file);
  if (existsSync(`${full}.br`)) return (await stat(`${full}.br`)).size;
  return (await promisify(brotliCompress)(await readFile(full))).length;
}

export async function studioTitleChunkRows(): Promise<Row[]> {
  const target = 'stated (loaded only when the title is played)';
  if (!existsSync(manifestPath))
    return [
      { figure: 'studio title chunks', measured: 'skipped: no studio manifest in dist/', target, status: 'SKIP' },
    ];
  const manifest = v.parse(manifestSchema, JSON.parse(await readFile(manifestPath, 'utf8')));
  return Promise.all(
    studioTitles.map(async ({ code }): Promise<Row> => {
      const files = titleFiles(manifest, code);
      const sizes = await Promise.all(files.map(wireBytes));
      const total = sizes.reduce((sum, size) => sum + size, 0);
      return {
        figure: `studio title chunk: ${code}`,
        measured:
          files.length === 0
            ? 'in the page entry (no chunk of its own)'
            : `${kilobytes(total)} on the wire, ${files.length} files`,
        target,
        status: files.length === 0 ? 'MISS' : 'INFO',
      };
    }),
  );
}
