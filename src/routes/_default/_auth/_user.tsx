import { createFileRoute, Outlet } from '@tanstack/react-router';
import { userCenterMenu } from '@/features/layout/menus';
import { SectionLayout } from '@/features/layout/section-layout';

export const Route = createFileRoute('/_default/_auth/_user')({
  component: () => (
    <SectionLayout menu={userCenterMenu}>
      <Outlet />
    </SectionLayout>
  ),
});
