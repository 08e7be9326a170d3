import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '@/components/router-links';
import { ContentPage } from './content-page';

/**
 * Account migration from the former platform. The global and the Japanese entry read the same
 * operator text; each links to the other so a member who arrived at the wrong one can switch.
 */
export function AccountTransferPage({ variant }: { variant: 'global' | 'japan' }) {
  const { t } = useTranslation('content');
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Text size="sm" c="dimmed">
          {variant === 'global' ? (
            <AnchorLink to="/account-transfer-jp">{t('accountTransfer.toJapan')}</AnchorLink>
          ) : (
            <AnchorLink to="/account-transfer">{t('accountTransfer.toGlobal')}</AnchorLink>
          )}
        </Text>
      </Group>
      <ContentPage slug="account-transfer" />
    </>
  );
}
