import i18next from 'i18next';
import { createBrowserApiClient } from '@/lib/api-client';
import { readStoredLanguage } from '@/lib/storage';
import { clearOperatorSession, readOperatorSession } from './operator-session';

/**
 * The desk's client: the operator's token in the TOKEN header. A 401 or 402 ends the desk session
 * only; the desk layout then asks for a new sign-in.
 */
export const operatorApi = createBrowserApiClient({
  getToken: () => readOperatorSession()?.token ?? null,
  getLanguage: readStoredLanguage,
  fallbackMessages: () => ({
    error: i18next.t('common:errors.generic', { defaultValue: 'Error' }),
    network: i18next.t('common:errors.request', { defaultValue: 'Request Error' }),
  }),
  onSessionEnded: () => clearOperatorSession(),
});
