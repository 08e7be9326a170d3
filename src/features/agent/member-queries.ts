import { teamMemberPage } from '@contract/agent';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Keys under ['agent', 'members'] are the agent's member list: a new member or a move makes them stale. */
export const teamMembersKey = ['agent', 'members'] as const;

export interface TeamMembersQuery {
  account: string;
  pageNum: number;
  pageSize: number;
}

/** One page of the agent's direct members, newest first, optionally those whose account contains the text. */
export const teamMembersQueryOptions = (query: TeamMembersQuery) =>
  queryOptions({
    queryKey: [...teamMembersKey, query],
    queryFn: () =>
      api.call(teamMemberPage, {
        pageNum: query.pageNum,
        pageSize: query.pageSize,
        ...(query.account ? { account: query.account } : {}),
      }),
    placeholderData: keepPreviousData,
  });
