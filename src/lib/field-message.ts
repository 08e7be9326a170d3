import type { FieldMessage } from '@machines/player-form-fields';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Turns a machine's field message into text: a key of the namespace, or the server's own sentence. */
export function useFieldMessage(namespace: string) {
  const { t } = useTranslation(namespace);
  return useCallback(
    (message: FieldMessage | undefined | null) => {
      if (!message) return undefined;
      return 'text' in message ? message.text : t(message.key, message.values ?? {});
    },
    [t],
  );
}
