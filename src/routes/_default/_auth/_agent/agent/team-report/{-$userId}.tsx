import { createFileRoute } from '@tanstack/react-router';
import { AccountFrame } from '@/features/layout/page-frame';

export const Route = createFileRoute('/_default/_auth/_agent/agent/team-report/{-$userId}')({
  component: () => <AccountFrame page="teamReport" />,
});
