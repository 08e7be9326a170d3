import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flowsDir, renderFlows } from '../../scripts/flow-diagrams';

/** docs/flows/ is written by `npm run flows`; a machine changed without rewriting it fails here. */
describe('docs/flows', () => {
  it('shows every machine as it is now', { timeout: 180_000 }, async () => {
    const pages = await renderFlows();
    const committed = (await readdir(path.resolve(flowsDir))).map((name) => `${flowsDir}/${name}`).sort();
    expect(committed, 'pages in docs/flows/ (run npm run flows)').toEqual([...pages.keys()].sort());
    for (const [file, text] of pages) {
      expect(await readFile(path.resolve(file), 'utf8'), `${file} is out of date: run npm run flows`).toBe(text);
    }
  });

  it('draws each transition of a machine with its guard, and lists its events with their payloads', async () => {
    const withdraw = (await renderFlows()).get(`${flowsDir}/withdrawal.md`) ?? '';
    expect(withdraw).toContain('editing --> sending : form.submit');
    expect(withdraw).toContain('sending --> interrupted : sendRequest failed [noAnswer]');
    expect(withdraw).toContain('waitingForSettlement --> checkingOrder : after orderPoll');
    expect(withdraw).toContain('| `form.submit` | `body: WithdrawalBody` |');
  }, 180_000);
});
