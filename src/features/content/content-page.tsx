import type { ContentPageSlug } from '@contract/content';
import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { ShownInJapaneseBadge, textLang } from '@/components/shown-in-japanese';
import { currentLanguage } from '@/lib/i18n';
import { formatDate } from './format';
import { PlainText } from './plain-text';
import { contentPageBySlugQuery } from './queries';

/** The body of an operator-editable page, without its own heading (for tabs and embedded use). */
export function ContentBody({ slug }: { slug: ContentPageSlug }) {
  const { t } = useTranslation('content');
  const page = useQuery(contentPageBySlugQuery(currentLanguage(), slug));
  if (page.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={14} />
        <Skeleton height={14} />
        <Skeleton height={14} width="70%" />
      </Stack>
    );
  }
  if (page.isError) {
    return (
      <Stack align="flex-start" gap="sm">
        <Text c="dimmed">{t('page.unavailable')}</Text>
        <Button variant="light" onClick={() => void page.refetch()}>
          {t('page.retry')}
        </Button>
      </Stack>
    );
  }
  return (
    <div>
      <ShownInJapaneseBadge lang={page.data.lang} />
      <PlainText body={page.data.body} lang={textLang(page.data.lang)} />
      <Text size="xs" c="dimmed" mt="lg">
        {t('page.updatedAt', { date: formatDate(page.data.updatedAt) })}
      </Text>
    </div>
  );
}

/**
 * An operator-editable page: its title from the operator, or the page's own name until it loads;
 * `children` follow the text (what the product offers beside it, such as a form's link).
 */
export function ContentPage({ slug, children }: { slug: ContentPageSlug; children?: ReactNode }) {
  const { t } = useTranslation('content');
  const page = useQuery(contentPageBySlugQuery(currentLanguage(), slug));
  return (
    <PageFrame
      title={page.data?.title ?? t(`pageNames.${slug}`)}
      titleLang={page.data ? textLang(page.data.lang) : undefined}
    >
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <ContentBody slug={slug} />
      </Paper>
      {children}
    </PageFrame>
  );
}
