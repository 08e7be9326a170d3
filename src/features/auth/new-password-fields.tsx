import { passwordMaxLength } from '@contract/auth';
import type { FieldError } from '@machines/auth-dialog-fields';
import type { PasswordStrength } from '@machines/password-strength';
import { PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordStrengthMeter } from './password-strength-meter';
import { useFieldErrorText } from './use-field-error-text';

/** A new password with its strength bars and its confirmation, as registration and recovery ask. */
export function NewPasswordFields(props: {
  label: string;
  password: string;
  confirmPassword: string;
  passwordError: FieldError | undefined;
  confirmPasswordError: FieldError | undefined;
  strength: PasswordStrength;
  disabled: boolean;
  onPasswordChange(value: string): void;
  onConfirmPasswordChange(value: string): void;
}) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  return (
    <>
      <Stack gap={6}>
        <PasswordInput
          label={props.label}
          value={props.password}
          onChange={(event) => props.onPasswordChange(event.currentTarget.value)}
          error={errorText(props.passwordError)}
          disabled={props.disabled}
          autoComplete="new-password"
          maxLength={passwordMaxLength}
        />
        <PasswordStrengthMeter strength={props.strength} />
      </Stack>
      <PasswordInput
        label={t('labels.confirmPassword')}
        value={props.confirmPassword}
        onChange={(event) => props.onConfirmPasswordChange(event.currentTarget.value)}
        error={errorText(props.confirmPasswordError)}
        disabled={props.disabled}
        autoComplete="new-password"
        maxLength={passwordMaxLength}
      />
    </>
  );
}
