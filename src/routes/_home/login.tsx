import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/features/content/home-page';

export interface LoginSearch {
  /** Where to go once signed in; the session continues there after sign-in. */
  redirect?: string;
}

/** Route name "login": the home page, with the login dialog opened by the guard below. */
export const Route = createFileRoute('/_home/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: async ({ context, search, preload }) => {
    // The guard brings the session machine, which a visitor's first page does without.
    const { redirectIfSignedIn } = await import('@/features/session/guard');
    return redirectIfSignedIn({ context, search, preload });
  },
  component: HomePage,
});
