import { maxRowId } from '@contract/endpoint';
import { createFileRoute } from '@tanstack/react-router';
import { RoundPage } from '@/features/hall/desk-round-page';
import { NotFoundPage } from '@/features/layout/not-found-page';

export const Route = createFileRoute('/admin/_desk/rounds/$roundId')({
  component: RoundRoute,
});

function RoundRoute() {
  const { roundId } = Route.useParams();
  const id = Number(roundId);
  if (!/^\d{1,10}$/.test(roundId) || id < 1 || id > maxRowId) return <NotFoundPage />;
  return <RoundPage key={id} id={id} />;
}
