import { createFileRoute } from '@tanstack/react-router';
import { teamSearchOf, teamUserIdOf } from '@/features/agent/team-filters';
import { TeamReportPage } from '@/features/agent/team-report-page';

export const Route = createFileRoute('/_default/_auth/_agent/agent/team-report/{-$userId}')({
  validateSearch: (search) => teamSearchOf(search),
  component: TeamReportRoute,
});

function TeamReportRoute() {
  const { userId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TeamReportPage
      userId={teamUserIdOf(userId)}
      search={search}
      onSearchChange={(next) => void navigate({ search: teamSearchOf({ ...next }) })}
    />
  );
}
