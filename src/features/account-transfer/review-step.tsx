import { selectAccountTransferBusy } from '@machines/account-transfer.machine';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/format';
import type { AccountTransferActor } from './transfer-actor';

/** Step 4: the balance the old account holds; the player confirms the move. */
export function ReviewStep({ flow }: { flow: AccountTransferActor }) {
  const { t } = useTranslation('account-transfer');
  const busy = useSelector(flow, selectAccountTransferBusy);
  const found = useSelector(flow, (snapshot) => snapshot.context.found);
  return (
    <Stack gap="sm">
      <Text>{t('review.account', { oldAccount: found?.oldAccount ?? '' })}</Text>
      <Text size="xl" fw={700} data-testid="transfer-old-balance">
        {t('review.balance', { amount: formatAmount(found?.balance ?? 0) })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('review.note')}
      </Text>
      <Group>
        <Button loading={busy} onClick={() => flow.send({ type: 'move.confirm' })} data-testid="transfer-confirm">
          {t('review.confirm')}
        </Button>
        <Button variant="subtle" disabled={busy} onClick={() => flow.send({ type: 'restart' })}>
          {t('restart')}
        </Button>
      </Group>
    </Stack>
  );
}
