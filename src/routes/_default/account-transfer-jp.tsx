import { createFileRoute } from '@tanstack/react-router';
import { AccountTransferPage } from '@/features/account-transfer/account-transfer-page';

export const Route = createFileRoute('/_default/account-transfer-jp')({
  component: () => <AccountTransferPage variant="japan" />,
});
