import { Anchor, CloseButton, Image, Modal, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIsDesktop } from '../../lib/use-is-desktop';
import { useAuthDialog } from '../session/use-session';
import classes from './auth-dialog.module.css';

/**
 * The sign-in dialog: platform logo and artwork on the left, the login and register tabs on the right,
 * and the find-password view (no tabs) opened from the forgot-password link.
 */
export function AuthDialog() {
  const { t } = useTranslation();
  const dialog = useAuthDialog();
  const isDesktop = useIsDesktop();
  const titleId = 'auth-dialog-title';

  return (
    <Modal
      opened={dialog.open}
      onClose={dialog.close}
      size={820}
      fullScreen={!isDesktop}
      withCloseButton={false}
      padding={0}
      radius="lg"
      centered
      classNames={{ body: classes.body }}
      aria-labelledby={titleId}
    >
      <div className={classes.frame}>
        <CloseButton className={classes.close} onClick={dialog.close} aria-label={t('authDialog.close')} size="lg" />
        {isDesktop && (
          <div className={classes.brand}>
            <Image src="/images/logo.svg" alt={t('layout.siteName')} w={72} h={72} />
            <div className={classes.brandFooter}>
              <Title order={2} size="h4" c="white">
                {t('layout.siteName')}
              </Title>
              <Text size="sm">{t('authDialog.tagline')}</Text>
            </div>
          </div>
        )}
        <div className={classes.panel}>
          {dialog.view === 'findPassword' ? (
            <Stack gap="md">
              <Title order={2} size="h3" id={titleId}>
                {t('authDialog.findPassword')}
              </Title>
              <Text c="dimmed">{t('authDialog.findPasswordPending')}</Text>
              <Anchor component="button" type="button" onClick={() => dialog.show('login')} ta="left">
                {t('authDialog.backToLogin')}
              </Anchor>
            </Stack>
          ) : (
            <Tabs
              value={dialog.view}
              onChange={(value) => {
                if (value === 'login' || value === 'register') dialog.show(value);
              }}
            >
              <Tabs.List grow id={titleId}>
                <Tabs.Tab value="login">{t('auth.login')}</Tabs.Tab>
                <Tabs.Tab value="register">{t('auth.register')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="login" pt="xl">
                <Stack gap="md">
                  <Text c="dimmed">{t('authDialog.loginPending')}</Text>
                  <Anchor component="button" type="button" onClick={() => dialog.show('findPassword')} ta="left">
                    {t('authDialog.forgotPassword')}
                  </Anchor>
                </Stack>
              </Tabs.Panel>
              <Tabs.Panel value="register" pt="xl">
                <Text c="dimmed">{t('authDialog.registerPending')}</Text>
              </Tabs.Panel>
            </Tabs>
          )}
        </div>
      </div>
    </Modal>
  );
}
