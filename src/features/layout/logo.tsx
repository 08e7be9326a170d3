import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import classes from './layout.module.css';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" className={classes.logo} aria-label={t('layout.homeLink', { site: t('layout.siteName') })}>
      <img src="/images/logo.svg" alt="" width={36} height={36} />
      <span className={classes.logoText}>{t('layout.siteName')}</span>
    </Link>
  );
}
