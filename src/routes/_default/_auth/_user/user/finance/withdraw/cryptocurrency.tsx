import { createFileRoute } from '@tanstack/react-router';
import { AccountFrame } from '@/components/page-frame';

export const Route = createFileRoute('/_default/_auth/_user/user/finance/withdraw/cryptocurrency')({
  component: () => <AccountFrame page="cryptoWithdraw" />,
});
