import type { FieldError } from '@machines/auth-dialog-fields';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Turns a machine's message key into the sentence, naming the field for 'please input {field}'. */
export function useFieldErrorText() {
  const { t } = useTranslation('auth');
  return useCallback(
    (error: FieldError | undefined) =>
      error ? t(error.key, { ...error.values, field: t(`names.${error.values.field}`) }) : undefined,
    [t],
  );
}
