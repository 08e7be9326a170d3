import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { adoptInvitationFromUrl } from '../features/auth/invitation';
import { createSessionStore } from '../features/session/session-store';
import { api } from '../lib/api-client';
import { isDeskPath } from '../lib/surfaces';
import { routeTree } from '../routeTree.gen';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

function buildRouter() {
  // docs/requirements.md §2: back and forward start at the top too, so the browser must not put back the
  // old position after the router has reset it.
  window.history.scrollRestoration = 'manual';
  const session = createSessionStore(
    { api, navigate: (href) => void router.navigate({ href }) },
    { restoreStored: !isDeskPath(window.location.pathname) },
  );
  // An invitation link opens registration for a visitor (docs/requirements.md §12.3).
  if (adoptInvitationFromUrl() && session.view().status === 'signedOut') {
    session.send({ type: 'authDialog.show', view: 'register' });
  }
  const router = createRouter({
    routeTree,
    context: {
      queryClient,
      session,
      currentHref: () => router.state.resolvedLocation?.href ?? null,
    },
    defaultPreload: 'intent',
    // docs/requirements.md §2: every navigation starts at the top of the page.
    scrollRestoration: false,
  });
  return router;
}

export const router = buildRouter();

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
