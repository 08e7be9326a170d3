import { type Locale, locales } from '@contract/locales';
import { adminSupportSettingsQuery, adminSupportSettingsSet, type SupportSettings } from '@contract/support';
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/lib/api-client';
import { languageNames } from '@/lib/i18n';
import { LoadFailed } from '../user/account-gates';
import { DeskPage } from './desk-list';
import { operatorApi } from './operator-api';
import { deskQueryKey } from './queries';

const settingsQuery = {
  queryKey: [...deskQueryKey, 'support-settings'],
  queryFn: () => operatorApi.call(adminSupportSettingsQuery, {}),
  staleTime: 0,
};

type LinkField = Exclude<keyof SupportSettings, 'hours'>;
const appLinkFields: LinkField[] = ['appStoreUrl', 'googlePlayUrl', 'directDownloadUrl'];
const channelFields: LinkField[] = ['email', 'lineId', 'lineUrl'];

/** The app links and support channels (docs/requirements.md §15.1); an empty field is not shown to players. */
export function SupportSettingsPage() {
  const { t } = useTranslation('support');
  const settings = useQuery(settingsQuery);
  return (
    <DeskPage title={t('desk.settingsTitle')} description={t('desk.settingsDescription')}>
      {settings.isPending && <Skeleton height={320} radius="md" aria-busy="true" />}
      {settings.isError && <LoadFailed onRetry={() => void settings.refetch()} />}
      {settings.data && <SettingsForm saved={settings.data} />}
    </DeskPage>
  );
}

function SettingsForm({ saved }: { saved: SupportSettings }) {
  const { t } = useTranslation('support');
  const queryClient = useQueryClient();
  const [value, setValue] = useState(saved);
  const save = useMutation({
    mutationFn: (settings: SupportSettings) => operatorApi.call(adminSupportSettingsSet, settings, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskQueryKey }),
  });
  const fields = save.error instanceof ApiCallError ? save.error.fields : {};
  const input = (field: LinkField) => (
    <TextInput
      key={field}
      label={t(`desk.fields.${field}`)}
      value={value[field]}
      error={fields[field]}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setValue((current) => ({ ...current, [field]: text }));
      }}
    />
  );
  const hoursInput = (locale: Locale) => (
    <TextInput
      key={locale}
      label={t('desk.hoursIn', { language: languageNames[locale] })}
      value={value.hours[locale]}
      error={fields[`hours.${locale}`]}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setValue((current) => ({ ...current, hours: { ...current.hours, [locale]: text } }));
      }}
    />
  );
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(value);
      }}
    >
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('desk.appLinks')}
        </Title>
        {appLinkFields.map(input)}
        <Title order={2} size="h4">
          {t('desk.channels')}
        </Title>
        {channelFields.map(input)}
        <SimpleGrid cols={{ base: 1, md: 2 }}>{locales.map(hoursInput)}</SimpleGrid>
        {save.isSuccess && (
          <Alert color="teal" role="status">
            {t('desk.saved')}
          </Alert>
        )}
        {save.error && Object.keys(fields).length === 0 && (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('desk.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
