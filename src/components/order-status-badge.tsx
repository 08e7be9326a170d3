import type { MovementOrderStatus } from '@contract/record';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { enumLabelKey } from '@/lib/enum-labels';

const statusColors: Record<MovementOrderStatus, string> = {
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
  confirming: 'yellow',
  credited: 'teal',
  belowMinimum: 'orange',
  dropped: 'red',
};

/** A deposit's or a withdrawal's status, named as the records name it. */
export function OrderStatusBadge({ status }: { status: MovementOrderStatus }) {
  const { t } = useTranslation('record');
  return (
    <Badge color={statusColors[status]} variant="light">
      {t(enumLabelKey('movementOrderStatus', status))}
    </Badge>
  );
}
