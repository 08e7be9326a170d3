import { deepStrictEqual, ok } from 'node:assert/strict';
import {
  type AnyStateMachine,
  createActor,
  type EventFromLogic,
  fromPromise,
  SimulatedClock,
  type SnapshotFrom,
} from 'xstate';
import { getShortestPaths, getSimplePaths, serializeSnapshot } from 'xstate/graph';

/**
 * Model-based testing for machines with invoked actors and delays, which `createTestModel` rejects.
 * Paths are generated from the machine with xstate/graph, where an invoked actor's completion is just
 * another event (`xstate.done.actor.<id>` / `xstate.error.actor.<id>`). Each path is then replayed on
 * a live actor whose invoked actors are promises the replay settles, and whose timers run on a
 * simulated clock, checking after every step that the live actor is where the model said.
 *
 * No test runner here: `npm run paths` (scripts/paths.ts) generates the same paths for people to
 * follow by hand, and a failed check throws node's AssertionError, which vitest shows with its diff.
 */

/** Every event the machine accepts, as typed fixtures: a new event type without one fails to compile. */
export type EventFixtures<TMachine extends AnyStateMachine> = {
  [K in EventFromLogic<TMachine>['type']]: Extract<EventFromLogic<TMachine>, { type: K }>[];
};

export interface ActorOutcome {
  type: string;
  output?: unknown;
  error?: unknown;
  /** For `xstate.after.<delay>.<stateId>` events: how far to move the simulated clock. */
  delayMs?: number;
}

/**
 * What a model test walks: one machine (as its file exports it, or provided), the events offered to
 * the traversal, and how its states are told apart. They live in tests/models/<machine file>.model.ts,
 * shared by the machine's test and `npm run paths`.
 */
export interface MachineModel<TMachine extends AnyStateMachine = AnyStateMachine, TInput = unknown> {
  /** The name the paths are printed under: the machine's export, and which walk of it when it has several. */
  title: string;
  machine: TMachine;
  fixtures: EventFixtures<TMachine>;
  /** Completions of invoked actors and expiries of delays, offered as events to the traversal. */
  outcomes: ActorOutcome[];
  input?: TInput;
  /** Must hold everything the guards read, so that states the model merges behave alike. */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  /** The invoked actors a replay settles by hand: every actor the machine invokes. */
  actorNames: string[];
}

/** A model, typed by its machine: the fixtures must name every event that machine accepts. */
export const machineModel = <TMachine extends AnyStateMachine, TInput = undefined>(
  model: MachineModel<TMachine, TInput>,
) => model;

/** By shape, not `instanceof`: a script may load the module under another loader than the tests. */
export const isMachineModel = (value: unknown): value is MachineModel =>
  typeof value === 'object' &&
  value !== null &&
  'machine' in value &&
  'fixtures' in value &&
  'outcomes' in value &&
  'actorNames' in value;

export type PathStrategy = 'shortest' | 'simple';

interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

function flush() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export function modelPaths<TMachine extends AnyStateMachine>(
  model: MachineModel<TMachine, unknown>,
  strategy: PathStrategy = 'shortest',
) {
  const events = [...Object.values(model.fixtures).flat(), ...model.outcomes] as EventFromLogic<TMachine>[];
  const { serializeState } = model;
  const traversal = {
    events,
    input: model.input,
    ...(serializeState ? { serializeState: (snapshot: SnapshotFrom<TMachine>) => serializeState(snapshot) } : {}),
  };
  const generate = strategy === 'simple' ? getSimplePaths : getShortestPaths;
  return generate(model.machine, traversal as never).map((path) => ({
    path,
    description: path.steps.map((step) => step.event.type).join(' → ') || '(initial)',
    endState: JSON.stringify(path.state.value),
  }));
}

/**
 * Replays a path on a live actor and asserts each step lands where the path says. The path may be
 * one `modelPaths` made or one read back from `npm run paths -- <machine> --format json`: only each
 * step's event and state value are read (and the model snapshot `check` gets, when there is one).
 */
export async function replayPath<TMachine extends AnyStateMachine>(
  model: MachineModel<TMachine, unknown>,
  path: { steps: { event: { type: string }; state: { value: unknown } }[] },
  check?: (live: SnapshotFrom<TMachine>, model: SnapshotFrom<TMachine>) => void,
) {
  const pending = new Map<string, Deferred[]>();
  const actors = Object.fromEntries(
    model.actorNames.map((name) => [
      name,
      fromPromise(
        ({ signal }) =>
          new Promise((resolve, reject) => {
            const queue = pending.get(name) ?? [];
            const deferred = { resolve, reject };
            queue.push(deferred);
            pending.set(name, queue);
            // A call its state left before it settled is settled by nobody: the next outcome is the next call's.
            signal.addEventListener('abort', () => queue.splice(queue.indexOf(deferred), 1));
          }),
      ),
    ]),
  );
  const clock = new SimulatedClock();
  const actor = createActor(model.machine.provide({ actors } as never), { input: model.input, clock } as never);
  actor.start();
  await flush();
  for (const step of path.steps) {
    const { event } = step;
    const doneId = event.type.startsWith('xstate.done.actor.') ? event.type.slice('xstate.done.actor.'.length) : null;
    const errorId = event.type.startsWith('xstate.error.actor.')
      ? event.type.slice('xstate.error.actor.'.length)
      : null;
    if (doneId || errorId) {
      const id = (doneId ?? errorId)!;
      const deferred = pending.get(id)?.shift();
      ok(deferred, `actor ${id} should be running before ${event.type}`);
      if (doneId) deferred.resolve((event as ActorOutcome).output);
      else deferred.reject((event as ActorOutcome).error);
    } else if (event.type.startsWith('xstate.after.')) {
      clock.increment((event as ActorOutcome).delayMs ?? 0);
    } else if (event.type !== 'xstate.init') {
      actor.send(event as never);
    }
    await flush();
    const live = actor.getSnapshot() as SnapshotFrom<TMachine>;
    deepStrictEqual((live as { value: unknown }).value, step.state.value, `after ${event.type}`);
    check?.(live, step.state as SnapshotFrom<TMachine>);
  }
  actor.stop();
  return serializeSnapshot(actor.getSnapshot());
}

/**
 * A money request's state as the graph tells states apart: what was sent and whether a key is held
 * are counters of a sort, so states that differ in them are different states.
 */
export const serializeMoneyRequest = (snapshot: {
  value: unknown;
  context: { idempotencyKey?: unknown; sent?: unknown; refusals?: unknown };
}) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.idempotencyKey !== null,
    snapshot.context.sent,
    snapshot.context.refusals,
  ]);
