import { Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '@/components/router-links';
import { currentLanguage } from '@/lib/i18n';
import classes from './content.module.css';
import { ExchangeRatioNotice } from './exchange-ratio-notice';
import { GameGrid } from './game-grid';
import { NoticeHeadlines } from './notice-headlines';
import { homeSectionQueries } from './queries';

export function HomePage() {
  const { t } = useTranslation('home');
  const queries = homeSectionQueries(currentLanguage());
  const popular = useQuery(queries.popular);
  const latest = useQuery(queries.latest);
  const notices = useQuery(queries.notices);

  return (
    <Stack gap={40}>
      {/* The banners say what the site is to the eye; the page's one h1 says it to screen readers and search. */}
      <VisuallyHidden component="h1">{t('common:layout.siteName')}</VisuallyHidden>
      <ExchangeRatioNotice />
      <HomeSection title={t('games.popular')}>
        <GameGrid games={popular.data} loading={popular.isPending} />
      </HomeSection>
      <HomeSection title={t('games.latest')}>
        <GameGrid games={latest.data} loading={latest.isPending} />
      </HomeSection>
      <HomeSection title={t('notices.title')} action={<AnchorLink to="/game/notice">{t('notices.more')}</AnchorLink>}>
        {notices.isPending && <Skeleton height={180} radius="md" />}
        {notices.data && notices.data.list.length === 0 && <Text c="dimmed">{t('notices.empty')}</Text>}
        {notices.data && notices.data.list.length > 0 && <NoticeHeadlines notices={notices.data.list} />}
      </HomeSection>
    </Stack>
  );
}

function HomeSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="md" component="section">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3" className={classes.sectionTitle}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}
