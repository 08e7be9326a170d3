import type { PaymentInstructions } from '@contract/deposit';
import { Button, Card, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/format';

type BankTransfer = Extract<PaymentInstructions, { kind: 'bankTransfer' }>;

interface TransferField {
  label: string;
  /** As shown. */
  shown: string;
  /** As the player pastes it into their bank's form: the yen amount without grouping. */
  copied: string;
}

/** One fact of the transfer with a button that copies it, so nothing has to be typed over by hand. */
function CopyableField({ field }: { field: TransferField }) {
  const { t } = useTranslation('finance');
  const copyLabel = t('deposit.transfer.copy', { field: field.label });
  const copiedLabel = t('deposit.transfer.copied', { field: field.label });
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {field.label}
      </Text>
      <Group component="dd" m={0} gap="xs" wrap="nowrap" justify="space-between">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {field.shown}
        </Text>
        <CopyButton value={field.copied} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              size="compact-sm"
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'teal' : undefined}
              onClick={copy}
              aria-label={copied ? copiedLabel : copyLabel}
            >
              {copied ? t('deposit.transfer.copiedShort') : t('deposit.transfer.copyShort')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}

/** Where to send a bank transfer and how much, each fact with its copy button. */
export function BankTransferDetails({ instructions }: { instructions: BankTransfer }) {
  const { t } = useTranslation('finance');
  const plain = (label: string, value: string): TransferField => ({ label, shown: value, copied: value });
  const fields: TransferField[] = [
    {
      label: t('deposit.transfer.amount'),
      shown: t('units.yenAmount', { amount: formatAmount(instructions.yenAmount) }),
      copied: String(instructions.yenAmount),
    },
    plain(t('deposit.transfer.bank'), instructions.bankName),
    plain(t('deposit.transfer.branch'), instructions.branchName),
    plain(t('deposit.transfer.branchCode'), instructions.branchCode),
    plain(t('deposit.transfer.accountType'), instructions.accountType),
    plain(t('deposit.transfer.account'), instructions.accountNumber),
    plain(t('deposit.transfer.holder'), instructions.accountHolder),
    plain(t('deposit.transfer.note'), instructions.transferNote),
  ];
  return (
    <Card bg="gray.0" radius="sm" padding="md" aria-label={t('deposit.transfer.title')}>
      <Stack gap="xs">
        <Text size="sm">{t('deposit.transfer.amountHint')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" m={0}>
          {fields.map((field) => (
            <CopyableField key={field.label} field={field} />
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
