import { withdrawalLimitsQuery } from '@contract/withdrawal';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The bank withdrawal's minimum, maximum, fee rate and payout ratio. */
export const withdrawalLimitsQueryOptions = () =>
  queryOptions({
    queryKey: ['withdrawal', 'limits'],
    queryFn: () => api.call(withdrawalLimitsQuery, {}),
    staleTime: 0,
  });
