import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/router-links';

/*
 * What a money page shows instead of its form when the machine's guard says something comes first
 * (docs/requirements.md §8): each names what is missing and links to where it is done.
 */

export function PersonalInformationRequired() {
  const { t } = useTranslation('user');
  return (
    <Alert color="orange" title={t('gates.personalInformation.title')} role="alert">
      <Text size="sm" mb="md">
        {t('gates.personalInformation.message')}
      </Text>
      <ButtonLink to="/user/account-setting" hash="personal-information" size="sm">
        {t('gates.personalInformation.action')}
      </ButtonLink>
    </Alert>
  );
}

export function BankCardRequired() {
  const { t } = useTranslation('user');
  return (
    <Alert color="orange" title={t('gates.bankCard.title')} role="alert">
      <Text size="sm" mb="md">
        {t('gates.bankCard.message')}
      </Text>
      <ButtonLink to="/user/bankcard-setting" size="sm">
        {t('gates.bankCard.action')}
      </ButtonLink>
    </Alert>
  );
}

export function PayPasswordRequired() {
  const { t } = useTranslation('user');
  return (
    <Alert color="orange" title={t('gates.payPassword.title')} role="alert">
      <Text size="sm" mb="md">
        {t('gates.payPassword.message')}
      </Text>
      <ButtonLink to="/user/pay-password" size="sm">
        {t('gates.payPassword.action')}
      </ButtonLink>
    </Alert>
  );
}

/** A failed load of what the page needs, with a retry. */
export function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('user');
  return (
    <Alert color="red" title={t('loadFailed.title')} role="alert">
      <Group>
        <Text size="sm">{t('loadFailed.message')}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('loadFailed.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
