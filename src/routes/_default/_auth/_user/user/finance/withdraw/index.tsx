import { createFileRoute } from '@tanstack/react-router';
import { WithdrawPage } from '@/features/withdrawal/withdrawal-page';

export const Route = createFileRoute('/_default/_auth/_user/user/finance/withdraw/')({
  component: WithdrawPage,
});
