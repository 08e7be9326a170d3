import type { FirstSteps } from '@contract/user';
import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/router-links';
import type { AppPath } from '../layout/menus';
import { firstStepsQueryOptions } from './queries';

/** Each first step and the page where it is done, in the order a new player takes them. */
const steps: { step: keyof FirstSteps; to: AppPath; hash?: string }[] = [
  { step: 'identity', to: '/user/account-setting', hash: 'identity-verification' },
  { step: 'bankCard', to: '/user/bankcard-setting' },
  { step: 'payPassword', to: '/user/pay-password' },
  { step: 'firstDeposit', to: '/user/finance/deposit' },
];

/**
 * What a new player still has to do (docs/requirements.md §2.11), each step done or not as the
 * server reads the account; gone once every step is done.
 */
export function FirstStepsChecklist() {
  const { t } = useTranslation('user');
  const firstSteps = useQuery(firstStepsQueryOptions());
  const done = firstSteps.data;
  if (!done || steps.every(({ step }) => done[step])) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="first-steps-title">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="first-steps-title">
            {t('center.firstSteps.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('center.firstSteps.hint')}
          </Text>
        </Stack>
        <List listStyleType="none" spacing="xs" aria-label={t('center.firstSteps.title')}>
          {steps.map(({ step, to, hash }) => (
            <List.Item key={step} data-step={step} data-done={done[step]}>
              <Group justify="space-between" gap="xs">
                <Group gap="xs">
                  <Badge color={done[step] ? 'teal' : 'gray'} variant="light">
                    {t(done[step] ? 'center.firstSteps.done' : 'center.firstSteps.todo')}
                  </Badge>
                  <Text fw={600}>{t(`center.firstSteps.${step}`)}</Text>
                </Group>
                {!done[step] && (
                  <ButtonLink
                    to={to}
                    hash={hash}
                    size="compact-sm"
                    variant="light"
                    aria-label={`${t('center.firstSteps.go')}: ${t(`center.firstSteps.${step}`)}`}
                  >
                    {t('center.firstSteps.go')}
                  </ButtonLink>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}
