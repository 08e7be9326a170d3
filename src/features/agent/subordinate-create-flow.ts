import { createTeamMember } from '@contract/agent';
import { createSubordinateMachine } from '@machines/create-subordinate.machine';
import { fromPromise } from 'xstate';
import { api } from '@/lib/api-client';

/**
 * Opening a subordinate account with the real call; a refusal shows as a toast and, when it names a
 * field, on that field.
 */
export function createSubordinateLogic(deps: { onCreated(): void }) {
  return createSubordinateMachine.provide({
    actors: { createSubordinate: fromPromise(({ input }) => api.call(createTeamMember, input)) },
    actions: { subordinateCreated: () => deps.onCreated() },
  });
}
