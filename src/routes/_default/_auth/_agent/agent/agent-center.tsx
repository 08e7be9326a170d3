import { createFileRoute, redirect } from '@tanstack/react-router';
import { AgentCenterPage } from '@/features/agent/agent-center-page';

/** An agent goes on to the team pages; anyone else sees the programme and their application (docs/requirements.md §12.2). */
export const Route = createFileRoute('/_default/_auth/_agent/agent/agent-center')({
  beforeLoad: ({ context }) => {
    if (context.session.view().isAgent) throw redirect({ to: '/agent/subordinate-management', replace: true });
  },
  component: AgentCenterPage,
});
