import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The way back from a withdrawal that still waits for its review: the button while it may be
 * cancelled, and the server's sentence when the desk started the review first.
 */
export function CancelRequest({
  cancellable,
  cancelling,
  refusal,
  onCancel,
}: {
  cancellable: boolean;
  cancelling: boolean;
  refusal: string | null;
  onCancel(): void;
}) {
  const { t } = useTranslation('finance');
  if (!cancellable && !refusal) return null;
  return (
    <Stack gap="xs" align="flex-start">
      {refusal && (
        <Alert color="red" variant="light" role="alert">
          {refusal}
        </Alert>
      )}
      {cancellable && (
        <>
          <Text size="sm" c="dimmed">
            {t('withdraw.cancelHint')}
          </Text>
          <Button size="sm" variant="light" color="red" loading={cancelling} onClick={onCancel}>
            {t('withdraw.cancel')}
          </Button>
        </>
      )}
    </Stack>
  );
}
