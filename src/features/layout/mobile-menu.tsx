import { Divider, Drawer, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLinkLink } from '@/components/router-nav-link';
import { useSessionStatus } from '../session/use-session';
import { LanguageSwitcher } from './language-switcher';
import { gameMenu, userMenu } from './menus';

/** The phone-sized navigation: the game menu, and the user menu once signed in. */
export function MobileMenu({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const status = useSessionStatus();
  return (
    <Drawer opened={opened} onClose={onClose} title={t('layout.siteName')} size="80%">
      <LanguageSwitcher placement="drawer" />
      <Divider my="sm" />
      <nav aria-label={t('layout.gameMenu')}>
        <Stack gap={2}>
          {gameMenu.map((item) => (
            <NavLinkLink
              key={item.to}
              to={item.to}
              label={t(item.label)}
              activeOptions={{ exact: item.to === '/' }}
              activeProps={{ 'data-active': true }}
              onClick={onClose}
            />
          ))}
        </Stack>
      </nav>
      {status === 'signedIn' && (
        <>
          <Divider my="sm" />
          <nav aria-label={t('layout.userMenu')}>
            <Stack gap={2}>
              {userMenu.map((item) => (
                <NavLinkLink
                  key={item.to}
                  to={item.to}
                  label={t(item.label)}
                  activeProps={{ 'data-active': true }}
                  onClick={onClose}
                />
              ))}
            </Stack>
          </nav>
        </>
      )}
    </Drawer>
  );
}
