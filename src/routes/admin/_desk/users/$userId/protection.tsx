import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '@/features/layout/not-found-page';
import { PlayerProtectionPage } from '@/features/protection/desk-player-protection';

export const Route = createFileRoute('/admin/_desk/users/$userId/protection')({
  component: PlayerProtectionRoute,
});

function PlayerProtectionRoute() {
  const { userId } = Route.useParams();
  const id = Number(userId);
  if (!/^\d{1,9}$/.test(userId) || id < 1) return <NotFoundPage />;
  return <PlayerProtectionPage key={id} userId={id} />;
}
