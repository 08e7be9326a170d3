import { authenticatorKeyQuery } from '@contract/user';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The player's authenticator key; created by the server on first request. */
export const appKeyQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'appKey'],
    queryFn: () => api.call(authenticatorKeyQuery, {}),
    staleTime: Infinity,
  });
