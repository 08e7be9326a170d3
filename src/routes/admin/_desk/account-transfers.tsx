import { createFileRoute } from '@tanstack/react-router';
import { AccountTransferDeskPage } from '@/features/admin/account-transfer-page';

export const Route = createFileRoute('/admin/_desk/account-transfers')({
  component: AccountTransferDeskPage,
});
