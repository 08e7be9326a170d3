import { stationLetterQuery } from '@contract/letters';
import type { Locale } from '@contract/locales';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every letters query starts with this: marking letters read invalidates them all. */
export const lettersQueryKey = ['letters'] as const;

/** How often the header asks for the unread count while a page is open (docs/requirements.md §13.5). */
const unreadPollMs = 30_000;

/** The unread count behind the header's badge: polled, and asked again when the window comes back to front. */
export const unreadLettersQuery = (lng: Locale, userId: number) =>
  queryOptions({
    queryKey: [...lettersQueryKey, lng, userId, 'unread'],
    // Quiet: a failed poll is simply tried again on the next one, not a toast every 30 s.
    queryFn: () => api.call(stationLetterQuery, { pageSize: 1, unreadOnly: true }, { silent: true }),
    select: (page) => page.unreadCount,
    refetchInterval: unreadPollMs,
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
