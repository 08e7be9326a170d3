import type { Page } from '@playwright/test';
import { createActor } from 'xstate';
import { test } from './fixtures';
import { type Adapter, outcomeActor, type Path, replay, type Snapshot } from './machine-replay';

/**
 * For a call the SPA makes through its query cache, which tries a failed query once more: a network
 * failure the path says the call ends in is a failure of both tries. The first try is cancelled
 * before it leaves (net::ERR_ABORTED, which Chromium does not log), and the second is left to the
 * replay's own route, which fails it as the path says; every other request goes on unchanged.
 * Registered after the replay's route, so it sees each request first.
 */
export async function failRetriedQuery(page: Page, path: Path, actor: string, url: string): Promise<void> {
  const plan: ('cancel' | 'pass')[] = path.steps.flatMap((step) => {
    const match = outcomeActor(step.event.type);
    if (match?.[2] !== actor) return [];
    return match[1] === 'error' ? ['cancel', 'pass'] : ['pass'];
  });
  await page.route(`**${url}`, (route) => (plan.shift() === 'cancel' ? route.abort('aborted') : route.fallback()));
}

/**
 * A machine that rests in its first state (a page that only says why its form does not apply) has no
 * transition to walk: one test checks that first state on the page, as a walk of no steps would.
 */
export function replayFirstState(name: string, adapter: Adapter, runId: string, timeoutMs = 60_000): void {
  test(`${name}: the page shows the machine's first state`, async ({ page, request, pageErrors }) => {
    test.setTimeout(timeoutMs);
    const state = createActor(adapter.machine, { input: adapter.input ?? {} }).getSnapshot() as unknown as Snapshot;
    const path: Path = { steps: [{ event: { type: 'xstate.init' }, state }] };
    await replay(adapter, path, page, request, pageErrors, `${runId}${name.slice(0, 2)}f`);
  });
}
