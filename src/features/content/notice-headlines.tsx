import type { Notice } from '@contract/content';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ShownInJapaneseBadge, textLang } from '@/components/shown-in-japanese';
import classes from './content.module.css';
import { formatDate } from './format';

/** The home page's latest notices: headline and date, each opening its notice on the notice page. */
export function NoticeHeadlines({ notices }: { notices: readonly Notice[] }) {
  const { t } = useTranslation('content');
  return (
    <Paper withBorder radius="md">
      <Stack gap={0} component="ul" className={classes.headlines}>
        {notices.map((notice) => (
          <li key={notice.id}>
            <Link to="/game/notice" search={{ notice: notice.id }} className={classes.headline}>
              <Group gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  {notice.pinned && (
                    <Badge color="crimson" size="sm" style={{ flexShrink: 0 }}>
                      {t('notice.pinned')}
                    </Badge>
                  )}
                  <Text fw={600} truncate lang={textLang(notice.lang)}>
                    {notice.title}
                  </Text>
                  <ShownInJapaneseBadge lang={notice.lang} />
                </Group>
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                  <time dateTime={notice.publishedAt}>{formatDate(notice.publishedAt)}</time>
                </Text>
              </Group>
            </Link>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
