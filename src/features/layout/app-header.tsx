import { Burger, Button, Container, Group, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsDesktop } from '@/lib/use-is-desktop';
import { useAuthDialog, useSessionStatus } from '../session/use-session';
import { LanguageSwitcher } from './language-switcher';
import classes from './layout.module.css';
import { Logo } from './logo';
import { gameMenu } from './menus';
import { useRequestedOnce } from './use-requested-once';

// The drawer loads the first time a phone user opens the menu.
const MobileMenu = lazy(() => import('./mobile-menu').then((module) => ({ default: module.MobileMenu })));
// Only signed-in users have a user menu; visitors never download it.
const UserMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.UserMenu })));

export function AppHeader() {
  const { t } = useTranslation();
  const isDesktop = useIsDesktop();
  const [drawerOpened, drawer] = useDisclosure(false);
  const status = useSessionStatus();
  const mobileMenuRequested = useRequestedOnce(drawerOpened);

  return (
    <header className={classes.header}>
      <Container size="xl" className={classes.headerInner}>
        {!isDesktop && (
          <Burger
            opened={drawerOpened}
            onClick={drawer.toggle}
            color="white"
            size="sm"
            aria-label={t('layout.openMenu')}
          />
        )}
        <Logo />
        {isDesktop && (
          <nav className={classes.gameMenu} aria-label={t('layout.gameMenu')}>
            {gameMenu.map((item) => (
              <Link
                key={item.to}
                to={item.to}
                className={classes.gameMenuLink}
                activeOptions={{ exact: item.to === '/' }}
              >
                {t(item.label)}
              </Link>
            ))}
          </nav>
        )}
        <div className={classes.headerActions}>
          {isDesktop && <LanguageSwitcher placement="header" />}
          {status === 'checking' && <Loader color="gold" size="sm" aria-label={t('layout.checkingSession')} />}
          {status === 'signedOut' && <AuthButtons compact={!isDesktop} />}
          {status === 'signedIn' && (
            <Suspense fallback={<Loader color="gold" size="sm" />}>
              <UserMenu compact={!isDesktop} />
            </Suspense>
          )}
        </div>
      </Container>

      {!isDesktop && mobileMenuRequested && (
        <Suspense fallback={null}>
          <MobileMenu opened={drawerOpened} onClose={drawer.close} />
        </Suspense>
      )}
    </header>
  );
}

function AuthButtons({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const authDialog = useAuthDialog();
  const size = compact ? 'xs' : 'sm';
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size={size} variant="white" color="crimson" onClick={() => authDialog.show('login')}>
        {t('auth.login')}
      </Button>
      <Button size={size} color="gold.4" c="crimson.9" onClick={() => authDialog.show('register')}>
        {t('auth.register')}
      </Button>
    </Group>
  );
}
