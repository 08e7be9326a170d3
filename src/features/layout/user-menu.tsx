import { Avatar, Button, Group, Menu, type MenuItemProps, Text } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AnchorElementProps } from '@/components/router-links';
import { currentLanguage } from '@/lib/i18n';
import { useLogout, useSignedInUser } from '../session/use-session';
import classes from './layout.module.css';
import { userMenu } from './menus';

function MenuItemAnchor(props: AnchorElementProps<MenuItemProps>) {
  return <Menu.Item component="a" {...props} />;
}

/** A menu entry that is a typed router link; here because only this menu needs it. */
const MenuItemLink = createLink(MenuItemAnchor);

function formatCoins(amount: number): string {
  return new Intl.NumberFormat(currentLanguage()).format(amount);
}

/** The signed-in user's balance, always in sight, and their name, opening the user menu and logout. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const logout = useLogout();
  if (!user) return null;
  const name = user.nickname || user.username;
  const balance = t('layout.balance', { amount: formatCoins(user.balance) });

  return (
    <Group gap={compact ? 4 : 'xs'} wrap="nowrap">
      <Text
        size={compact ? 'xs' : 'sm'}
        fw={700}
        c="gold.3"
        role="status"
        aria-label={balance}
        className={classes.headerBalance}
      >
        {formatCoins(user.balance)}
      </Text>
      <UserMenuButton compact={compact} name={name} username={user.username} balance={balance} onLogout={logout} />
    </Group>
  );
}

function UserMenuButton({
  compact,
  name,
  username,
  balance,
  onLogout,
}: {
  compact: boolean;
  name: string;
  username: string;
  balance: string;
  onLogout(): void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="white"
          size={compact ? 'xs' : 'sm'}
          aria-label={t('layout.userMenuOf', { name })}
        >
          <Group gap="xs" wrap="nowrap">
            {/* Mantine's person icon, not the name's initial: a letter outside the name would break label-in-name. */}
            <Avatar size={compact ? 22 : 26} color="gold" variant="filled" radius="xl" aria-hidden />
            {!compact && <span>{name}</span>}
          </Group>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={700} c="dark">
            {username}
          </Text>
          <Text size="xs" c="dimmed">
            {balance}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {userMenu.map((item) => (
          <MenuItemLink key={item.to} to={item.to}>
            {t(item.label)}
          </MenuItemLink>
        ))}
        <Menu.Divider />
        <Menu.Item color="crimson" onClick={onLogout}>
          {t('auth.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
