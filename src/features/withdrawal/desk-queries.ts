import type { Locale } from '@contract/locales';
import { adminWithdrawalList } from '@contract/withdrawal-desk';
import { queryOptions } from '@tanstack/react-query';
import { operatorApi } from '../admin/operator-api';
import { deskListDefaults, deskQueryKey } from '../admin/queries';
import { pagingOf, queueDefaults } from '../admin/queue-search';
import type { WithdrawalQueueSearch } from './desk-search';

export const withdrawalQueueQueryOptions = (lng: Locale, search: WithdrawalQueueSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'withdrawals', search],
    queryFn: () =>
      operatorApi.call(adminWithdrawalList, {
        ...pagingOf(search),
        status: search.status ?? queueDefaults.withdrawals,
        ...(search.method ? { method: search.method } : {}),
        ...(search.keyword ? { keyword: search.keyword } : {}),
      }),
    ...deskListDefaults,
  });
