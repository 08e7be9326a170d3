import { type FollowedOrder, type OrderFollowActor, selectOrderSettled } from '@machines/order-follow.machine';
import { Group, Loader, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';

/** Says the page is following the order, for as long as the order can still change by itself. */
export function OrderFollowing<TOrder extends FollowedOrder>({
  follower,
  label,
}: {
  follower: OrderFollowActor<TOrder>;
  label: string;
}) {
  const settled = useSelector(follower, selectOrderSettled);
  if (settled) return null;
  return (
    <Group gap="xs" role="status">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}
