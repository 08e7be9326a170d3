import { changePasswordForm, type Profile, passwordMaxLength, passwordMinLength } from '@contract/auth';
import { idNumberForm, profileForm } from '@contract/user';
import {
  type accountSettingsMachine,
  profileChangesOf,
  selectIdentityLocked,
  selectIdNumberRefusals,
  selectIdNumberSaving,
  selectPasswordRefusals,
  selectPasswordSaving,
  selectProfileRefusals,
  selectProfileSaving,
  selectSavedProfile,
  selectSaves,
} from '@machines/account-settings.machine';
import {
  Button,
  Card,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import * as v from 'valibot';
import type { ActorRefFrom } from 'xstate';
import { PageFrame } from '@/components/page-frame';
import { ButtonLink } from '@/components/router-links';
import { useFieldProps, useFormError } from '@/lib/form-error';
import { currentLanguage } from '@/lib/i18n';
import { inspection } from '@/lib/inspector';
import { IdentityVerificationSection } from '../kyc/identity-verification-section';
import { kycStateQueryOptions } from '../kyc/queries';
import { LoadFailed } from './account-gates';
import { accountSettingsLogic } from './account-settings-flow';
import { countriesQueryOptions, profileQueryOptions } from './queries';
import { useAccountRefresh } from './use-account-refresh';

type AccountSettingsActor = ActorRefFrom<typeof accountSettingsMachine>;

export interface DialCodeOption {
  value: string;
  label: string;
}

/** The account-setting page: personal information, ID number, identity verification, passwords. */
export function AccountSettingsPage() {
  const { t } = useTranslation('user');
  const profile = useQuery(profileQueryOptions());
  const countries = useQuery(countriesQueryOptions(currentLanguage()));
  const dialCodes = useMemo(() => dialCodeOptions(countries.data ?? []), [countries.data]);

  let content: ReactNode;
  if ((profile.isError && !profile.data) || (countries.isError && !countries.data)) {
    content = (
      <LoadFailed
        onRetry={() => {
          void profile.refetch();
          void countries.refetch();
        }}
      />
    );
  } else if (profile.data && countries.data) {
    content = <AccountSettingsForms profile={profile.data} dialCodes={dialCodes} />;
  } else {
    content = <Skeleton h={420} radius="md" />;
  }
  return <PageFrame title={t('account:accountSetting.title')}>{content}</PageFrame>;
}

/** One entry per dialling code (several countries may share one), named by its countries. */
export function dialCodeOptions(countries: { name: string; dialCode: string }[]): DialCodeOption[] {
  const byCode = new Map<string, string[]>();
  for (const country of countries)
    byCode.set(country.dialCode, [...(byCode.get(country.dialCode) ?? []), country.name]);
  return [...byCode].map(([code, names]) => ({ value: code, label: `${code} ${names.join(' / ')}` }));
}

function AccountSettingsForms({ profile, dialCodes }: { profile: Profile; dialCodes: DialCodeOption[] }) {
  const refresh = useAccountRefresh();
  const [logic] = useState(() => accountSettingsLogic({ refresh }));
  const settings = useActorRef(logic, {
    ...inspection,
    input: { profile, dialCodes: dialCodes.map((option) => option.value) },
  });
  return (
    <AccountSettingsView
      settings={settings}
      dialCodes={dialCodes}
      hasPayPassword={profile.hasPayPassword}
      identityVerification={<IdentityVerificationSection />}
    />
  );
}

/** The page's sections, each form driven by its region of the settings machine; KYC has its own flow. */
export function AccountSettingsView({
  settings,
  dialCodes,
  hasPayPassword,
  identityVerification,
}: {
  settings: AccountSettingsActor;
  dialCodes: DialCodeOption[];
  hasPayPassword: boolean;
  identityVerification?: ReactNode;
}) {
  const saves = useSelector(settings, selectSaves);
  // A saved form starts afresh: from the profile as the server now has it, or empty.
  return (
    <Stack gap="lg">
      <ProfileSection key={`profile-${saves.profile}`} settings={settings} dialCodes={dialCodes} />
      <IdNumberSection key={`id-number-${saves.idNumber}`} settings={settings} />
      {identityVerification}
      <PasswordSection key={`password-${saves.password}`} settings={settings} />
      <PayPasswordSection hasPayPassword={hasPayPassword} />
    </Stack>
  );
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" id={id} component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id={`${id}-title`}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

function ProfileSection({ settings, dialCodes }: { settings: AccountSettingsActor; dialCodes: DialCodeOption[] }) {
  const { t } = useTranslation('user');
  const saved = useSelector(settings, selectSavedProfile);
  const refusals = useSelector(settings, selectProfileRefusals);
  const saving = useSelector(settings, selectProfileSaving);
  const locked = useSelector(settings, selectIdentityLocked);
  const [schema] = useState(() => profileForm(saved, locked));
  const form = useForm({
    initialValues: { ...saved, dialCode: saved.dialCode === '' ? null : saved.dialCode },
    validate: schemaResolver(schema, { sync: true }),
    transformValues: (values) => v.parse(schema, values),
  });
  const { setErrors } = form;
  // The server's sentence shows on its field until the player changes that field.
  useEffect(() => setErrors(refusals), [refusals, setErrors]);
  // The refused number is the code and the number together: another code is another number.
  form.watch('dialCode', () => form.clearFieldError('nationalNumber'));
  const dirty =
    Object.keys(profileChangesOf({ ...form.values, dialCode: form.values.dialCode ?? '' }, saved, locked)).length > 0;
  const fieldProps = useFieldProps(form, 'user');
  const field = (name: 'nickname' | 'dialCode' | 'nationalNumber' | 'firstName' | 'lastName' | 'pinyinName') =>
    fieldProps(name, t(`fields.${name === 'nationalNumber' ? 'phone' : name}`));
  const nameLockNote = locked ? t('settings.profile.namesLocked') : undefined;

  return (
    <Section
      id="personal-information"
      title={t('settings.profile.title')}
      description={t('settings.profile.description')}
    >
      <form
        noValidate
        aria-label={t('settings.profile.title')}
        onSubmit={form.onSubmit((values) => settings.send({ type: 'profile.submit', ...values }))}
      >
        <Stack gap="md">
          <TextInput {...field('nickname')} disabled={saving} maxLength={40} />
          <Group align="flex-start" grow wrap="nowrap">
            <Select {...field('dialCode')} data={dialCodes} disabled={saving} searchable maw={220} />
            <TextInput {...field('nationalNumber')} type="tel" inputMode="tel" disabled={saving} maxLength={20} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...field('lastName')} description={nameLockNote} disabled={saving || locked} maxLength={50} />
            <TextInput {...field('firstName')} description={nameLockNote} disabled={saving || locked} maxLength={50} />
          </SimpleGrid>
          <TextInput
            {...field('pinyinName')}
            description={
              nameLockNote ?? (
                // The example is what a Japanese bank prints, so it stays Japanese in every language.
                <Trans t={t} i18nKey="settings.profile.pinyinHint" components={{ sample: <span lang="ja-JP" /> }} />
              )
            }
            disabled={saving || locked}
            maxLength={100}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saving} disabled={!dirty}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function IdNumberSection({ settings }: { settings: AccountSettingsActor }) {
  const { t } = useTranslation('user');
  const formError = useFormError('user');
  const kyc = useQuery(kycStateQueryOptions());
  const refusals = useSelector(settings, selectIdNumberRefusals);
  const saving = useSelector(settings, selectIdNumberSaving);
  const locked = useSelector(settings, selectIdentityLocked);
  const form = useForm({
    initialValues: { idNumber: '' },
    validate: schemaResolver(idNumberForm, { sync: true }),
    transformValues: (values) => v.parse(idNumberForm, values),
  });
  const { setErrors } = form;
  useEffect(() => setErrors(refusals), [refusals, setErrors]);
  const recorded = kyc.data?.maskedIdNumber;
  const input = form.getInputProps('idNumber');
  const label = t('fields.idNumber');

  return (
    <Section id="id-number" title={t('settings.idNumber.title')} description={t('settings.idNumber.description')}>
      <Text size="sm">
        {t('settings.idNumber.recorded')}: <strong>{recorded ?? t('center.notSet')}</strong>
      </Text>
      {locked ? (
        <Text size="sm" c="dimmed">
          {t('settings.idNumber.locked')}
        </Text>
      ) : (
        <form
          noValidate
          aria-label={t('settings.idNumber.title')}
          onSubmit={form.onSubmit(({ idNumber }) => settings.send({ type: 'idNumber.submit', idNumber }))}
        >
          <Group align="flex-start">
            <TextInput
              {...input}
              label={label}
              error={formError(input.error, { field: label })}
              disabled={saving}
              maxLength={32}
              flex={1}
              autoComplete="off"
            />
            <Button type="submit" loading={saving} mt={25}>
              {t(recorded ? 'settings.idNumber.change' : 'settings.idNumber.record')}
            </Button>
          </Group>
        </form>
      )}
    </Section>
  );
}

function PasswordSection({ settings }: { settings: AccountSettingsActor }) {
  const { t } = useTranslation('user');
  const formError = useFormError('user');
  const refusals = useSelector(settings, selectPasswordRefusals);
  const saving = useSelector(settings, selectPasswordSaving);
  const form = useForm({
    initialValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    validate: schemaResolver(changePasswordForm, { sync: true }),
  });
  const { setErrors } = form;
  useEffect(() => setErrors(refusals), [refusals, setErrors]);
  const fields = [
    ['oldPassword', 'current-password'],
    ['newPassword', 'new-password'],
    ['confirmPassword', 'new-password'],
  ] as const;

  return (
    <Section id="login-password" title={t('settings.password.title')} description={t('settings.password.description')}>
      <form
        noValidate
        aria-label={t('settings.password.title')}
        onSubmit={form.onSubmit(({ oldPassword, newPassword }) =>
          settings.send({ type: 'password.submit', oldPassword, newPassword }),
        )}
      >
        <Stack gap="md">
          {fields.map(([field, autoComplete]) => {
            const input = form.getInputProps(field);
            const label = t(`fields.${field}`);
            return (
              <PasswordInput
                key={field}
                {...input}
                label={label}
                error={formError(input.error, { field: label, min: passwordMinLength, max: passwordMaxLength })}
                disabled={saving}
                autoComplete={autoComplete}
                maxLength={passwordMaxLength}
              />
            );
          })}
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {t('settings.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function PayPasswordSection({ hasPayPassword }: { hasPayPassword: boolean }) {
  const { t } = useTranslation('user');
  return (
    <Section id="pay-password" title={t('payPassword.title')} description={t('payPassword.description')}>
      <Group justify="space-between">
        <Text size="sm">{t(hasPayPassword ? 'payPassword.isSet' : 'payPassword.isNotSet')}</Text>
        {hasPayPassword ? (
          <ButtonLink to="/user/update-pay-password" variant="light">
            {t('payPassword.changeAction')}
          </ButtonLink>
        ) : (
          <ButtonLink to="/user/pay-password">{t('payPassword.setAction')}</ButtonLink>
        )}
      </Group>
    </Section>
  );
}
