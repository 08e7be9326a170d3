import { createFileRoute } from '@tanstack/react-router';
import { SubordinateManagementPage } from '@/features/agent/subordinate-management-page';

export const Route = createFileRoute('/_default/_auth/_agent/agent/subordinate-management')({
  component: () => <SubordinateManagementPage />,
});
