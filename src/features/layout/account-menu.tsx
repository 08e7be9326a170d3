import { ActionIcon, Avatar, Button, Group, Indicator, Menu, type MenuItemProps, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createLink, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AnchorElementProps } from '@/components/router-links';
import { currentLanguage } from '@/lib/i18n';
import { unreadLettersQuery } from '../letters/letter-queries';
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
      <LettersLink userId={user.userId} compact={compact} />
      <UserMenuButton compact={compact} name={name} username={user.username} balance={balance} onLogout={logout} />
    </Group>
  );
}

/** The letters icon with the unread count, kept current by polling (docs/requirements.md §13.5). */
function LettersLink({ userId, compact }: { userId: number; compact: boolean }) {
  const { t } = useTranslation();
  const unread = useQuery(unreadLettersQuery(currentLanguage(), userId)).data ?? 0;
  const label = unread > 0 ? t('layout.lettersUnread', { unread }) : t('layout.letters');
  return (
    <Indicator
      label={<span data-testid="letters-badge">{unread > 99 ? '99+' : unread}</span>}
      size={16}
      color="crimson"
      disabled={unread === 0}
      offset={4}
    >
      <ActionIcon
        component={Link}
        to="/user/station-letter"
        variant="subtle"
        color="white"
        size={compact ? 'md' : 'lg'}
        aria-label={label}
      >
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="m3 7 9 6 9-6" />
        </svg>
      </ActionIcon>
    </Indicator>
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
