import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../features/content/home-page';
import { redirectIfSignedIn } from '../../features/session/guard';

export interface LoginSearch {
  /** Where to go once signed in; the session continues there after sign-in. */
  redirect?: string;
}

/** Route name "login": the home page, with the login dialog opened by the guard below. */
export const Route = createFileRoute('/_home/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: ({ context, search, preload }) => redirectIfSignedIn({ context, search, preload }),
  component: HomePage,
});
