import { Alert, Button, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/format';
import type { AccountTransferActor } from './transfer-actor';

/** Done: the balance arrived. */
export function MovedStep({ flow }: { flow: AccountTransferActor }) {
  const { t } = useTranslation('account-transfer');
  const moved = useSelector(flow, (snapshot) => snapshot.context.moved);
  return (
    <Stack gap="sm" align="flex-start">
      <Alert color="teal" role="status" data-testid="transfer-moved">
        {t('moved.done', { amount: formatAmount(moved?.amount ?? 0) })}
      </Alert>
      <Text data-testid="transfer-new-balance">
        {t('moved.balance', { amount: formatAmount(moved?.balance ?? 0) })}
      </Text>
      <Button variant="default" onClick={() => flow.send({ type: 'restart' })}>
        {t('moved.another')}
      </Button>
    </Stack>
  );
}
