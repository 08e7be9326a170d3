import { createFileRoute } from '@tanstack/react-router';
import { GameGuidePage, guideTabIndexOf } from '@/features/content/game-guide-page';

export const Route = createFileRoute('/_default/game/guide/$tabIndex')({
  component: GuideTabRoute,
});

function GuideTabRoute() {
  const { tabIndex } = Route.useParams();
  return <GameGuidePage tabIndex={guideTabIndexOf(tabIndex)} />;
}
