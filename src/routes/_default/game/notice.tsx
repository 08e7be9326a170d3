import { createFileRoute } from '@tanstack/react-router';
import { NoticePage } from '@/features/content/notice-page';
import { pageSearchOf } from '@/features/content/search-params';

export const Route = createFileRoute('/_default/game/notice')({
  validateSearch: pageSearchOf,
  component: NoticeRoute,
});

function NoticeRoute() {
  const { page } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <NoticePage page={page} onPageChange={(next) => void navigate({ search: next > 1 ? { page: next } : {} })} />;
}
