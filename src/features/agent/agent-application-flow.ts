import { agentApplicationQuery, applyForAgent, isAgentQuery } from '@contract/agent';
import { agentApplicationMachine } from '@machines/agent-application.machine';
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { api } from '@/lib/api-client';
import { agentApplicationQueryOptions } from './application-queries';

/**
 * The agent application flow with the real calls. The standing is read from the server each time
 * (not from the session), so a decision made on the desk shows while the page stays open.
 */
export function agentApplicationLogic(deps: { queryClient: QueryClient; refreshAccount(): void }) {
  return agentApplicationMachine.provide({
    actors: {
      loadStanding: fromPromise(async () => {
        // Silent: the page says itself when the standing cannot be read, and a poll must not toast.
        const [isAgent, application] = await Promise.all([
          api.call(isAgentQuery, {}, { silent: true }),
          api.call(agentApplicationQuery, {}, { silent: true }),
        ]);
        deps.queryClient.setQueryData(agentApplicationQueryOptions().queryKey, application);
        return { isAgent, application };
      }),
      submitApplication: fromPromise(() => api.call(applyForAgent, {})),
    },
    actions: {
      applicationChanged: () => void deps.queryClient.invalidateQueries({ queryKey: ['agent'] }),
      agentGranted: () => deps.refreshAccount(),
    },
  });
}
