import { changePayPasswordForm, passwordMaxLength, setPayPasswordForm } from '@contract/auth';
import {
  type PayPasswordIntent,
  type payPasswordMachine,
  selectPayPasswordFields,
  selectPayPasswordRefusals,
  selectPayPasswordSaving,
  selectPayPasswordStage,
} from '@machines/pay-password.machine';
import { Alert, Button, Card, Group, PasswordInput, Skeleton, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { PageFrame } from '@/components/page-frame';
import { ButtonLink } from '@/components/router-links';
import { useFormError } from '@/lib/form-error';
import { inspection } from '@/lib/inspector';
import { LoadFailed } from './account-gates';
import { payPasswordLogic } from './pay-password-flow';
import { profileQueryOptions } from './queries';
import { useAccountRefresh } from './use-account-refresh';

type PayPasswordActor = ActorRefFrom<typeof payPasswordMachine>;

/** The pay-password page (intent "set") and the update-pay-password page (intent "change"). */
export function PayPasswordPage({ intent }: { intent: PayPasswordIntent }) {
  const { t } = useTranslation('user');
  const profile = useQuery(profileQueryOptions());
  const title = t(intent === 'set' ? 'account:payPassword.title' : 'account:updatePayPassword.title');
  return (
    <PageFrame title={title} description={t('payPassword.description')}>
      {profile.isError && !profile.data ? (
        <LoadFailed onRetry={() => void profile.refetch()} />
      ) : profile.data ? (
        <PayPasswordFlow intent={intent} hasPayPassword={profile.data.hasPayPassword} />
      ) : (
        <Skeleton h={260} radius="md" />
      )}
    </PageFrame>
  );
}

function PayPasswordFlow({ intent, hasPayPassword }: { intent: PayPasswordIntent; hasPayPassword: boolean }) {
  const refresh = useAccountRefresh();
  const [logic] = useState(() => payPasswordLogic({ refresh }));
  const flow = useActorRef(logic, { ...inspection, input: { intent, hasPayPassword } });
  return <PayPasswordView flow={flow} />;
}

/** One view per state of the pay-password machine. */
export function PayPasswordView({ flow }: { flow: PayPasswordActor }) {
  const stage = useSelector(flow, selectPayPasswordStage);
  const { t } = useTranslation('user');
  if (stage === 'alreadySet') {
    return (
      <Alert color="blue" title={t('payPassword.alreadySet.title')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('payPassword.alreadySet.message')}</Text>
          <ButtonLink to="/user/update-pay-password" size="sm">
            {t('payPassword.changeAction')}
          </ButtonLink>
        </Stack>
      </Alert>
    );
  }
  if (stage === 'notSetYet') {
    return (
      <Alert color="orange" title={t('payPassword.notSetYet.title')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('payPassword.notSetYet.message')}</Text>
          <ButtonLink to="/user/pay-password" size="sm">
            {t('payPassword.setAction')}
          </ButtonLink>
        </Stack>
      </Alert>
    );
  }
  if (stage === 'saved') {
    return (
      <Alert color="teal" title={t('payPassword.done.title')} role="status">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('payPassword.done.message')}</Text>
          <Group gap="xs">
            <ButtonLink to="/user/finance/withdraw" size="sm">
              {t('center.withdraw')}
            </ButtonLink>
            <ButtonLink to="/user/account-setting" size="sm" variant="default">
              {t('account:accountSetting.title')}
            </ButtonLink>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return <PayPasswordForm flow={flow} />;
}

function PayPasswordForm({ flow }: { flow: PayPasswordActor }) {
  const { t } = useTranslation('user');
  const formError = useFormError('user');
  const fields = useSelector(flow, selectPayPasswordFields);
  const refusals = useSelector(flow, selectPayPasswordRefusals);
  const saving = useSelector(flow, selectPayPasswordSaving);
  const setting = fields.includes('password');
  const form = useForm({
    initialValues: { password: '', oldPayPassword: '', newPayPassword: '', confirmPayPassword: '' },
    validate: schemaResolver(setting ? setPayPasswordForm : changePayPasswordForm, { sync: true }),
  });
  const { setErrors } = form;
  // The server's sentence shows on its field until the player changes that field.
  useEffect(() => setErrors(refusals), [refusals, setErrors]);

  return (
    <Card withBorder radius="md" padding="lg">
      <form
        noValidate
        aria-label={t('payPassword.title')}
        onSubmit={form.onSubmit(({ password, oldPayPassword, newPayPassword }) =>
          flow.send(
            setting
              ? { type: 'form.submit', newPayPassword, password }
              : { type: 'form.submit', newPayPassword, oldPayPassword },
          ),
        )}
      >
        <Stack gap="md">
          {fields.map((field) => {
            const isLoginPassword = field === 'password';
            const input = form.getInputProps(field);
            const label = t(`fields.${field}`);
            return (
              <PasswordInput
                key={field}
                {...input}
                label={label}
                error={formError(input.error, { field: label })}
                description={field === 'newPayPassword' ? t('payPassword.rule') : undefined}
                disabled={saving}
                inputMode={isLoginPassword ? undefined : 'numeric'}
                maxLength={isLoginPassword ? passwordMaxLength : 6}
                autoComplete={isLoginPassword ? 'current-password' : 'off'}
              />
            );
          })}
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {t('payPassword.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
