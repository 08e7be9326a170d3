import { createFileRoute } from '@tanstack/react-router';
import { BankCardPage } from '@/features/bank/bank-card-page';

export const Route = createFileRoute('/_default/_auth/_user/user/bankcard-setting')({
  component: BankCardPage,
});
