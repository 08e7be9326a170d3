import type { FieldError } from '@machines/auth-dialog-fields';
import { Button, Group, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from './use-field-error-text';

/* Fields and buttons that login, registration and recovery share; each form's machine owns the values. */

interface FieldProps {
  value: string;
  error: FieldError | undefined;
  disabled: boolean;
  onChange(value: string): void;
}

/** A form's submit handler: the machine decides whether the values can go. */
export function submitsTo(flow: { send(event: { type: 'form.submit' }): void }) {
  return (event: FormEvent) => {
    event.preventDefault();
    flow.send({ type: 'form.submit' });
  };
}

/** The account name a player signs in or recovers a password with. */
export function AccountField(props: FieldProps) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  return (
    <TextInput
      label={t('labels.account')}
      placeholder={t('placeholders.account')}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      error={errorText(props.error)}
      disabled={props.disabled}
      autoComplete="username"
      maxLength={254}
    />
  );
}

/** The six-digit code mailed to the player. */
export function EmailCodeField(props: FieldProps) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  return (
    <TextInput
      label={t('labels.code')}
      placeholder={t('placeholders.code')}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      error={errorText(props.error)}
      disabled={props.disabled}
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
