import { createFileRoute } from '@tanstack/react-router';
import { AccountFrame } from '@/components/page-frame';

export const Route = createFileRoute('/_default/_auth/_user/user/app-key')({
  component: () => <AccountFrame page="appKey" />,
});
