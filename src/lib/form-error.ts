import type { LooseKeys, UseFormReturnType } from '@mantine/form';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const messageKey = /^[\w-]+(\.[\w-]+)+$/;

/**
 * A form field's error as text. Contract schemas name their messages as keys (`validation.*`): the
 * form's own namespace is tried first, then the server's, which words the common ones with the
 * field's label as the server would; a key neither has reads as the server's "invalid". A message
 * that is no key is the server's own sentence for a field it refused (already in the reader's
 * language) and is shown as it is.
 */
export function useFormError(namespace: string) {
  const { t, i18n } = useTranslation([namespace, 'server']);
  return useCallback(
    (error: unknown, values: Record<string, string | number> = {}): string | undefined => {
      if (typeof error !== 'string' || error === '') return undefined;
      if (!messageKey.test(error)) return error;
      for (const key of [`${namespace}:${error}`, `server:${error}`]) if (i18n.exists(key)) return t(key, values);
      return t('server:validation.invalid', values);
    },
    [t, i18n, namespace],
  );
}

/**
 * A form field's props as the inputs take them: the form's value and handlers, the label, and the
 * error worded by `useFormError` with the label as the message's field.
 */
export function useFieldProps<V, T>(form: UseFormReturnType<V, T>, namespace: string) {
  const formError = useFormError(namespace);
  return (path: LooseKeys<V>, label: string) => {
    const input = form.getInputProps(path);
    return { ...input, label, error: formError(input.error, { field: label }) };
  };
}
