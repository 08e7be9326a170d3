import { queryOptions } from '@tanstack/react-query';
import { withdrawalList } from '../../../contract/draw';
import type { BodyOf } from '../../../contract/endpoint';
import type { Locale } from '../../../contract/locales';
import { payChannelQuery, payOrderList } from '../../../contract/pay';
import { api } from '../../lib/api-client';

/* Channel and bank names come in the request's language, so the language is part of every key. */

export type DepositListQuery = NonNullable<BodyOf<typeof payOrderList>>;
export type WithdrawalListQuery = NonNullable<BodyOf<typeof withdrawalList>>;

/** The yen deposit channels open to the player, with their limits and preset amounts. */
export const payChannelsQueryOptions = (lng: Locale) =>
  queryOptions({
    queryKey: ['finance', lng, 'channels'],
    queryFn: () => api.call(payChannelQuery, {}),
    staleTime: 0,
  });

/** A page of the player's deposit orders, newest first, with the total over every page. */
export const depositOrdersQueryOptions = (lng: Locale, query: DepositListQuery) =>
  queryOptions({
    queryKey: ['finance', lng, 'deposits', query],
    queryFn: () => api.call(payOrderList, query),
  });

/** A page of the player's withdrawals, newest first, with the total over every page. */
export const withdrawalsQueryOptions = (lng: Locale, query: WithdrawalListQuery) =>
  queryOptions({
    queryKey: ['finance', lng, 'withdrawals', query],
    queryFn: () => api.call(withdrawalList, query),
  });
