import { aliasAccountReset } from '@contract/user';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { aliasAccountQueryOptions } from './queries';

/** Resets the app alias after the player confirms it (docs/requirements.md §14.1). */
export function AliasResetButton() {
  const { t } = useTranslation('app-access');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: () => api.call(aliasAccountReset, {}),
    onSuccess: (alias) => {
      queryClient.setQueryData(aliasAccountQueryOptions().queryKey, alias);
      setConfirming(false);
      notifySuccess(t('alias.resetDone', { alias: alias.aliasAccount }));
    },
  });
  return (
    <>
      <Button size="compact-sm" variant="subtle" onClick={() => setConfirming(true)}>
        {t('alias.reset')}
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('alias.resetTitle')}>
        <Stack gap="md">
          <Text>{t('alias.resetBody')}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('alias.cancel')}
            </Button>
            <Button color="red" loading={reset.isPending} onClick={() => reset.mutate()}>
              {t('alias.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
