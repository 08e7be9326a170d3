import { createFileRoute } from '@tanstack/react-router';
import { GameGuidePage } from '@/features/content/game-guide-page';

export const Route = createFileRoute('/_default/game/guide/')({
  component: () => <GameGuidePage tabIndex={0} />,
});
