import { createFileRoute } from '@tanstack/react-router';
import { DepositPage } from '@/features/deposit/deposit-page';

/** The provider's checkout page sends the player back here with the order's number. */
function depositSearchOf(search: Record<string, unknown>): { orderSn?: string } {
  const orderSn =
    typeof search.orderSn === 'string' && /^[A-Za-z0-9_-]{6,64}$/.test(search.orderSn) ? search.orderSn : undefined;
  return orderSn ? { orderSn } : {};
}

export const Route = createFileRoute('/_default/_auth/_user/user/finance/deposit/')({
  validateSearch: depositSearchOf,
  component: DepositRoute,
});

function DepositRoute() {
  const { orderSn } = Route.useSearch();
  // A new order number starts a new flow.
  return <DepositPage key={orderSn ?? ''} orderSn={orderSn} />;
}
