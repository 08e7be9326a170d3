import { adminUserLedger } from '@contract/ledger';
import type { Locale } from '@contract/locales';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { operatorApi } from '../admin/operator-api';
import { deskQueryKey } from '../admin/queries';
import { pagingOf } from '../admin/queue-search';
import type { LedgerSearch } from './desk-search';

/** Reading a ledger is itself audited, so it does not poll. */
export const ledgerQueryOptions = (lng: Locale, userId: number, search: LedgerSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'ledger', userId, search],
    queryFn: () =>
      operatorApi.call(adminUserLedger, { userId, ...pagingOf(search), ...(search.kind ? { kind: search.kind } : {}) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
