import { createFileRoute, Outlet } from '@tanstack/react-router';
import { DeskLayout } from '@/features/admin/desk-layout';

/**
 * The operators' review desk: every page below needs an operator session. The desk's routes parse
 * their search inside their components, which load on demand, so the player's pages carry nothing
 * of the desk but the route tree's entries.
 */
export const Route = createFileRoute('/admin/_desk')({
  // The guard is loaded on the way in, so the player's pages do not carry it.
  beforeLoad: async ({ location }) => {
    const { requireOperator } = await import('@/features/admin/operator-guard');
    requireOperator(location);
  },
  component: () => (
    <DeskLayout>
      <Outlet />
    </DeskLayout>
  ),
});
