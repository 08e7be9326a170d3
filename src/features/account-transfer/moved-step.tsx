import { Alert, Button, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/format';
import { useAccountRefresh } from '../user/use-account-refresh';
import type { AccountTransferActor } from './transfer-actor';

/** Done: the balance arrived. */
export function MovedStep({ flow }: { flow: AccountTransferActor }) {
  const { t } = useTranslation('account-transfer');
  const moved = useSelector(flow, (snapshot) => snapshot.context.moved);
  const refresh = useAccountRefresh();
  // The header's balance and the account pages follow the coins that just arrived.
  useEffect(() => refresh(), [refresh]);
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
