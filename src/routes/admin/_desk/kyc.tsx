import { createFileRoute } from '@tanstack/react-router';
import { KycQueuePage } from '@/features/kyc/desk-queue-page';
import { kycQueueSearchOf } from '@/features/kyc/desk-search';

export const Route = createFileRoute('/admin/_desk/kyc')({
  component: KycQueueRoute,
});

function KycQueueRoute() {
  const search = kycQueueSearchOf(Route.useSearch());
  const navigate = Route.useNavigate();
  return (
    <KycQueuePage search={search} onSearchChange={(next) => void navigate({ search: kycQueueSearchOf({ ...next }) })} />
  );
}
