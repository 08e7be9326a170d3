import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '@/features/layout/not-found-page';
import { LedgerPage } from '@/features/ledger/desk-page';
import { ledgerSearchOf } from '@/features/ledger/desk-search';

export const Route = createFileRoute('/admin/_desk/users/$userId/ledger')({
  component: LedgerRoute,
});

function LedgerRoute() {
  const { userId } = Route.useParams();
  const search = ledgerSearchOf(Route.useSearch());
  const navigate = Route.useNavigate();
  const id = Number(userId);
  if (!/^\d{1,9}$/.test(userId) || id < 1) return <NotFoundPage />;
  return (
    <LedgerPage
      key={id}
      userId={id}
      search={search}
      onSearchChange={(next) => void navigate({ search: ledgerSearchOf({ ...next }) })}
    />
  );
}
