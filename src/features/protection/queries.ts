import { protectionStateQuery } from '@contract/protection';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The player's limits (with what is used and what is pending), reality check and any block. */
export const protectionStateQueryOptions = () =>
  queryOptions({
    queryKey: ['protection', 'state'],
    queryFn: () => api.call(protectionStateQuery, {}),
    staleTime: 0,
  });
