import { createFileRoute } from '@tanstack/react-router';
import { WithdrawalQueuePage } from '@/features/withdrawal/desk-queue-page';
import { withdrawalQueueSearchOf } from '@/features/withdrawal/desk-search';

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
