import { agentApplicationQuery, agentCodeQuery } from '@contract/agent';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/*
 * Keys under ['agent'] are the player's standing in the agent programme: the application page, the
 * user centre and the invitation card read them; a decision on the application invalidates them.
 */

/** The player's latest agent application, or null if they never applied. */
export const agentApplicationQueryOptions = () =>
  queryOptions({
    queryKey: ['agent', 'application'],
    queryFn: () => api.call(agentApplicationQuery, {}),
    staleTime: 0,
  });

/** The agent's own code and invitation link; they do not change once issued. */
export const agentCodeQueryOptions = () =>
  queryOptions({
    queryKey: ['agent', 'code'],
    queryFn: () => api.call(agentCodeQuery, {}),
    staleTime: Infinity,
  });
