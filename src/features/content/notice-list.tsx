import type { Notice } from '@contract/content';
import { Accordion, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ShownInJapaneseBadge, textLang } from '@/components/shown-in-japanese';
import { formatDate } from './format';
import { PlainText } from './plain-text';

/** Notices as an accordion: title and date closed, the text when opened; `openNotice` starts open, in view. */
export function NoticeList({ notices, openNotice }: { notices: readonly Notice[]; openNotice?: number }) {
  const { t } = useTranslation('content');
  const opened = openNotice === undefined ? null : String(openNotice);
  return (
    <Accordion variant="separated" radius="md" defaultValue={opened}>
      {notices.map((notice) => (
        <Accordion.Item
          key={notice.id}
          value={String(notice.id)}
          ref={(item) => {
            if (item && String(notice.id) === opened) item.scrollIntoView({ block: 'center' });
          }}
        >
          <Accordion.Control>
            <Group gap="sm" wrap="nowrap" justify="space-between" pr="sm">
              <Group gap="xs" wrap="nowrap">
                {notice.pinned && (
                  <Badge color="crimson" size="sm" style={{ flexShrink: 0 }}>
                    {t('notice.pinned')}
                  </Badge>
                )}
                <Text fw={600} lineClamp={1} lang={textLang(notice.lang)}>
                  {notice.title}
                </Text>
                <ShownInJapaneseBadge lang={notice.lang} />
              </Group>
              <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                <time dateTime={notice.publishedAt}>{formatDate(notice.publishedAt)}</time>
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <PlainText body={notice.content} size="sm" lang={textLang(notice.lang)} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
