import { createFileRoute } from '@tanstack/react-router';
import { RoundsPage } from '@/features/hall/desk-rounds-page';
import { roundSearchOf } from '@/features/hall/desk-search';

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
