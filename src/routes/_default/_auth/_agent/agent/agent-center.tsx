import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_default/_auth/_agent/agent/agent-center')({
  beforeLoad: () => {
    throw redirect({ to: '/agent/subordinate-management', replace: true });
  },
});
