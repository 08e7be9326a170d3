import type { loginMachine } from '@machines/login.machine';
import { Button, Divider, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { GoogleSignInButton } from './google-sign-in-button';
import { identityProvidersQueryOptions } from './queries';

/** The sign-ins the server offers: Google's button and a LINE button; nothing when neither is set up. */
export function ThirdPartySignIn({ flow, disabled }: { flow: ActorRefFrom<typeof loginMachine>; disabled: boolean }) {
  const { t } = useTranslation('auth');
  const { data: providers } = useQuery(identityProvidersQueryOptions());
  if (!providers?.google && !providers?.line) return null;
  return (
    <Stack gap="sm" align="center">
      <Divider label={t('thirdParty.or')} labelPosition="center" w="100%" />
      {providers.google && (
        <GoogleSignInButton
          clientId={providers.google.clientId}
          onCredential={(token) => flow.send({ type: 'provider.signIn', credential: { provider: 'google', token } })}
        />
      )}
      {providers.line && (
        <Button
          fullWidth
          color="#06C755"
          disabled={disabled}
          onClick={() => flow.send({ type: 'provider.redirect', provider: 'line' })}
        >
          {t('thirdParty.line')}
        </Button>
      )}
    </Stack>
  );
}
