import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AgentSection } from '@/features/layout/programme-section';

export const Route = createFileRoute('/_default/_auth/_agent')({
  component: () => (
    <AgentSection>
      <Outlet />
    </AgentSection>
  ),
});
