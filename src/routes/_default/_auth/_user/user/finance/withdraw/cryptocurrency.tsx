import { createFileRoute } from '@tanstack/react-router';
import { CryptoWithdrawPage } from '@/features/crypto/crypto-withdrawal-page';

export const Route = createFileRoute('/_default/_auth/_user/user/finance/withdraw/cryptocurrency')({
  component: CryptoWithdrawPage,
});
