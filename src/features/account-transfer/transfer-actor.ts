import type { accountTransferMachine } from '@machines/account-transfer.machine';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';

export type AccountTransferActor = ActorRefFrom<typeof accountTransferMachine>;

/** A form error from a contract schema is a key of this namespace; the server's own message is shown as it is. */
export function useTransferFieldError() {
  const { t } = useTranslation('account-transfer');
  return (schemaKey: unknown, serverMessage: string | undefined) =>
    serverMessage ?? (typeof schemaKey === 'string' ? t(schemaKey) : undefined);
}
