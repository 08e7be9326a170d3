import { identityProvidersQuery } from '@contract/auth';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Which third-party sign-ins the server offers; without an answer, none are shown. */
export const identityProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'identityProviders'],
    queryFn: () => api.call(identityProvidersQuery, {}, { silent: true }),
    staleTime: Infinity,
    retry: false,
  });
