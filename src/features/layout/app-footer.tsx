import { Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '@/components/router-links';
import classes from './layout.module.css';
import { footerMenu } from './menus';

export function AppFooter() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <Stack gap="md">
          <nav aria-label={t('layout.footerMenu')}>
            <Group gap="lg" justify="center">
              {footerMenu.map((item) => (
                <AnchorLink key={item.to} to={item.to} className={classes.footerLink} underline="hover">
                  {t(item.label)}
                </AnchorLink>
              ))}
            </Group>
          </nav>
          <Text size="xs" ta="center" c="gray.5">
            {t('layout.ageNotice')}
          </Text>
          <Text size="xs" ta="center" c="gray.6">
            © {new Date().getFullYear()} {t('layout.siteName')}
          </Text>
        </Stack>
      </Container>
    </footer>
  );
}
