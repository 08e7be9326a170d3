import { adminNoticeList } from '@contract/content-desk';
import type { Locale } from '@contract/locales';
import { queryOptions } from '@tanstack/react-query';
import { operatorApi } from '../admin/operator-api';
import { deskQueryKey } from '../admin/queries';

export const deskNoticesQueryOptions = (lng: Locale) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'notices'],
    queryFn: () => operatorApi.call(adminNoticeList, { pageSize: 100 }),
    staleTime: 0,
  });
