import type { ContentPageSlug } from '@contract/content';
import { Paper, Tabs } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { ContentBody } from './content-page';

/** The guide's tabs in order: /game/guide/0 is the first, and /game/guide shows it too. */
export const guideTabs = ['game-guide', 'deposit-guide', 'faq'] as const satisfies readonly ContentPageSlug[];

/** A tab index from the URL; anything that is not a tab's index opens the first tab. */
export function guideTabIndexOf(param: string): number {
  const index = Number(param);
  return Number.isInteger(index) && index >= 0 && index < guideTabs.length ? index : 0;
}

export function GameGuidePage({ tabIndex }: { tabIndex: number }) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const active = guideTabs[tabIndex] ?? guideTabs[0];
  return (
    <PageFrame title={t('guide.title')} description={t('guide.description')}>
      <Tabs
        value={active}
        onChange={(value) => {
          const index = guideTabs.indexOf(value as (typeof guideTabs)[number]);
          if (index >= 0)
            void navigate({ to: '/game/guide/$tabIndex', params: { tabIndex: String(index) }, resetScroll: false });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {guideTabs.map((slug) => (
            <Tabs.Tab key={slug} value={slug}>
              {t(`pageNames.${slug}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {guideTabs.map((slug) => (
          <Tabs.Panel key={slug} value={slug} pt="md">
            <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
              <ContentBody slug={slug} />
            </Paper>
          </Tabs.Panel>
        ))}
      </Tabs>
    </PageFrame>
  );
}
