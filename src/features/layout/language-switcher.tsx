import { isLocale, locales } from '@contract/locales';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, languageNames } from '@/lib/i18n';
import classes from './layout.module.css';

/**
 * The seven languages, each in its own name; choosing one stores it and reloads the page.
 * A native select: phones show their own picker, and the header needs no popover code.
 */
export function LanguageSwitcher({ placement }: { placement: 'header' | 'drawer' }) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <NativeSelect
      aria-label={t('layout.language')}
      value={active}
      size="sm"
      w={placement === 'header' ? 132 : '100%'}
      leftSection={<GlobeIcon />}
      classNames={placement === 'header' ? { input: classes.languageInput, section: classes.languageIcon } : undefined}
      data={locales.map((lng) => ({ value: lng, label: languageNames[lng] }))}
      onChange={(event) => {
        const lng = event.currentTarget.value;
        if (isLocale(lng) && lng !== active) changeLanguage(lng);
      }}
    />
  );
}

function GlobeIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </svg>
  );
}
