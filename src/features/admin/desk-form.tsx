import { Alert, Button, Group } from '@mantine/core';

/**
 * The foot of a desk dialog's form: the server's refusal (already in the operator's language), then
 * cancel and submit. Cancel is held while the call runs, so a dialog never closes on a change in flight.
 */
export function DeskFormFooter({
  error,
  pending,
  submit,
  cancel,
  onCancel,
}: {
  error: Error | null;
  pending: boolean;
  submit: string;
  cancel: string;
  onCancel(): void;
}) {
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {cancel}
        </Button>
        <Button type="submit" loading={pending}>
          {submit}
        </Button>
      </Group>
    </>
  );
}
