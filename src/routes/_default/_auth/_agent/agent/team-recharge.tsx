import { createFileRoute } from '@tanstack/react-router';
import { teamDepositStatuses, teamSearchOf } from '@/features/agent/team-filters';
import { TeamRechargePage } from '@/features/agent/team-money-pages';

export const Route = createFileRoute('/_default/_auth/_agent/agent/team-recharge')({
  validateSearch: (search) => teamSearchOf(search, teamDepositStatuses),
  component: TeamRechargeRoute,
});

function TeamRechargeRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TeamRechargePage
      search={search}
      onSearchChange={(next) => void navigate({ search: teamSearchOf({ ...next }, teamDepositStatuses) })}
    />
  );
}
