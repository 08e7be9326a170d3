import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const statusColors: Record<string, string> = {
  pendingPayment: 'yellow',
  paymentSuccessful: 'teal',
  refundInProcess: 'orange',
  refundSuccessful: 'gray',
  inProgress: 'yellow',
  successful: 'teal',
  failed: 'red',
  withdrawalReview: 'yellow',
  withdrawing: 'blue',
  withdrawalSuccessful: 'teal',
  withdrawalFailed: 'red',
  withdrawalCancelled: 'gray',
};

/** A deposit's or a withdrawal's status, named as the records name it. */
export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('record');
  return (
    <Badge color={statusColors[status] ?? 'gray'} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}
