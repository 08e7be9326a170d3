import { createFileRoute } from '@tanstack/react-router';
import { agentTeamSearchOf } from '@/features/agent/desk-search';
import { AgentTeamPage } from '@/features/agent/desk-team-page';
import { NotFoundPage } from '@/features/layout/not-found-page';

export const Route = createFileRoute('/admin/_desk/users/$userId/team')({
  component: AgentTeamRoute,
});

function AgentTeamRoute() {
  const { userId } = Route.useParams();
  const search = agentTeamSearchOf(Route.useSearch());
  const navigate = Route.useNavigate();
  const id = Number(userId);
  if (!/^\d{1,9}$/.test(userId) || id < 1) return <NotFoundPage />;
  return (
    <AgentTeamPage
      key={id}
      userId={id}
      search={search}
      onSearchChange={(next) => void navigate({ search: agentTeamSearchOf({ ...next }) })}
    />
  );
}
