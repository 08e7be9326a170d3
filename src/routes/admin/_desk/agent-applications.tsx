import { createFileRoute } from '@tanstack/react-router';
import { AgentApplicationQueuePage } from '@/features/agent/desk-application-queue-page';
import { agentApplicationQueueSearchOf } from '@/features/agent/desk-search';

export const Route = createFileRoute('/admin/_desk/agent-applications')({
  component: AgentApplicationQueueRoute,
});

function AgentApplicationQueueRoute() {
  const search = agentApplicationQueueSearchOf(Route.useSearch());
  const navigate = Route.useNavigate();
  return (
    <AgentApplicationQueuePage
      search={search}
      onSearchChange={(next) => void navigate({ search: agentApplicationQueueSearchOf({ ...next }) })}
    />
  );
}
