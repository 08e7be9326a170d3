import { passwordMaxLength, passwordMinLength } from '@contract/auth';
import { Button, Group, TextInput } from '@mantine/core';
import type { GetInputPropsOptions, GetInputPropsReturnType } from '@mantine/form';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormError } from '@/lib/form-error';

/* Fields and buttons that login, registration and recovery share; each form's `useForm` owns the values. */

/** A field's props from its form, with its message in words. */
export type AuthFieldProps = GetInputPropsReturnType & { error: string | undefined };

interface FormWithInputs {
  getInputProps(path: string, options?: GetInputPropsOptions): GetInputPropsReturnType;
}

/**
 * A field's props from `form.getInputProps`, its message (a contract key, or the server's sentence)
 * in words: `name` is the field's name in 'please input {field}' (`auth:names.*`).
 */
export function useAuthField() {
  const { t } = useTranslation('auth');
  const formError = useFormError('auth');
  return useCallback(
    (form: FormWithInputs, path: string, name: string, options?: GetInputPropsOptions): AuthFieldProps => {
      const input = form.getInputProps(path, options);
      const values = { field: t(`names.${name}`), min: passwordMinLength, max: passwordMaxLength };
      return { ...input, error: formError(input.error, values) };
    },
    [t, formError],
  );
}

/** The account name a player signs in or recovers a password with. */
export function AccountField({ field, disabled }: { field: AuthFieldProps; disabled: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      {...field}
      label={t('labels.account')}
      placeholder={t('placeholders.account')}
      disabled={disabled}
      autoComplete="username"
      maxLength={254}
    />
  );
}

/** The six-digit code mailed to the player. */
export function EmailCodeField({ field, disabled }: { field: AuthFieldProps; disabled: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      {...field}
      label={t('labels.code')}
      placeholder={t('placeholders.code')}
      disabled={disabled}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
    />
  );
}

/** The second step's buttons: back to the first step, and send. */
export function StepButtons(props: { backLabel: string; submitLabel: string; busy: boolean; onBack(): void }) {
  return (
    <Group grow>
      <Button variant="default" onClick={props.onBack} disabled={props.busy}>
        {props.backLabel}
      </Button>
      <Button type="submit" loading={props.busy}>
        {props.submitLabel}
      </Button>
    </Group>
  );
}
