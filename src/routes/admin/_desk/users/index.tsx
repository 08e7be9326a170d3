import { createFileRoute } from '@tanstack/react-router';
import { PlayersPage } from '@/features/admin/players-page';
import { playerSearchOf } from '@/features/admin/queue-search';

export const Route = createFileRoute('/admin/_desk/users/')({
  component: PlayersRoute,
});

function PlayersRoute() {
  const search = playerSearchOf(Route.useSearch());
  const navigate = Route.useNavigate();
  return (
    <PlayersPage search={search} onSearchChange={(next) => void navigate({ search: playerSearchOf({ ...next }) })} />
  );
}
