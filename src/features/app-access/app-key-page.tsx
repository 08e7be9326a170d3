import {
  type AuthenticatorKey,
  authenticatorKeyBind,
  authenticatorKeyReset,
  authenticatorKeyResetConfirm,
  authenticatorKeyWebSignIn,
} from '@contract/user';
import {
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Modal,
  PasswordInput,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { PageFrame } from '@/components/page-frame';
import { ApiCallError, api } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { LoadFailed } from '../user/account-gates';
import { appKeyQueryOptions } from './queries';

/** The server's message for a field, or its whole message when it named none. */
function refusalOn(field: string, error: unknown): string | null {
  if (!(error instanceof ApiCallError)) return null;
  return error.fields[field] ?? error.message;
}

function useKeyChange<TInput>(call: (input: TInput) => Promise<AuthenticatorKey>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (key) => {
      queryClient.setQueryData(appKeyQueryOptions().queryKey, key);
      notifySuccess(done);
    },
  });
}

/** The authenticator key: shown and bound with a code, then the web sign-in switch and its replacement (docs/requirements.md §14.2-§14.4). */
export function AppKeyPage() {
  const { t } = useTranslation('account');
  const key = useQuery(appKeyQueryOptions());
  return (
    <PageFrame title={t('appKey.title')}>
      {key.data ? (
        key.data.boundAt ? (
          <BoundKey appKey={key.data} boundAt={key.data.boundAt} />
        ) : (
          <UnboundKey appKey={key.data} />
        )
      ) : key.isError ? (
        <LoadFailed onRetry={() => void key.refetch()} />
      ) : (
        <Skeleton h={320} radius="md" />
      )}
    </PageFrame>
  );
}

type CodeInputProps = Pick<ReturnType<ReturnType<typeof useForm>['getInputProps']>, 'value' | 'onChange' | 'error'>;

