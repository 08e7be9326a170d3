import { createFileRoute } from '@tanstack/react-router';
import { CryptoWithdrawPage } from '@/features/finance/crypto-withdraw-page';

export const Route = createFileRoute('/_default/_auth/_user/user/finance/withdraw/cryptocurrency')({
  component: CryptoWithdrawPage,
});
