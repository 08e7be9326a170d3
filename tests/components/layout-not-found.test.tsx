import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAppTheme } from '@/features/layout/theme';
import { createSessionStore } from '@/features/session/session-store';
import { api } from '@/lib/api-client';
import { routeTree } from '@/routeTree.gen';
import { startI18nIn } from './render';

/**
 * The app's real route tree and root route, in memory, for a visitor without a stored token. There
 * is no server: queries never fetch, and nothing these pages show depends on server data.
 */
function renderAppAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  const session = createSessionStore(
    { api, navigate: (href) => void router.navigate({ href }) },
    { restoreStored: true },
  );
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient, session, currentHref: () => router.state.resolvedLocation?.href ?? null },
  });
  render(
    <I18nextProvider i18n={i18next}>
      <MantineProvider theme={createAppTheme(i18next.t)} env="test">
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return router;
}

describe('unknown paths', () => {
  beforeEach(async () => {
    await startI18nIn('ja-JP');
  });

  it('show the 404 page with a link home, inside the site layout', async () => {
    renderAppAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'ページが見つかりません' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ホームに戻る' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('are also what a mistyped page inside a section shows', async () => {
    renderAppAt('/about/no-such-page');
    expect(await screen.findByRole('heading', { name: 'ページが見つかりません' })).toBeInTheDocument();
  });

  it('do not include /index, which goes to the home page', async () => {
    const router = renderAppAt('/index');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'ページが見つかりません' })).not.toBeInTheDocument();
  });
});
