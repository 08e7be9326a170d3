import { Box, Grid, Paper, ScrollArea, Stack } from '@mantine/core';
import { useMatchRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/router-links';
import { NavLinkLink } from '@/components/router-nav-link';
import { useIsDesktop } from '@/lib/use-is-desktop';
import classes from './layout.module.css';
import type { MenuItem } from './menus';

/** A page with its section's menu: a sidebar on desktop, a row of scrollable buttons on mobile. */
export function SectionLayout({ menu, children }: { menu: readonly MenuItem[]; children: ReactNode }) {
  const { t } = useTranslation();
  const isDesktop = useIsDesktop();
  const matchRoute = useMatchRoute();
  const isActive = (item: MenuItem) => Boolean(matchRoute({ to: item.to }));

  if (!isDesktop) {
    return (
      <Stack gap="md">
        <ScrollArea type="never" aria-label={t('layout.sectionMenu')}>
          <nav className={classes.sectionChips}>
            {menu.map((item) => (
              <ButtonLink
                key={item.to}
                to={item.to}
                size="xs"
                radius="xl"
                activeOptions={{ exact: true, includeSearch: false }}
                variant={isActive(item) ? 'filled' : 'default'}
              >
                {t(item.label)}
              </ButtonLink>
            ))}
          </nav>
        </ScrollArea>
        <Box>{children}</Box>
      </Stack>
    );
  }

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
        <Paper withBorder p="xs" className={classes.sectionNav}>
          <nav aria-label={t('layout.sectionMenu')}>
            {menu.map((item) => (
              <NavLinkLink
                key={item.to}
                to={item.to}
                label={t(item.label)}
                activeOptions={{ exact: true, includeSearch: false }}
                activeProps={{ 'data-active': true }}
              />
            ))}
          </nav>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>{children}</Grid.Col>
    </Grid>
  );
}
