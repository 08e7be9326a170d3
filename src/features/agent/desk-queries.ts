import { adminAgentApplicationList, adminAgentTeam } from '@contract/agent-desk';
import type { Locale } from '@contract/locales';
import { queryOptions } from '@tanstack/react-query';
import { operatorApi } from '../admin/operator-api';
import { deskListDefaults, deskQueryKey } from '../admin/queries';
import { pagingOf, queueDefaults } from '../admin/queue-search';
import type { AgentApplicationQueueSearch, AgentTeamSearch } from './desk-search';

export const agentApplicationQueueQueryOptions = (lng: Locale, search: AgentApplicationQueueSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'agentApplications', search],
    queryFn: () =>
      operatorApi.call(adminAgentApplicationList, {
        ...pagingOf(search),
        status: search.status ?? queueDefaults.agentApplications,
        ...(search.keyword ? { keyword: search.keyword } : {}),
      }),
    ...deskListDefaults,
  });

/** An agent's terms and direct members; refetched after the rate is set (every desk query is). */
export const agentTeamQueryOptions = (lng: Locale, userId: number, search: AgentTeamSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'agentTeam', userId, search],
    queryFn: () =>
      operatorApi.call(adminAgentTeam, {
        userId,
        ...pagingOf(search),
        ...(search.keyword ? { keyword: search.keyword } : {}),
      }),
    ...deskListDefaults,
  });
