import { createFileRoute } from '@tanstack/react-router';
import { roundSearchOf } from '@/features/admin/queue-search';
import { RoundsPage } from '@/features/admin/rounds-page';

export const Route = createFileRoute('/admin/_desk/rounds/')({
  component: RoundsRoute,
});

function RoundsRoute() {
  const search = roundSearchOf(Route.useSearch());
  const navigate = Route.useNavigate();
  return (
    <RoundsPage search={search} onSearchChange={(next) => void navigate({ search: roundSearchOf({ ...next }) })} />
  );
}
