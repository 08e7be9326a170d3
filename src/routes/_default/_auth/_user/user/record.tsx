import { createFileRoute } from '@tanstack/react-router';
import { recordSearchOf } from '@/features/record/record-filters';
import { RecordPage } from '@/features/record/record-page';

export const Route = createFileRoute('/_default/_auth/_user/user/record')({
  validateSearch: recordSearchOf,
  component: RecordRoute,
});

function RecordRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RecordPage search={search} onSearchChange={(next) => void navigate({ search: recordSearchOf({ ...next }) })} />
  );
}
