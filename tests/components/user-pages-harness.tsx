import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRouteWithContext, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { RouterContext } from '@/app/router-context';
import { createAppTheme } from '@/features/layout/theme';
import type { SessionView } from '@/features/session/session-actor';
import { createSessionStore } from '@/features/session/session-store';
import { api } from '@/lib/api-client';

/**
 * Renders one of the player pages' views the way the app does (Mantine, i18n, TanStack Query and a
 * router for its links), without a server: server data is put into the query cache by the test and
 * queries never fetch (`enabled: false`), and the views' machines get their actors from the test.
 */
export function renderPlayerView(
  ui: ReactElement,
  options: {
    seed?: (queryClient: QueryClient) => void;
    path?: string;
    agent?: boolean;
    /** The session as the page would find it (restoring a stored token, signed in). */
    sessionView?: Partial<SessionView>;
  } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  options.seed?.(queryClient);
  const store = createSessionStore({ api, navigate: () => {} }, { restoreStored: true });
  // The agent pages show their data only to an agent; the session's own flow is tested elsewhere.
  const agentView: Partial<SessionView> = options.agent ? { status: 'signedIn', isAgent: true } : {};
  const session =
    options.agent || options.sessionView
      ? { ...store, view: () => ({ ...store.view(), ...agentView, ...options.sessionView }) }
      : store;
  const rootRoute = createRootRouteWithContext<RouterContext>()({ component: () => ui });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [options.path ?? '/'] }),
    context: { queryClient, session, currentHref: () => null },
  });
  const result = render(
    <I18nextProvider i18n={i18next}>
      <MantineProvider theme={createAppTheme(i18next.t)} env="test">
        <DatesProvider settings={{ locale: 'en' }}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router as never} />
          </QueryClientProvider>
        </DatesProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { ...result, queryClient, router, session };
}
