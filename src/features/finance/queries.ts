import { withdrawalLimitsQuery } from '@contract/draw';
import type { Locale } from '@contract/locales';
import { payChannelQuery } from '@contract/pay';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/* Channel and bank names come in the request's language, so the language is part of every key. */

/** The yen deposit channels open to the player, with their limits and preset amounts. */
export const payChannelsQueryOptions = (lng: Locale) =>
  queryOptions({
    queryKey: ['finance', lng, 'channels'],
    queryFn: () => api.call(payChannelQuery, {}),
    staleTime: 0,
  });

/** The bank withdrawal's minimum, maximum, fee rate and payout ratio. */
export const withdrawalLimitsQueryOptions = () =>
  queryOptions({
    queryKey: ['finance', 'withdrawalLimits'],
    queryFn: () => api.call(withdrawalLimitsQuery, {}),
    staleTime: 0,
  });
