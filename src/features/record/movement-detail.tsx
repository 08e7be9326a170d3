import type { BalanceMovement, BalanceMovementKind } from '@contract/record';
import { Button, CopyButton, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { enumLabelKey } from '@/lib/enum-labels';
import { formatAmount, formatDateTime } from '@/lib/format';

/** A balance movement's name as the records show it: every kind has a label (src/lib/enum-labels.ts). */
export function movementKindLabel(t: (key: string) => string, kind: BalanceMovementKind) {
  return t(enumLabelKey('balanceMovementKind', kind));
}

export function signedCoins(amount: number): string {
  return `${amount > 0 ? '+' : ''}${formatAmount(amount)}`;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm">
        {children}
      </Text>
    </>
  );
}

/**
 * One balance movement in full (docs/requirements.md §5.12): what it was, the coins, what the player
 * could spend after it, when, its reference to copy, and the order's status, channel, fee and reason.
 */
export function MovementDetail({ movement, onClose }: { movement: BalanceMovement | null; onClose(): void }) {
  const { t } = useTranslation('record');
  return (
    <Modal opened={movement !== null} onClose={onClose} title={t('detail.title')} centered>
      {movement && (
        <Stack gap="md">
          <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing="xs" m={0}>
            <Field label={t('columns.kind')}>{movementKindLabel(t, movement.kind)}</Field>
            <Field label={t('detail.amount')}>{t('coins', { amount: signedCoins(movement.amount) })}</Field>
            <Field label={t('columns.balanceAfter')}>
              <span data-testid="movement-balance-after">
                {t('coins', { amount: formatAmount(movement.balanceAfter) })}
              </span>
            </Field>
            <Field label={t('columns.createdAt')}>{formatDateTime(movement.createdAt)}</Field>
            <Field label={t('columns.reference')}>
              <Text component="span" ff="monospace" size="sm" data-testid="movement-reference">
                {movement.reference}
              </Text>
            </Field>
            <Field label={t('columns.status')}>
              {movement.status ? <OrderStatusBadge status={movement.status} /> : t('detail.done')}
            </Field>
            {movement.channel !== null && <Field label={t('detail.channel')}>{movement.channel}</Field>}
            {movement.fee !== null && (
              <Field label={t('columns.fee')}>{t('coins', { amount: formatAmount(movement.fee) })}</Field>
            )}
            {movement.failureReason && <Field label={t('detail.failureReason')}>{movement.failureReason}</Field>}
          </SimpleGrid>
          <Group justify="space-between">
            <CopyButton value={movement.reference} timeout={2000}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? t('detail.copied') : t('detail.copyReference')}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              {t('detail.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
