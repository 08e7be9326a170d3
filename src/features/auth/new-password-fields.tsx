import { passwordMaxLength } from '@contract/auth';
import { passwordStrength } from '@machines/password-strength';
import { PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuthFieldProps } from './auth-form-parts';
import { PasswordStrengthMeter } from './password-strength-meter';

/** A new password with its strength bars and its confirmation, as registration and recovery ask. */
export function NewPasswordFields(props: {
  label: string;
  password: AuthFieldProps;
  confirmPassword: AuthFieldProps;
  disabled: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Stack gap={6}>
        <PasswordInput
          {...props.password}
          label={props.label}
          disabled={props.disabled}
          autoComplete="new-password"
          maxLength={passwordMaxLength}
        />
        <PasswordStrengthMeter strength={passwordStrength(String(props.password.value ?? ''))} />
      </Stack>
      <PasswordInput
        {...props.confirmPassword}
        label={t('labels.confirmPassword')}
        disabled={props.disabled}
        autoComplete="new-password"
        maxLength={passwordMaxLength}
      />
    </>
  );
}
