import type { QueryClient } from '@tanstack/react-query';
import type { SessionActor } from '../features/session/session-actor';

/** What every route's beforeLoad and loader can reach (DESIGN.md section 6). */
export interface RouterContext {
  queryClient: QueryClient;
  session: SessionActor;
  /** The page the user is on now, or null during the first load. */
  currentHref(): string | null;
}
