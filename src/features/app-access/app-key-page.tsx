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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/** Six digits of the authenticator app; its message is the server's refusal of the last try. */
function CodeInput({ value, onChange, error }: { value: string; onChange(value: string): void; error: string | null }) {
  const { t } = useTranslation('app-access');
  return (
    <TextInput
      label={t('key.code')}
      description={t('key.codeHint')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      w={220}
    />
  );
}

function UnboundKey({ appKey }: { appKey: AuthenticatorKey }) {
  const { t } = useTranslation('app-access');
  const [code, setCode] = useState('');
  const bind = useKeyChange(
    (totpCode: string) => api.call(authenticatorKeyBind, { totpCode }, { silent: true }),
    t('key.boundDone'),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    bind.mutate(code.trim(), { onError: () => setCode('') });
  };
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
                <CodeInput value={code} onChange={setCode} error={refusalOn('totpCode', bind.error)} />
                <Button type="submit" mt={44} loading={bind.isPending} disabled={!/^\d{6}$/.test(code.trim())}>
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
  const [code, setCode] = useState('');
  const webSignIn = useKeyChange(
    (enabled: boolean) => api.call(authenticatorKeyWebSignIn, { enabled, totpCode: code.trim() }, { silent: true }),
    t('key.webSignInChanged'),
  );
  const codeReady = /^\d{6}$/.test(code.trim());
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
        <Stack gap="sm">
          <Switch
            label={t('key.webSignIn')}
            checked={appKey.webSignIn}
            disabled={!codeReady || webSignIn.isPending}
            onChange={(event) => webSignIn.mutate(event.currentTarget.checked, { onSettled: () => setCode('') })}
          />
          <Text size="sm" c="dimmed">
            {t('key.webSignInHint')}
          </Text>
          <CodeInput value={code} onChange={setCode} error={refusalOn('totpCode', webSignIn.error)} />
        </Stack>
      </Card>
      <KeyReset />
    </Stack>
  );
}

/** Replacement: the pay password allows it, then the new key replaces the old at once. */
function KeyReset() {
  const { t } = useTranslation('app-access');
  const [open, setOpen] = useState(false);
  const [payPassword, setPayPassword] = useState('');
  const reset = useKeyChange(async (given: string) => {
    await api.call(authenticatorKeyResetConfirm, { payPassword: given }, { silent: true });
    return api.call(authenticatorKeyReset, {});
  }, t('key.resetDone'));
  const close = () => {
    setOpen(false);
    setPayPassword('');
    reset.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate(payPassword, { onSuccess: close });
  };
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
              label={t('key.payPassword')}
              value={payPassword}
              onChange={(event) => setPayPassword(event.currentTarget.value)}
              error={refusalOn('payPassword', reset.error)}
              inputMode="numeric"
              maxLength={6}
              autoComplete="off"
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close}>
                {t('key.cancel')}
              </Button>
              <Button type="submit" color="red" loading={reset.isPending} disabled={payPassword === ''}>
                {t('key.resetConfirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
