/** `npm run flows`: writes docs/flows/ from the machines (scripts/flow-diagrams.ts), removing pages of machines that are gone. */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { flowsDir, renderFlows } from './flow-diagrams';

const repoRoot = path.resolve(import.meta.dirname, '..');
const pages = await renderFlows();
await mkdir(path.join(repoRoot, flowsDir), { recursive: true });
for (const name of await readdir(path.join(repoRoot, flowsDir))) {
  if (!pages.has(`${flowsDir}/${name}`)) await rm(path.join(repoRoot, flowsDir, name));
}
for (const [file, text] of pages) await writeFile(path.join(repoRoot, file), text);
process.stdout.write(`wrote ${pages.size} pages to ${flowsDir}/\n`);
