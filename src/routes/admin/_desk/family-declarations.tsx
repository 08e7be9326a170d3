import { createFileRoute } from '@tanstack/react-router';
import { FamilyDeclarationQueuePage } from '@/features/protection/desk-family-queue-page';
import { familyDeclarationSearchOf } from '@/features/protection/desk-search';

export const Route = createFileRoute('/admin/_desk/family-declarations')({
  component: FamilyDeclarationsRoute,
});

function FamilyDeclarationsRoute() {
  const search = familyDeclarationSearchOf(Route.useSearch());
  const navigate = Route.useNavigate();
  return (
    <FamilyDeclarationQueuePage
      search={search}
      onSearchChange={(next) => void navigate({ search: familyDeclarationSearchOf({ ...next }) })}
    />
  );
}
