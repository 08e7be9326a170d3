import type { SupportInfo } from '@contract/support';
import { Alert, Anchor, Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { currentLanguage } from '@/lib/i18n';
import { useSignedInUser } from '../session/use-session';
import { LoadFailed } from '../user/account-gates';
import { supportInfoQueryOptions } from './support-queries';

const appLinks = [
  { key: 'appStore', field: 'appStoreUrl' },
  { key: 'googlePlay', field: 'googlePlayUrl' },
  { key: 'direct', field: 'directDownloadUrl' },
] as const satisfies readonly { key: string; field: keyof SupportInfo }[];

/**
 * The companion app's download page (docs/requirements.md §15.2): each link the operator set, as a
 * button and as a QR code for a phone; then how the app is signed in with the web's QR code.
 */
export function DownloadPage() {
  const { t } = useTranslation('support');
  const info = useQuery(supportInfoQueryOptions(currentLanguage()));
  const links = info.data
    ? appLinks.flatMap(({ key, field }) => {
        const url = info.data[field];
        return url ? [{ key, url }] : [];
      })
    : [];
  return (
    <PageFrame title={t('download.title')} description={t('download.description')}>
      {info.isPending && <Skeleton height={220} radius="md" aria-busy="true" />}
      {info.isError && <LoadFailed onRetry={() => void info.refetch()} />}
      {info.data && links.length === 0 && (
        <Alert color="gray" title={t('download.noneTitle')}>
          {t('download.none')}
        </Alert>
      )}
      {links.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: links.length }} spacing="md">
          {links.map(({ key, url }) => (
            <Card key={key} withBorder radius="md" padding="lg" data-app-link={key}>
              <Stack align="center" gap="sm">
                <Title order={2} size="h4">
                  {t(`download.${key}`)}
                </Title>
                <QRCodeSVG
                  value={url}
                  size={160}
                  marginSize={2}
                  title={t('download.qrOf', { store: t(`download.${key}`) })}
                  role="img"
                  aria-label={t('download.qrOf', { store: t(`download.${key}`) })}
                />
                <Text size="xs" c="dimmed" ta="center">
                  {t('download.scanHint')}
                </Text>
                <Button component="a" href={url} target="_blank" rel="noopener noreferrer" variant="light">
                  {t(`download.open.${key}`)}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <AppSignInHelp />
    </PageFrame>
  );
}

function AppSignInHelp() {
  const { t } = useTranslation('support');
  const user = useSignedInUser();
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('download.signInTitle')}
        </Title>
        <Text size="sm">{t('download.signInSteps')}</Text>
        {user ? (
          <Anchor component={Link} to="/user/app-login">
            {t('download.signInLink')}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('download.signInVisitor')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
