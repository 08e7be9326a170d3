import { createFileRoute } from '@tanstack/react-router';
import { AccountFrame } from '@/components/page-frame';

export const Route = createFileRoute('/_default/_auth/_agent/agent/team-recharge')({
  component: () => <AccountFrame page="teamRecharge" />,
});
