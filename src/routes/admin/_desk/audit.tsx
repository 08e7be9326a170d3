import { createFileRoute } from '@tanstack/react-router';
import { AuditLogPage } from '@/features/admin/audit-log-page';
import { auditSearchOf } from '@/features/admin/queue-search';

export const Route = createFileRoute('/admin/_desk/audit')({
  component: AuditLogRoute,
});

function AuditLogRoute() {
  const search = auditSearchOf(Route.useSearch());
  const navigate = Route.useNavigate();
  return (
    <AuditLogPage search={search} onSearchChange={(next) => void navigate({ search: auditSearchOf({ ...next }) })} />
  );
}
