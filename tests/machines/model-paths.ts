import { expect } from 'vitest';
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

interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

function flush() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export function modelPaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: {
    fixtures: EventFixtures<TMachine>;
    /** Completions of invoked actors and expiries of delays, offered as events to the traversal. */
    outcomes: ActorOutcome[];
    input?: unknown;
    serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
    strategy?: 'shortest' | 'simple';
  },
) {
  const events = [...Object.values(options.fixtures).flat(), ...options.outcomes] as EventFromLogic<TMachine>[];
  const traversal = {
    events,
    input: options.input,
    ...(options.serializeState
      ? { serializeState: (snapshot: SnapshotFrom<TMachine>) => options.serializeState!(snapshot) }
      : {}),
  };
  const generate = options.strategy === 'simple' ? getSimplePaths : getShortestPaths;
  return generate(machine, traversal as never).map((path) => ({
    path,
    description: path.steps.map((step) => step.event.type).join(' → ') || '(initial)',
    endState: JSON.stringify(path.state.value),
  }));
}

/** Replays a generated path on a live actor and asserts each step lands where the model says. */
export async function replayPath<TMachine extends AnyStateMachine>(
  machine: TMachine,
  path: { steps: { event: { type: string }; state: SnapshotFrom<TMachine> }[] },
  options: {
    input?: unknown;
    actorNames: string[];
    outcomes: ActorOutcome[];
    check?: (live: SnapshotFrom<TMachine>, model: SnapshotFrom<TMachine>) => void;
  },
) {
  const pending = new Map<string, Deferred[]>();
  const actors = Object.fromEntries(
    options.actorNames.map((name) => [
      name,
      fromPromise(
        () =>
          new Promise((resolve, reject) => {
            const queue = pending.get(name) ?? [];
            queue.push({ resolve, reject });
            pending.set(name, queue);
          }),
      ),
    ]),
  );
  const clock = new SimulatedClock();
  const actor = createActor(machine.provide({ actors } as never), { input: options.input, clock } as never);
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
      expect(deferred, `actor ${id} should be running before ${event.type}`).toBeDefined();
      if (doneId) deferred!.resolve((event as ActorOutcome).output);
      else deferred!.reject((event as ActorOutcome).error);
    } else if (event.type.startsWith('xstate.after.')) {
      clock.increment((event as ActorOutcome).delayMs ?? 0);
    } else {
      actor.send(event as never);
    }
    await flush();
    const live = actor.getSnapshot() as SnapshotFrom<TMachine>;
    expect((live as { value: unknown }).value, `after ${event.type}`).toEqual((step.state as { value: unknown }).value);
    options.check?.(live, step.state);
  }
  actor.stop();
  return serializeSnapshot(actor.getSnapshot());
}
