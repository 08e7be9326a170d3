import { adminAccountTransferList } from '@contract/account-transfer-desk';
import { adminAuditList, adminLogout, adminUserSearch } from '@contract/admin';
import { adminOperatorList } from '@contract/admin-operators';
import { adminReconciliation } from '@contract/admin-reconciliation';
import { adminReport } from '@contract/admin-reports';
import type { OperatorRole } from '@contract/admin-roles';
import { adminAgentApplicationList } from '@contract/agent-desk';
import { adminBannerList, adminContentPageList, adminNoticeList } from '@contract/content-desk';
import { adminManualDepositList } from '@contract/deposit-desk';
import type { Endpoint } from '@contract/endpoint';
import { adminGameList, adminGameProfitDaily, adminGameRoundList } from '@contract/hall-desk';
import { adminKycList } from '@contract/kyc-desk';
import { adminStationLetterList } from '@contract/letters-desk';
import { adminFamilyDeclarations } from '@contract/protection-desk';
import { adminSupportMessageList, adminSupportSettingsQuery } from '@contract/support';
import { adminWithdrawalList } from '@contract/withdrawal-desk';
import { adminPayoutRuleList } from '@contract/withdrawal-risk';
import { Alert, AppShell, Box, Burger, Button, Group, Loader, ScrollArea, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLinkLink } from '@/components/router-nav-link';
import { currentLanguage } from '@/lib/i18n';
import { LanguageSwitcher } from '../layout/language-switcher';
import { deskAllows } from './desk-access';
import { operatorApi } from './operator-api';
import { clearOperatorSession, useOperatorSession } from './operator-session';
import { deskQueryKey } from './queries';

/** The desk's pages, each with the call it lists: an operator whose roles that call refuses does not see it. */
const deskMenu = [
  // The overview is every operator's first page: signing out is the one call every role has.
  { key: 'overview', to: '/admin', endpoint: adminLogout },
  { key: 'kyc', to: '/admin/kyc', endpoint: adminKycList },
  { key: 'withdrawals', to: '/admin/withdrawals', endpoint: adminWithdrawalList },
  { key: 'payoutRules', to: '/admin/payout-rules', endpoint: adminPayoutRuleList },
  { key: 'deposits', to: '/admin/deposits', endpoint: adminManualDepositList },
  { key: 'agentApplications', to: '/admin/agent-applications', endpoint: adminAgentApplicationList },
  { key: 'familyDeclarations', to: '/admin/family-declarations', endpoint: adminFamilyDeclarations },
  { key: 'users', to: '/admin/users', endpoint: adminUserSearch },
  { key: 'rounds', to: '/admin/rounds', endpoint: adminGameRoundList },
  { key: 'gameProfit', to: '/admin/game-profit', endpoint: adminGameProfitDaily },
  { key: 'reports', to: '/admin/reports', endpoint: adminReport },
  { key: 'reconciliation', to: '/admin/reconciliation', endpoint: adminReconciliation },
  { key: 'games', to: '/admin/games', endpoint: adminGameList },
  { key: 'letters', to: '/admin/letters', endpoint: adminStationLetterList },
  { key: 'notices', to: '/admin/notices', endpoint: adminNoticeList },
  { key: 'banners', to: '/admin/banners', endpoint: adminBannerList },
  { key: 'contentPages', to: '/admin/content-pages', endpoint: adminContentPageList },
  { key: 'support', to: '/admin/support', endpoint: adminSupportMessageList },
  { key: 'supportSettings', to: '/admin/support-settings', endpoint: adminSupportSettingsQuery },
  { key: 'accountTransfers', to: '/admin/account-transfers', endpoint: adminAccountTransferList },
  { key: 'audit', to: '/admin/audit', endpoint: adminAuditList },
  { key: 'operators', to: '/admin/operators', endpoint: adminOperatorList },
] as const satisfies readonly { key: string; to: string; endpoint: Endpoint }[];

/** The menu's page a path is on: the longest entry it starts with (a player's page under /admin/users). */
function menuItemOf(pathname: string) {
  const path = pathname.replace(/\/+$/, '') || '/';
  return deskMenu
    .filter((item) => path === item.to || path.startsWith(`${item.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
}

/**
 * The desk's frame: a header with the operator and sign-out, a navbar of the queues. When the
 * session ends (sign-out here or in another tab, a 401/402 on a desk call) the operator is sent to
 * the desk's sign-in, keeping the page they were on.
 */
export function DeskLayout({ children }: { children: ReactNode }) {
  const [navbarOpened, navbar] = useDisclosure(false);
  const session = useOperatorSession();
  const pathname = useLocation({ select: (location) => location.pathname });
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
          roles={session.roles}
          navbarOpened={navbarOpened}
          onToggleNavbar={navbar.toggle}
          signingOut={signingOut}
          onSignOut={() => void signOut()}
        />
      </AppShell.Header>
      <DeskNavbar roles={session.roles} onNavigate={navbar.close} />
      <AppShell.Main>
        <RoleGate roles={session.roles} pathname={pathname}>
          {children}
        </RoleGate>
      </AppShell.Main>
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
  roles,
  navbarOpened,
  onToggleNavbar,
  signingOut,
  onSignOut,
}: {
  account: string;
  roles: readonly OperatorRole[];
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
        <Text size="xs" c="dimmed" visibleFrom="md" data-testid="desk-roles">
          {t('roles.yours', { roles: rolesText(t, roles) })}
        </Text>
        <Button size="xs" variant="default" onClick={onSignOut} disabled={signingOut}>
          {signingOut ? <Loader size="xs" /> : t('layout.signOut')}
        </Button>
      </Group>
    </Group>
  );
}

const rolesText = (t: TFunction<'admin'>, roles: readonly OperatorRole[]) =>
  new Intl.ListFormat(currentLanguage(), { type: 'unit' }).format(roles.map((role) => t(`roles.${role}`)));

/** A page the operator's roles do not reach says so, instead of a list the server would refuse. */
function RoleGate({
  roles,
  pathname,
  children,
}: {
  roles: readonly OperatorRole[];
  pathname: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const item = menuItemOf(pathname);
  if (!item || deskAllows(roles, item.endpoint)) return children;
  return (
    <Alert color="yellow" title={t('roles.refusedTitle')}>
      {t('roles.refused', {
        page: t(`nav.${item.key}`),
        roles: rolesText(t, roles),
      })}
    </Alert>
  );
}

function DeskNavbar({ roles, onNavigate }: { roles: readonly OperatorRole[]; onNavigate(): void }) {
  const { t } = useTranslation('admin');
  return (
    <AppShell.Navbar p="xs" aria-label={t('layout.queues')} component="nav">
      <ScrollArea>
        {deskMenu
          .filter((item) => deskAllows(roles, item.endpoint))
          .map((item) => (
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
