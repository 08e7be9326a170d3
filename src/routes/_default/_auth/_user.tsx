import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PlayerSectionLayout } from '@/features/layout/player-section-layout';

export const Route = createFileRoute('/_default/_auth/_user')({
  component: () => (
    <PlayerSectionLayout>
      <Outlet />
    </PlayerSectionLayout>
  ),
});
