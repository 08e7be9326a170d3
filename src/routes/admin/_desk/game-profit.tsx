import { createFileRoute } from '@tanstack/react-router';
import { GameProfitPage } from '@/features/hall/desk-game-profit-page';
import { gameProfitSearchOf } from '@/features/hall/desk-search';

export const Route = createFileRoute('/admin/_desk/game-profit')({
  component: GameProfitRoute,
});

function GameProfitRoute() {
  const search = gameProfitSearchOf(Route.useSearch());
  const navigate = Route.useNavigate();
  return (
    <GameProfitPage
      search={search}
      onSearchChange={(next) => void navigate({ search: gameProfitSearchOf({ ...next }) })}
    />
  );
}
