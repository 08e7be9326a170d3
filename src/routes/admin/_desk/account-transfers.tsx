import { createFileRoute } from '@tanstack/react-router';
import { AccountTransferDeskPage } from '@/features/account-transfer/desk-page';

export const Route = createFileRoute('/admin/_desk/account-transfers')({
  component: AccountTransferDeskPage,
});
