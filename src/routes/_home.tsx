import { createFileRoute, Outlet } from '@tanstack/react-router';
import { homeBannersQuery } from '@/features/content/queries';
import { currentLanguage } from '@/lib/i18n';
import { HomeLayout } from '../features/layout/home-layout';

export const Route = createFileRoute('/_home')({
  // Started here, not awaited: the banners load while the layout’s code does (docs/architecture.md §6).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(homeBannersQuery(currentLanguage()));
  },
  component: () => (
    <HomeLayout>
      <Outlet />
    </HomeLayout>
  ),
});
