import { adminGameMachineSetSetting, machineSettings } from '@contract/hall-desk';
import { reasonInput } from '@contract/money';
import { Button, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { useFieldProps } from '@/lib/form-error';
import { notifySuccess } from '@/lib/notify';
import { useDeskAllows } from '../admin/desk-access';
import { DeskFormFooter } from '../admin/desk-form';
import { operatorApi } from '../admin/operator-api';
import { deskQueryKey } from '../admin/queries';

const settingForm = v.object({
  setting: v.pipe(v.string(), v.transform(Number), adminGameMachineSetSetting.body.entries.setting),
  reason: reasonInput,
});

/**
 * A pachislot machine's 設定 on the desk: the current one and a dialog that changes it with a
 * reason. The server writes the change and its audit row (from → to) together; players never see it.
 */
export function MachineSetting({
  machineId,
  setting,
  subject,
}: {
  machineId: number;
  setting: number;
  subject: string;
}) {
  const { t } = useTranslation('admin');
  const [opened, setOpened] = useState(false);
  const mayChange = useDeskAllows(adminGameMachineSetSetting);
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={700}>
        {t('games.setting.value', { value: setting })}
      </Text>
      {mayChange && (
        <Button
          size="xs"
          variant="light"
          onClick={() => setOpened(true)}
          aria-label={`${t('games.setting.change')}: ${subject}`}
        >
          {t('games.setting.change')}
        </Button>
      )}
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('games.setting.title', { subject })} size={460}>
        {opened && (
          <SettingForm machineId={machineId} setting={setting} subject={subject} onDone={() => setOpened(false)} />
        )}
      </Modal>
    </Group>
  );
}

function SettingForm({
  machineId,
  setting,
  subject,
  onDone,
}: {
  machineId: number;
  setting: number;
  subject: string;
  onDone(): void;
}) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { setting: String(setting), reason: '' },
    validate: schemaResolver(settingForm, { sync: true }),
  });
  const save = useMutation({
    mutationFn: (values: v.InferOutput<typeof settingForm>) =>
      operatorApi.call(adminGameMachineSetSetting, { machineId, ...values }, { silent: true }),
    onSuccess: (_, values) => {
      notifySuccess(t('games.setting.saved', { subject, value: values.setting }));
      void queryClient.invalidateQueries({ queryKey: deskQueryKey });
      onDone();
    },
  });
  const field = useFieldProps(form, 'admin');
  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(v.parse(settingForm, values)))}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('games.setting.hint')}
        </Text>
        <NativeSelect
          {...field('setting', t('games.setting.new'))}
          data={machineSettings.map((value) => ({ value: String(value), label: t('games.setting.value', { value }) }))}
        />
        <Textarea {...field('reason', t('games.setting.reason'))} maxLength={500} autosize minRows={2} required />
        <DeskFormFooter
          error={save.error}
          pending={save.isPending}
          submit={t('games.setting.save')}
          cancel={t('games.setting.cancel')}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
