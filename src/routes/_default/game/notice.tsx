import { createFileRoute } from '@tanstack/react-router';
import { NoticePage } from '@/features/content/notice-page';
import { noticeSearchOf } from '@/features/content/search-params';

export const Route = createFileRoute('/_default/game/notice')({
  validateSearch: noticeSearchOf,
  component: NoticeRoute,
});

function NoticeRoute() {
  const { page, notice } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <NoticePage
      page={page}
      openNotice={notice}
      onPageChange={(next) => void navigate({ search: next > 1 ? { page: next } : {} })}
    />
  );
}
