import { locales } from '@contract/locales';
import {
  adminSupportSettingsQuery,
  adminSupportSettingsSet,
  type SupportSettings,
  supportSettings,
} from '@contract/support';
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/lib/api-client';
import { useFormError } from '@/lib/form-error';
import { languageNames } from '@/lib/i18n';
import { DeskPage } from '../admin/desk-list';
import { operatorApi } from '../admin/operator-api';
import { deskQueryKey } from '../admin/queries';
import { LoadFailed } from '../user/account-gates';

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
  const formError = useFormError('support');
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: saved, validate: schemaResolver(supportSettings, { sync: true }) });
  const save = useMutation({
    mutationFn: (settings: SupportSettings) => operatorApi.call(adminSupportSettingsSet, settings, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskQueryKey }),
    onError: (error) => {
      if (error instanceof ApiCallError) form.setErrors(error.fields);
    },
  });
  const refusedFields = save.error instanceof ApiCallError ? Object.keys(save.error.fields) : [];
  const field = (path: string, label: string) => {
    const input = form.getInputProps(path);
    return <TextInput key={form.key(path)} {...input} label={label} error={formError(input.error, { field: label })} />;
  };
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="form"
      onSubmit={form.onSubmit((values) => save.mutate(values))}
    >
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('desk.appLinks')}
        </Title>
        {appLinkFields.map((name) => field(name, t(`desk.fields.${name}`)))}
        <Title order={2} size="h4">
          {t('desk.channels')}
        </Title>
        {channelFields.map((name) => field(name, t(`desk.fields.${name}`)))}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {locales.map((locale) => field(`hours.${locale}`, t('desk.hoursIn', { language: languageNames[locale] })))}
        </SimpleGrid>
        {save.isSuccess && (
          <Alert color="teal" role="status">
            {t('desk.saved')}
          </Alert>
        )}
        {save.error && refusedFields.length === 0 && (
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
