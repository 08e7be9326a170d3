import { createFileRoute } from '@tanstack/react-router';
import { AccountFrame } from '@/components/page-frame';
import { userCenterMenu } from '@/features/layout/menus';
import { SectionLayout } from '@/features/layout/section-layout';

/** Public (docs/requirements.md §2.1), so it sits outside the signed-in group but keeps the user-center sidebar. */
export const Route = createFileRoute('/_default/user/station-letter')({
  component: () => (
    <SectionLayout menu={userCenterMenu}>
      <AccountFrame page="stationLetter" />
    </SectionLayout>
  ),
});
