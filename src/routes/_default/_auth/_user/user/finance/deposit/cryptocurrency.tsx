import { createFileRoute } from '@tanstack/react-router';
import { CryptoDepositPage } from '@/features/crypto/crypto-deposit-page';

export const Route = createFileRoute('/_default/_auth/_user/user/finance/deposit/cryptocurrency')({
  component: CryptoDepositPage,
});
