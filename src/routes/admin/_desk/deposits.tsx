import { createFileRoute } from '@tanstack/react-router';
import { ManualDepositQueuePage } from '@/features/deposit/desk-manual-queue-page';
import { manualDepositQueueSearchOf } from '@/features/deposit/desk-search';

export const Route = createFileRoute('/admin/_desk/deposits')({
  component: ManualDepositQueueRoute,
});

function ManualDepositQueueRoute() {
  const search = manualDepositQueueSearchOf(Route.useSearch());
  const navigate = Route.useNavigate();
  return (
    <ManualDepositQueuePage
      search={search}
      onSearchChange={(next) => void navigate({ search: manualDepositQueueSearchOf({ ...next }) })}
    />
  );
}
