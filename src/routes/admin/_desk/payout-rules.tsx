import { createFileRoute } from '@tanstack/react-router';
import { PayoutRulesPage } from '@/features/withdrawal/payout-rules-page';

export const Route = createFileRoute('/admin/_desk/payout-rules')({
  component: PayoutRulesPage,
});
