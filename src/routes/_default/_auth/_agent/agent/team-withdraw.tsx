import { createFileRoute } from '@tanstack/react-router';
import { teamSearchOf, teamWithdrawalStatuses } from '@/features/agent/team-filters';
import { TeamWithdrawPage } from '@/features/agent/team-money-pages';

export const Route = createFileRoute('/_default/_auth/_agent/agent/team-withdraw')({
  validateSearch: (search) => teamSearchOf(search, teamWithdrawalStatuses),
  component: TeamWithdrawRoute,
});

function TeamWithdrawRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TeamWithdrawPage
      search={search}
      onSearchChange={(next) => void navigate({ search: teamSearchOf({ ...next }, teamWithdrawalStatuses) })}
    />
  );
}
