import {
  bannerQuery,
  type ContentPageSlug,
  contentPageQuery,
  favorableQuery,
  latestGamesQuery,
  noticeQuery,
  type PromotionCategory,
  popularGamesQuery,
} from '@contract/content';
import type { Locale } from '@contract/locales';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Operators edit content rarely: a few minutes of freshness saves refetching on every visit. */
const contentStaleTimeMs = 5 * 60 * 1000;

/* Every key carries the language: the server answers in it, so another language is another answer. */

export const homeBannersQuery = (lng: Locale) =>
  queryOptions({
    queryKey: ['content', lng, 'banners', 'home'],
    queryFn: () => api.call(bannerQuery, { position: 'home' }),
    staleTime: contentStaleTimeMs,
  });

export const popularGamesListQuery = (lng: Locale, limit: number) =>
  queryOptions({
    queryKey: ['content', lng, 'games', 'popular', limit],
    queryFn: () => api.call(popularGamesQuery, { limit }),
    staleTime: contentStaleTimeMs,
  });

export const latestGamesListQuery = (lng: Locale, limit: number) =>
  queryOptions({
    queryKey: ['content', lng, 'games', 'latest', limit],
    queryFn: () => api.call(latestGamesQuery, { limit }),
    staleTime: contentStaleTimeMs,
  });

export const noticePageQuery = (lng: Locale, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: ['content', lng, 'notices', pageNum, pageSize],
    queryFn: () => api.call(noticeQuery, { pageNum, pageSize }),
    staleTime: contentStaleTimeMs,
  });

/** What the home page shows under the banners: its route's loader starts these while the page's code loads. */
export const homeSectionQueries = (lng: Locale) => ({
  popular: popularGamesListQuery(lng, 6),
  latest: latestGamesListQuery(lng, 6),
  notices: noticePageQuery(lng, 1, 5),
});

export const promotionPageQuery = (lng: Locale, category: PromotionCategory, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: ['content', lng, 'promotions', category, pageNum, pageSize],
    queryFn: () => api.call(favorableQuery, { category, pageNum, pageSize }),
    staleTime: contentStaleTimeMs,
  });

export const contentPageBySlugQuery = (lng: Locale, slug: ContentPageSlug) =>
  queryOptions({
    queryKey: ['content', lng, 'page', slug],
    queryFn: () => api.call(contentPageQuery, { slug }),
    staleTime: contentStaleTimeMs,
    // A missing page stays missing on a retry; the toast has already said so.
    retry: false,
  });
