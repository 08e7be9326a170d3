import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/router-links';
import { DefaultLayout } from './default-layout';

/** The 404 message and the way back home. */
export function NotFoundContent() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py={64} ta="center">
      <Text fz={72} fw={900} c="crimson.7" lh={1} aria-hidden="true">
        404
      </Text>
      <Title order={1} size="h2">
        {t('notFound.title')}
      </Title>
      <Text c="dimmed">{t('notFound.description')}</Text>
      <ButtonLink to="/" size="md">
        {t('notFound.backHome')}
      </ButtonLink>
    </Stack>
  );
}

export function NotFoundPage() {
  return (
    <DefaultLayout>
      <NotFoundContent />
    </DefaultLayout>
  );
}
