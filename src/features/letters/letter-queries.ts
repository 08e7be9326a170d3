import { stationLetterQuery } from '@contract/letters';
import type { Locale } from '@contract/locales';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every letters query starts with this: marking letters read invalidates them all. */
export const lettersQueryKey = ['letters'] as const;

/**
 * The unread count behind the header's badge: fetched again when the push channel says a letter
 * arrived or was read (docs/requirements.md §13.5), and when the window comes back to front.
 */
export const unreadLettersQuery = (lng: Locale, userId: number) =>
  queryOptions({
    queryKey: [...lettersQueryKey, lng, userId, 'unread'],
    // Quiet: a failed fetch is tried again at the next push or focus, not a toast each time.
    queryFn: () => api.call(stationLetterQuery, { pageSize: 1, unreadOnly: true }, { silent: true }),
    select: (page) => page.unreadCount,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });

/** One page of letters; `userId` is null for a visitor, who reads the letters to everyone. */
export const letterPageQuery = (lng: Locale, userId: number | null, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: [...lettersQueryKey, lng, userId, 'page', pageNum, pageSize],
    queryFn: () => api.call(stationLetterQuery, { pageNum, pageSize }),
    staleTime: 0,
  });
