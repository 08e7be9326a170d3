import { payChannelQuery } from '@contract/deposit';
import type { Locale } from '@contract/locales';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The yen deposit channels open to the player, with their limits and preset amounts. Channel and
 * bank names come in the request's language, so the language is part of the key.
 */
export const payChannelsQueryOptions = (lng: Locale) =>
  queryOptions({
    queryKey: ['deposit', lng, 'channels'],
    queryFn: () => api.call(payChannelQuery, {}),
    staleTime: 0,
  });
