import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { AnyStateMachine, EventObject } from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import { expect, test } from './fixtures';
import { appendWalk } from './machine-coverage';

/**
 * Machine paths replayed as clicks. Paths are generated from a machine with xstate/graph, as in the
 * model tests; a covering set of them (every transition a browser can bring about) is replayed in
 * Chromium against the real server, checking after every step that the page shows what the model
 * says. Each flow supplies an adapter: how to reach the page, how to take each step, and what the page
 * shows in each state.
 */

export type Snapshot = {
  value: unknown;
  context: Record<string, unknown>;
  matches(value: unknown): boolean;
  can(event: EventObject): boolean;
};
export type Step = { event: EventObject & Record<string, unknown>; state: Snapshot };
export type Path = { steps: Step[] };

export interface Replay {
  page: Page;
  request: APIRequestContext;
  dialog: Locator;
  path: Path;
  /** A name unique to this path, for accounts and addresses. */
  tag: string;
}

export interface Adapter {
  machine: AnyStateMachine;
  /** The machine's input, for a machine that needs one (the page gives the live actor the same). */
  input?: unknown;
  events: EventObject[];
  /** Must hold everything the guards and the checks read, so a walk's states are the model's states. */
  serializeState(snapshot: Snapshot): string;
  /** Why a browser cannot take this step, or null. */
  unsupported(step: Step, previous: Snapshot): string | null;
  /** States waiting for a call: the form is busy, so only the call's outcome can follow. */
  inFlight: unknown[];
  /** Outcomes a path may contain at most once (each costs a mail the server rations per address). */
  oncePerPath?: string[];
  /** Requests whose outcome is an invoked actor's done/error event, by actor id. */
  calls: Record<string, string>;
  /** Actors whose error outcome is a network failure (the request is aborted). */
  networkFailures: string[];
  /** Actors that run in the page without a request (a compressor): their errors log no failed load. */
  inPageActors?: string[];
  /**
   * For an actor of `networkFailures` that also has refusals: which of its error outcomes is the
   * network failure (the others come from the server). Without it, every error outcome is one.
   */
  isNetworkFailure?(step: Step): boolean;
  /**
   * Events whose step revokes the page's token on the server: every call the page makes after it is
   * refused (401), however many the page happens to make, so those failed loads are expected but not
   * counted against the path's error outcomes.
   */
  revokesToken?: string[];
  /** Calls that `start` makes before the machine under test runs (another flow on the way there). */
  startCalls?: Record<string, number>;
  start(replay: Replay): Promise<void>;
  perform(replay: Replay, step: Step, index: number): Promise<void>;
  check(replay: Replay, snapshot: Snapshot): Promise<void>;
}

export const outcomeActor = (type: string) => /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);

const eventLabel = (event: EventObject & Record<string, unknown>) =>
  [event.type, event.field, event.view].filter((part) => part !== undefined).join(':');

/** A transition as the coverage counts it: source state, event (with its field or view), target state. */
const transitionName = (from: Snapshot, event: Step['event'], to: Snapshot) =>
  `${JSON.stringify(from.value)} ${eventLabel(event)} ${JSON.stringify(to.value)}`;

type Edge = { from: string; to: string; step: Step; feature: string; browser: boolean };

/**
 * The machine's graph (xstate/graph's adjacency map) over the adapter's events: every transition
 * that changes something, and whether a browser can bring it about.
 */
function modelGraph(adapter: Adapter) {
  const adjacency = getAdjacencyMap(adapter.machine, {
    events: adapter.events,
    input: adapter.input ?? {},
    serializeState: (snapshot: unknown) => adapter.serializeState(snapshot as Snapshot),
  } as never) as unknown as Record<
    string,
    { state: Snapshot; transitions: Record<string, { event: Step['event']; state: Snapshot }> }
  >;
  const initialKey = Object.keys(adjacency)[0]!;
  const edgesFrom = new Map<string, Edge[]>();
  for (const [from, { state, transitions }] of Object.entries(adjacency)) {
    const edges: Edge[] = [];
    for (const { event, state: next } of Object.values(transitions)) {
      const step: Step = { event, state: next };
      const to = adapter.serializeState(next);
      // The graph offers every event everywhere. An outcome or a timer where nothing runs changes
      // nothing, and an event the machine refuses is one the page does not offer (a disabled button).
      const idle = event.type.startsWith('xstate.') ? to === from : !state.can(event);
      if (idle) continue;
      const busy = adapter.inFlight.some((value) => state.matches(value)) && !outcomeActor(event.type);
      const browser = !busy && adapter.unsupported(step, state) === null;
      edges.push({ from, to, step, feature: transitionName(state, event, next), browser });
    }
    edgesFrom.set(from, edges);
  }
  return { adjacency, initialKey, edgesFrom };
}

