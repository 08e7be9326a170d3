import { createFileRoute } from '@tanstack/react-router';
import { withdrawalQueueSearchOf } from '@/features/admin/queue-search';
import { WithdrawalQueuePage } from '@/features/admin/withdrawal-queue-page';

export const Route = createFileRoute('/admin/_desk/withdrawals')({
  component: WithdrawalQueueRoute,
});

function WithdrawalQueueRoute() {
  const search = withdrawalQueueSearchOf(Route.useSearch());
  const navigate = Route.useNavigate();
  return (
    <WithdrawalQueuePage
      search={search}
      onSearchChange={(next) => void navigate({ search: withdrawalQueueSearchOf({ ...next }) })}
    />
  );
}
