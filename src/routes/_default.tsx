import { createFileRoute, Outlet } from '@tanstack/react-router';
import { DefaultLayout } from '../features/layout/default-layout';

export const Route = createFileRoute('/_default')({
  component: () => (
    <DefaultLayout>
      <Outlet />
    </DefaultLayout>
  ),
});
