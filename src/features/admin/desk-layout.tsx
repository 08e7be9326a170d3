import { adminLogout } from '@contract/admin';
import { AppShell, Box, Burger, Button, Group, Loader, ScrollArea, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLinkLink } from '@/components/router-nav-link';
import { LanguageSwitcher } from '../layout/language-switcher';
import { operatorApi } from './operator-api';
import { clearOperatorSession, useOperatorSession } from './operator-session';
import { deskQueryKey } from './queries';

const deskMenu = [
  { key: 'overview', to: '/admin' },
  { key: 'kyc', to: '/admin/kyc' },
  { key: 'withdrawals', to: '/admin/withdrawals' },
  { key: 'deposits', to: '/admin/deposits' },
  { key: 'agentApplications', to: '/admin/agent-applications' },
  { key: 'familyDeclarations', to: '/admin/family-declarations' },
  { key: 'users', to: '/admin/users' },
  { key: 'rounds', to: '/admin/rounds' },
  { key: 'gameProfit', to: '/admin/game-profit' },
  { key: 'games', to: '/admin/games' },
  { key: 'letters', to: '/admin/letters' },
  { key: 'notices', to: '/admin/notices' },
  { key: 'support', to: '/admin/support' },
  { key: 'supportSettings', to: '/admin/support-settings' },
  { key: 'accountTransfers', to: '/admin/account-transfers' },
  { key: 'audit', to: '/admin/audit' },
] as const;

/**
 * The desk's frame: a header with the operator and sign-out, a navbar of the queues. When the
 * session ends (sign-out here or in another tab, a 401/402 on a desk call) the operator is sent to
 * the desk's sign-in, keeping the page they were on.
 */
export function DeskLayout({ children }: { children: ReactNode }) {
  const [navbarOpened, navbar] = useDisclosure(false);
  const session = useOperatorSession();
  const [signingOut, setSigningOut] = useState(false);
  useSignInWhenSessionEnds(session !== null, signingOut);

  const signOut = async () => {
    setSigningOut(true);
    // The server ends the session; a failure to reach it still ends it in this browser.
    await operatorApi.call(adminLogout, {}, { silent: true }).catch(() => undefined);
    clearOperatorSession();
  };

  if (!session) return null;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <DeskHeader
          account={session.account}
          navbarOpened={navbarOpened}
          onToggleNavbar={navbar.toggle}
          signingOut={signingOut}
          onSignOut={() => void signOut()}
        />
      </AppShell.Header>
      <DeskNavbar onNavigate={navbar.close} />
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}

/**
 * Sends the operator to the desk's sign-in once the session has ended, with the page they were on
 * unless they signed out, and forgets the desk's data.
 */
function useSignInWhenSessionEnds(signedIn: boolean, signingOut: boolean) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const router = useRouter();
  const leaving = useRef(false);
  useEffect(() => {
    if (signedIn || leaving.current) return;
    // Once: the layout stays mounted while the sign-in page loads.
    leaving.current = true;
    queryClient.removeQueries({ queryKey: deskQueryKey });
    const search = signingOut ? {} : { redirect: router.state.location.href };
    void navigate({ to: '/admin/sign-in', search, replace: true });
  }, [signedIn, signingOut, router, navigate, queryClient]);
}

function DeskHeader({
  account,
  navbarOpened,
  onToggleNavbar,
  signingOut,
  onSignOut,
}: {
  account: string;
  navbarOpened: boolean;
  onToggleNavbar(): void;
  signingOut: boolean;
  onSignOut(): void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navbarOpened}
          onClick={onToggleNavbar}
          hiddenFrom="sm"
          size="sm"
          aria-label={t('layout.openMenu')}
        />
        <Title order={2} size="h4">
          {t('layout.title')}
        </Title>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Box w={140} visibleFrom="sm">
          <LanguageSwitcher placement="drawer" />
        </Box>
        <Text size="sm" visibleFrom="xs" data-testid="desk-operator">
          {t('layout.signedInAs', { account })}
        </Text>
        <Button size="xs" variant="default" onClick={onSignOut} disabled={signingOut}>
          {signingOut ? <Loader size="xs" /> : t('layout.signOut')}
        </Button>
      </Group>
    </Group>
  );
}

function DeskNavbar({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation('admin');
  return (
    <AppShell.Navbar p="xs" aria-label={t('layout.queues')} component="nav">
      <ScrollArea>
        {deskMenu.map((item) => (
          <NavLinkLink
            key={item.to}
            to={item.to}
            label={t(`nav.${item.key}`)}
            // One lit item, marked by the router's own match: the overview only on /admin itself.
            activeOptions={{ exact: item.to === '/admin', includeSearch: false }}
            activeProps={{ 'data-active': true }}
            onClick={onNavigate}
          />
        ))}
        <Box hiddenFrom="sm" mt="md">
          <LanguageSwitcher placement="drawer" />
        </Box>
      </ScrollArea>
    </AppShell.Navbar>
  );
}