/** Every state node of the machine, by its path from the root. */
function stateNodePaths(node: { states: Record<string, unknown> }, prefix = ''): string[] {
  return Object.entries(node.states).flatMap(([key, child]) => [
    `${prefix}${key}`,
    ...stateNodePaths(child as { states: Record<string, unknown> }, `${prefix}${key}.`),
  ]);
}

/** The active state nodes of a state value, parents included: `{ a: 'b' }` is `a` and `a.b`. */
function activePaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => [
    `${prefix}${key}`,
    ...activePaths(child, `${prefix}${key}.`),
  ]);
}

/**
 * Walks through the machine's graph until every transition a browser can take, told apart by source
 * state, event and target state, has been taken once: each walk goes to the nearest transition not
 * yet taken, and a new walk starts when none is reachable within the walk's budget. Few, long paths
 * keep the browser time and the mail the server sends small.
 */
export function coveringWalks(adapter: Adapter, graph = modelGraph(adapter)): Path[] {
  const { adjacency, initialKey, edgesFrom: allEdgesFrom } = graph;
  const edgesFrom = new Map([...allEdgesFrom].map(([from, edges]) => [from, edges.filter((edge) => edge.browser)]));
  const uncovered = new Set([...edgesFrom.values()].flat().map((edge) => edge.feature));
  const limited = new Set(adapter.oncePerPath ?? []);

  const leadsOn = (edge: Edge) => (edgesFrom.get(edge.to) ?? []).length > 0;

  /**
   * The shortest route from `start` that ends with an untaken transition, spending each limited
   * outcome once; transitions into a final state wait until nothing else is left.
   */
  function routeToUncovered(start: string, spent: string[]): Edge[] | null {
    return (
      routeTo(start, spent, (edge) => uncovered.has(edge.feature) && leadsOn(edge)) ??
      routeTo(start, spent, (edge) => uncovered.has(edge.feature))
    );
  }

  function routeTo(start: string, spent: string[], wanted: (edge: Edge) => boolean): Edge[] | null {
    const nodeOf = (key: string, used: string[]) => `${key}|${[...used].sort().join(',')}`;
    const queue: { key: string; used: string[]; route: Edge[] }[] = [{ key: start, used: spent, route: [] }];
    const visited = new Set([nodeOf(start, spent)]);
    while (queue.length > 0) {
      const { key, used, route } = queue.shift()!;
      for (const edge of edgesFrom.get(key) ?? []) {
        const type = edge.step.event.type;
        if (limited.has(type) && used.includes(type)) continue;
        const nextUsed = limited.has(type) ? [...used, type] : used;
        const nextRoute = [...route, edge];
        if (wanted(edge)) return nextRoute;
        const node = nodeOf(edge.to, nextUsed);
        if (!visited.has(node)) {
          visited.add(node);
          queue.push({ key: edge.to, used: nextUsed, route: nextRoute });
        }
      }
    }
    return null;
  }

  const walks: Path[] = [];
  while (uncovered.size > 0) {
    const steps: Step[] = [{ event: { type: 'xstate.init' }, state: adjacency[initialKey]!.state }];
    let key = initialKey;
    let spent: string[] = [];
    for (let route = routeToUncovered(key, spent); route; route = routeToUncovered(key, spent)) {
      for (const edge of route) {
        steps.push(edge.step);
        uncovered.delete(edge.feature);
        if (limited.has(edge.step.event.type)) spent = [...spent, edge.step.event.type];
        key = edge.to;
      }
    }
    if (steps.length === 1) break;
    walks.push({ steps });
  }
  return walks;
}

