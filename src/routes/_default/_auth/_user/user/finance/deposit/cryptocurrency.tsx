import { createFileRoute } from '@tanstack/react-router';
import { AccountFrame } from '@/components/page-frame';

export const Route = createFileRoute('/_default/_auth/_user/user/finance/deposit/cryptocurrency')({
  component: () => <AccountFrame page="cryptoDeposit" />,
});
