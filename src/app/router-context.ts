import type { QueryClient } from '@tanstack/react-query';
import type { SessionStore } from '../features/session/session-store';

/** What every route's beforeLoad and loader can reach (docs/architecture.md §6). */
export interface RouterContext {
  queryClient: QueryClient;
  session: SessionStore;
  /** The page the user is on now, or null during the first load. */
  currentHref(): string | null;
}