/** A short title: the path's length and the states it passes through. */
export function describePath(path: Path): string {
  const states = [...new Set(path.steps.map((step) => JSON.stringify(step.state.value).replace(/["{}]/g, '')))];
  return `${path.steps.length - 1} steps through ${states.join(', ')}`;
}

/**
 * Runs one path: the adapter drives the page; calls settle in the order the path says (aborted when
 * the path says the network failed); Chromium's console line for each refused or failed call is
 * expected, and nothing else may be logged.
 */
export async function replay(
  adapter: Adapter,
  path: Path,
  page: Page,
  request: APIRequestContext,
  pageErrors: string[],
  tag: string,
  /** Told the index of each step once the page has shown its state. */
  onStepChecked?: (index: number) => void,
) {
  const settled: Record<string, number> = {};
  const plannedFailures: Record<string, boolean[]> = {};
  for (const [actor, count] of Object.entries(adapter.startCalls ?? {}))
    plannedFailures[actor] = Array<boolean>(count).fill(false);
  for (const step of path.steps) {
    const match = outcomeActor(step.event.type);
    if (match && adapter.networkFailures.includes(match[2]!)) {
      const planned = plannedFailures[match[2]!] ?? [];
      planned.push(match[1] === 'error' && (adapter.isNetworkFailure?.(step) ?? true));
      plannedFailures[match[2]!] = planned;
    }
  }
  for (const [actor, url] of Object.entries(adapter.calls)) {
    const count = () => {
      settled[actor] = (settled[actor] ?? 0) + 1;
    };
    page.on('response', (response) => response.url().endsWith(url) && count());
    page.on('requestfailed', (failed) => failed.url().endsWith(url) && count());
    if (adapter.networkFailures.includes(actor)) {
      await page.route(`**${url}`, (route) =>
        plannedFailures[actor]?.shift() ? route.abort('failed') : route.continue(),
      );
    }
  }
  const expectedFailures = path.steps.filter((step) => {
    const match = outcomeActor(step.event.type);
    return match?.[1] === 'error' && !adapter.inPageActors?.includes(match[2]!);
  }).length;

  const dialog = page.getByRole('dialog');
  const context: Replay = { page, request, dialog, path, tag };
  await adapter.start(context);
  const seen: Record<string, number> = { ...adapter.startCalls };
  for (const [index, step] of path.steps.entries()) {
    if (index === 0) {
      await adapter.check(context, step.state);
      onStepChecked?.(index);
      continue;
    }
    const match = outcomeActor(step.event.type);
    if (match) {
      const actor = match[2]!;
      seen[actor] = (seen[actor] ?? 0) + 1;
      if (adapter.calls[actor])
        await expect
          .poll(() => settled[actor] ?? 0, { message: `${actor} settled`, intervals: [20, 50, 100] })
          .toBeGreaterThanOrEqual(seen[actor]);
    }
    await adapter.perform(context, step, index);
    await adapter.check(context, step.state);
    onStepChecked?.(index);
  }
  const revoked = path.steps.some((step) => adapter.revokesToken?.includes(step.event.type));
  const isFailedLoad = (entry: string) => entry.includes('Failed to load resource');
  const isRefusedToken = (entry: string) => revoked && isFailedLoad(entry) && entry.includes('status of 401');
  if (revoked) await expect.poll(() => pageErrors.filter(isRefusedToken).length).toBeGreaterThan(0);
  await expect
    .poll(() => pageErrors.filter((entry) => isFailedLoad(entry) && !isRefusedToken(entry)).length)
    .toBe(expectedFailures);
  for (let index = pageErrors.length - 1; index >= 0; index -= 1)
    if (isFailedLoad(pageErrors[index]!)) pageErrors.splice(index, 1);
}

/** The states and transitions a replay is measured against (e2e/machine-coverage.ts). */
function coverageTotals(adapter: Adapter, graph: ReturnType<typeof modelGraph>) {
  const edges = [...graph.edgesFrom.values()].flat();
  return {
    states: stateNodePaths(adapter.machine.root as unknown as { states: Record<string, unknown> }),
    transitions: [...new Set(edges.map((edge) => edge.feature))],
    // A transition counts as one however many model states it joins; a browser can take it if it can take one of them.
    browserless: [...new Set(edges.map((edge) => edge.feature))].filter(
      (feature) => !edges.some((edge) => edge.browser && edge.feature === feature),
    ),
  };
}

/**
 * One test per covering walk of each adapter's machine; `tag` names the accounts a walk creates.
 * Each test records the states and transitions it walked, up to where it stopped, for the coverage
 * summary printed after the run.
 */
export function replayMachinePaths(adapters: Record<string, Adapter>, runId: string, timeoutMs = 60_000) {
  for (const [name, adapter] of Object.entries(adapters)) {
    test.describe(`${name} machine paths in the browser`, () => {
      const graph = modelGraph(adapter);
      const totals = coverageTotals(adapter, graph);
      coveringWalks(adapter, graph).forEach((path, index) => {
        test(`${index + 1}: ${describePath(path)}`, async ({ page, request, pageErrors }) => {
          test.setTimeout(timeoutMs);
          const visitedStates = new Set<string>();
          const visitedTransitions = new Set<string>();
          const walked = (stepIndex: number) => {
            const step = path.steps[stepIndex]!;
            for (const state of activePaths(step.state.value)) visitedStates.add(state);
            const previous = path.steps[stepIndex - 1];
            if (previous) visitedTransitions.add(transitionName(previous.state, step.event, step.state));
          };
          try {
            await replay(adapter, path, page, request, pageErrors, `${runId}${name.slice(0, 2)}${index}`, walked);
          } finally {
            appendWalk(test.info().project.outputDir, {
              machine: name,
              ...totals,
              visitedStates: [...visitedStates],
              visitedTransitions: [...visitedTransitions],
            });
          }
        });
      });
    });
  }
}
