import type { Locale } from '@contract/locales';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createAppTheme } from '@/features/layout/theme';
import { initI18n } from '@/lib/i18n';

/** Starts i18n the way the app does: from the language stored under `lang`. */
export async function startI18nIn(lng: Locale | null) {
  if (lng === null) localStorage.removeItem('lang');
  else localStorage.setItem('lang', lng);
  return initI18n();
}

export function renderWithProviders(ui: ReactElement) {
  return render(
    <I18nextProvider i18n={i18next}>
      <MantineProvider theme={createAppTheme(i18next.t)} env="test">
        {ui}
      </MantineProvider>
    </I18nextProvider>,
  );
}
