import { adminBannerList, adminContentPageList, adminNoticeList } from '@contract/content-desk';
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

export const deskBannersQueryOptions = (lng: Locale) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'banners'],
    queryFn: () => operatorApi.call(adminBannerList, {}),
    staleTime: 0,
  });

export const deskContentPagesQueryOptions = (lng: Locale) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'contentPages'],
    queryFn: () => operatorApi.call(adminContentPageList, {}),
    staleTime: 0,
  });
