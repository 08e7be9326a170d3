import { createFileRoute, Outlet } from '@tanstack/react-router';
import { aboutMenu } from '@/features/layout/menus';
import { SectionLayout } from '@/features/layout/section-layout';

export const Route = createFileRoute('/_default/_about')({
  component: () => (
    <SectionLayout menu={aboutMenu}>
      <Outlet />
    </SectionLayout>
  ),
});
