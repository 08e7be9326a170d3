import { adminManualDepositList } from '@contract/deposit-desk';
import type { Locale } from '@contract/locales';
import { queryOptions } from '@tanstack/react-query';
import { operatorApi } from '../admin/operator-api';
import { deskListDefaults, deskQueryKey } from '../admin/queries';
import { pagingOf, queueDefaults } from '../admin/queue-search';
import type { ManualDepositQueueSearch } from './desk-search';

export const manualDepositQueueQueryOptions = (lng: Locale, search: ManualDepositQueueSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'deposits', search],
    queryFn: () =>
      operatorApi.call(adminManualDepositList, {
        ...pagingOf(search),
        status: search.status ?? queueDefaults.deposits,
        ...(search.keyword ? { keyword: search.keyword } : {}),
      }),
    ...deskListDefaults,
  });
