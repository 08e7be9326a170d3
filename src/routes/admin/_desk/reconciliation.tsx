import { createFileRoute } from '@tanstack/react-router';
import { reconciliationSearchOf } from '@/features/admin/queue-search';
import { ReconciliationPage } from '@/features/admin/reconciliation-page';

export const Route = createFileRoute('/admin/_desk/reconciliation')({
  component: ReconciliationRoute,
});

function ReconciliationRoute() {
  const search = reconciliationSearchOf(Route.useSearch());
  const navigate = Route.useNavigate();
  return (
    <ReconciliationPage
      search={search}
      onSearchChange={(next) => void navigate({ search: reconciliationSearchOf({ ...next }) })}
    />
  );
}
