import { createFileRoute } from '@tanstack/react-router';
import { reportSearchOf } from '@/features/admin/queue-search';
import { ReportsPage } from '@/features/admin/reports-page';

export const Route = createFileRoute('/admin/_desk/reports')({
  component: ReportsRoute,
});

function ReportsRoute() {
  const search = reportSearchOf(Route.useSearch());
  const navigate = Route.useNavigate();
  return (
    <ReportsPage search={search} onSearchChange={(next) => void navigate({ search: reportSearchOf({ ...next }) })} />
  );
}
