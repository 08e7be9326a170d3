import { createFileRoute } from '@tanstack/react-router';
import { hallSearchOf } from '@/features/hall/hall-filters';
import { HallPage } from '@/features/hall/hall-page';

export const Route = createFileRoute('/_default/_auth/amigo')({
  validateSearch: hallSearchOf,
  component: HallRoute,
});

function HallRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Typing a search replaces the entry, so Back leaves the hall rather than undoing keystrokes.
  return <HallPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
