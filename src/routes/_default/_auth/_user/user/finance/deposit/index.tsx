import { createFileRoute } from '@tanstack/react-router';
import { DepositPage } from '../../../../../../../features/finance/deposit-page';

export const Route = createFileRoute('/_default/_auth/_user/user/finance/deposit/')({
  component: DepositPage,
});
