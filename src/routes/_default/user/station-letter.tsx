import { createFileRoute } from '@tanstack/react-router';
import { PlayerSectionLayout } from '@/features/layout/player-section-layout';
import { StationLetterPage } from '@/features/letters/letters-page';

/** Public (docs/requirements.md §2.1, §13.4), so it sits outside the signed-in group but keeps the user-center sidebar. */
export const Route = createFileRoute('/_default/user/station-letter')({
  component: () => (
    <PlayerSectionLayout>
      <StationLetterPage />
    </PlayerSectionLayout>
  ),
});
