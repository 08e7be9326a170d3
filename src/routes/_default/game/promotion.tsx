import { createFileRoute } from '@tanstack/react-router';
import { PromotionPage } from '@/features/content/promotion-page';
import { promotionSearchOf } from '@/features/content/search-params';

export const Route = createFileRoute('/_default/game/promotion')({
  validateSearch: promotionSearchOf,
  component: PromotionRoute,
});

function PromotionRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PromotionPage search={search} onSearchChange={(next) => void navigate({ search: next, resetScroll: false })} />
  );
}
