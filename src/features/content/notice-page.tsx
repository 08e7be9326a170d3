import { Center, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { currentLanguage } from '@/lib/i18n';
import { NoticeList } from './notice-list';
import { noticePageQuery } from './queries';

const noticesPerPage = 10;

export function NoticePage({
  page = 1,
  openNotice,
  onPageChange,
}: {
  page?: number;
  /** The notice shown open, as a home headline asks. */
  openNotice?: number;
  onPageChange(page: number): void;
}) {
  const { t } = useTranslation('content');
  const notices = useQuery(noticePageQuery(currentLanguage(), page, noticesPerPage));
  const pageCount = notices.data ? Math.ceil(notices.data.total / noticesPerPage) : 0;

  return (
    <PageFrame title={t('notice.title')} description={t('notice.description')}>
      {notices.isPending && (
        <Stack gap="sm" aria-busy="true">
          {Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} height={56} radius="md" />
          ))}
        </Stack>
      )}
      {notices.isError && <Text c="dimmed">{t('list.unavailable')}</Text>}
      {notices.data && notices.data.list.length === 0 && <Text c="dimmed">{t('notice.empty')}</Text>}
      {notices.data && notices.data.list.length > 0 && (
        <Stack gap="lg">
          <NoticeList notices={notices.data.list} openNotice={openNotice} />
          {pageCount > 1 && (
            <Center>
              <Pagination total={pageCount} value={page} onChange={onPageChange} />
            </Center>
          )}
        </Stack>
      )}
    </PageFrame>
  );
}
