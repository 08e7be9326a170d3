import type { SupportInfo } from '@contract/support';
import { appStartPath } from '@contract/support-app';
import { Alert, Anchor, Button, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { QRCodeSVG } from 'qrcode.react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { currentLanguage } from '@/lib/i18n';
import { askToInstall, installOffer, subscribeInstallOffer } from '@/lib/install-prompt';
import { useSignedInUser } from '../session/use-session';
import { LoadFailed } from '../user/account-gates';
import { supportInfoQueryOptions } from './support-queries';

const appLinks = [
  { key: 'appStore', field: 'appStoreUrl' },
  { key: 'googlePlay', field: 'googlePlayUrl' },
  { key: 'direct', field: 'directDownloadUrl' },
] as const satisfies readonly { key: string; field: keyof SupportInfo }[];

/**
 * The companion app's download page (docs/requirements.md §15.2, §15.5): the portal installed as an
 * app, with the browser's install button or the steps to add it, and a QR code that opens it on a
 * phone; each store link the operator set, as a button and as a QR code; then how the app is signed
 * in with the web's QR code.
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
      <InstallableApp />
      {info.isPending && <Skeleton height={220} radius="md" aria-busy="true" />}
      {info.isError && <LoadFailed onRetry={() => void info.refetch()} />}
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

function InstallableApp() {
  const { t } = useTranslation('support');
  const offer = useSyncExternalStore(subscribeInstallOffer, installOffer);
  const startUrl = new URL(appStartPath, window.location.origin).href;
  return (
    <Card withBorder radius="md" padding="lg">
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack gap="sm" style={{ flex: '1 1 18rem' }}>
          <Title order={2} size="h4">
            {t('download.app.title')}
          </Title>
          <Text size="sm">{t('download.app.intro')}</Text>
          {offer === 'offered' && (
            <Button onClick={() => void askToInstall()} style={{ alignSelf: 'flex-start' }}>
              {t('download.app.install')}
            </Button>
          )}
          {offer === 'installed' && (
            <Alert color="teal" role="status">
              {t('download.app.installed')}
            </Alert>
          )}
          {offer === 'unavailable' && <InstallSteps />}
        </Stack>
        <Stack align="center" gap="xs" maw={220}>
          <QRCodeSVG
            value={startUrl}
            size={160}
            marginSize={2}
            title={t('download.app.qrLabel')}
            role="img"
            aria-label={t('download.app.qrLabel')}
          />
          <Text size="xs" c="dimmed" ta="center">
            {t('download.app.qrHint')}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** Where the browser offers no button (Safari on iPhone and iPad, or an offer already used). */
function InstallSteps() {
  const { t } = useTranslation('support');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('download.app.stepsTitle')}
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>{t('download.app.stepsIos')}</List.Item>
        <List.Item>{t('download.app.stepsOther')}</List.Item>
      </List>
    </Stack>
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
          <>
            <Text size="sm" c="dimmed">
              {t('download.signInVisitor')}
            </Text>
            <Anchor component={Link} to="/app-sign-in">
              {t('download.signInHere')}
            </Anchor>
          </>
        )}
      </Stack>
    </Card>
  );
}