/** Six digits of an authenticator app, a form's field; its message is the server's refusal of the last try. */
function CodeInput(props: CodeInputProps) {
  const { t } = useTranslation('app-access');
  return (
    <TextInput
      {...props}
      label={t('key.code')}
      description={t('key.codeHint')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      w={220}
    />
  );
}

const bindForm = authenticatorKeyBind.body;

function UnboundKey({ appKey }: { appKey: AuthenticatorKey }) {
  const { t } = useTranslation('app-access');
  const form = useForm({
    initialValues: { totpCode: '' },
    validate: schemaResolver(bindForm, { sync: true }),
    transformValues: (values) => v.parse(bindForm, values),
  });
  const bind = useKeyChange(
    (totpCode: string) => api.call(authenticatorKeyBind, { totpCode }, { silent: true }),
    t('key.boundDone'),
  );
  const submit = form.onSubmit(({ totpCode }) =>
    bind.mutate(totpCode, {
      // A refused code is used up: the field starts empty, with the server's reason.
      onError: (error) => {
        form.setFieldValue('totpCode', '');
        form.setFieldError('totpCode', refusalOn('totpCode', error));
      },
    }),
  );
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group gap="xs">
          <Badge color="gray" variant="light">
            {t('key.notBound')}
          </Badge>
        </Group>
        <Text>{t('key.intro')}</Text>
        <Group align="flex-start" gap="xl" wrap="wrap">
          {appKey.otpauthUri && (
            <QRCodeSVG
              value={appKey.otpauthUri}
              size={176}
              marginSize={2}
              title={t('key.qrLabel')}
              role="img"
              aria-label={t('key.qrLabel')}
            />
          )}
          <Stack gap="md" style={{ flex: '1 1 18rem' }}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={t('key.secret')}
                value={appKey.secret ?? ''}
                readOnly
                ff="monospace"
                style={{ flex: 1 }}
                data-testid="app-key-secret"
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton value={appKey.secret ?? ''} timeout={2000}>
                {({ copied, copy }) => (
                  <Button variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} onClick={copy}>
                    {copied ? t('key.copied') : t('key.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <form noValidate onSubmit={submit} aria-label={t('key.bind')}>
              <Group align="flex-start" gap="sm">
                <CodeInput {...form.getInputProps('totpCode')} />
                <Button type="submit" mt={44} loading={bind.isPending} disabled={!form.isValid()}>
                  {t('key.bind')}
                </Button>
              </Group>
            </form>
          </Stack>
        </Group>
      </Stack>
    </Card>
  );
}

function BoundKey({ appKey, boundAt }: { appKey: AuthenticatorKey; boundAt: string }) {
  const { t } = useTranslation('app-access');
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Group gap="xs">
            <Badge color="teal" variant="light" data-testid="app-key-status">
              {t('key.bound')}
            </Badge>
            <Text size="sm" c="dimmed">
              {t('key.boundAt', { date: formatDateTime(boundAt) })}
            </Text>
          </Group>
          <Text>{t('key.boundText')}</Text>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <WebSignInForm appKey={appKey} />
      </Card>
      <KeyReset />
    </Stack>
  );
}

const webSignInForm = authenticatorKeyWebSignIn.body;

/**
 * The code step of the web sign-in: a form of the switch and a current code. The switch starts at
 * the server's setting and sends the form when turned: the server is asked at once, and a refusal
 * turns the switch back.
 */
function WebSignInForm({ appKey }: { appKey: AuthenticatorKey }) {
  const { t } = useTranslation('app-access');
  const form = useForm({
    initialValues: { enabled: appKey.webSignIn, totpCode: '' },
    validate: schemaResolver(webSignInForm, { sync: true }),
    transformValues: (values) => v.parse(webSignInForm, values),
  });
  const webSignIn = useKeyChange(
    (change: { enabled: boolean; totpCode: string }) => api.call(authenticatorKeyWebSignIn, change, { silent: true }),
    t('key.webSignInChanged'),
  );
  const send = form.onSubmit((change) =>
    webSignIn.mutate(change, {
      // Each code works once: the field starts empty after every try.
      onSuccess: () => form.setFieldValue('totpCode', ''),
      onError: (error) => {
        form.setValues({ enabled: appKey.webSignIn, totpCode: '' });
        form.setFieldError('totpCode', refusalOn('totpCode', error));
      },
    }),
  );
  form.watch('enabled', ({ value }) => {
    if (value !== appKey.webSignIn) send();
  });
  return (
    <form noValidate onSubmit={send} aria-label={t('key.webSignIn')}>
      <Stack gap="sm">
        <Switch
          {...form.getInputProps('enabled', { type: 'checkbox' })}
          label={t('key.webSignIn')}
          disabled={!form.isValid() || webSignIn.isPending}
        />
        <Text size="sm" c="dimmed">
          {t('key.webSignInHint')}
        </Text>
        <CodeInput {...form.getInputProps('totpCode')} />
      </Stack>
    </form>
  );
}

const resetConfirmForm = authenticatorKeyResetConfirm.body;

/** Replacement: the pay password allows it, then the new key replaces the old at once. */
function KeyReset() {
  const { t } = useTranslation('app-access');
  const [open, setOpen] = useState(false);
  const form = useForm({
    initialValues: { payPassword: '' },
    validate: schemaResolver(resetConfirmForm, { sync: true }),
  });
  const reset = useKeyChange(async (given: string) => {
    await api.call(authenticatorKeyResetConfirm, { payPassword: given }, { silent: true });
    return api.call(authenticatorKeyReset, {});
  }, t('key.resetDone'));
  const close = () => {
    setOpen(false);
    form.reset();
    reset.reset();
  };
  const submit = form.onSubmit(({ payPassword }) =>
    reset.mutate(payPassword, {
      onSuccess: close,
      onError: (error) => form.setFieldError('payPassword', refusalOn('payPassword', error)),
    }),
  );
  return (
    <>
      <Group>
        <Button variant="outline" color="red" onClick={() => setOpen(true)}>
          {t('key.reset')}
        </Button>
      </Group>
      <Modal opened={open} onClose={close} title={t('key.resetTitle')}>
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <Text>{t('key.resetBody')}</Text>
            <PasswordInput
              {...form.getInputProps('payPassword')}
              label={t('key.payPassword')}
              inputMode="numeric"
              maxLength={6}
              autoComplete="off"
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close}>
                {t('key.cancel')}
              </Button>
              <Button type="submit" color="red" loading={reset.isPending} disabled={!form.isValid()}>
                {t('key.resetConfirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
