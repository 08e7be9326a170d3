import { type CSSVariablesResolver, createTheme, darken, luminance, type MantineColorsTuple } from '@mantine/core';
import type { TFunction } from 'i18next';
import classes from './theme.module.css';

/** The game-hall crimson: lantern red at shade 7, the primary colour. */
const crimson: MantineColorsTuple = [
  '#fff0f0',
  '#ffdede',
  '#fbbaba',
  '#f79191',
  '#f06a6a',
  '#e44848',
  '#d23232',
  '#b91c1c',
  '#991b1b',
  '#7f1d1d',
];

/** Coin gold for highlights (balances, the exchange-ratio notice, call-to-action accents). */
const gold: MantineColorsTuple = [
  '#fffbeb',
  '#fef3c7',
  '#fde68a',
  '#fcd34d',
  '#fbbf24',
  '#f59e0b',
  '#d97706',
  '#b45309',
  '#92400e',
  '#78350f',
];

/** The WCAG contrast ratio of two colours. */
const contrast = (one: string, other: string) => {
  const [lighter, darker] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
};

/** Shade 9 of a palette, darkened as far as it takes to read at 4.5:1 on shade 1. */
const readableOnShadeOne = (shades: MantineColorsTuple) => {
  let text = shades[9];
  for (let amount = 0.05; contrast(text, shades[1]) < 4.6 && amount < 1; amount += 0.05)
    text = darken(shades[9], amount);
  return text;
};

/**
 * Contrast for docs/requirements.md §2.10. Mantine's dimmed grey (gray.6) reads at 3.3:1 on white; this
 * one keeps the muted look at 5:1 or more on the light backgrounds the pages use. The light variant
 * (badges, alerts) writes shade 9 on shade 1, which is under 4.5:1 for teal, green, lime, yellow and
 * orange; their text is darkened just enough.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    ...Object.fromEntries(
      Object.entries(theme.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        readableOnShadeOne(shades),
      ]),
    ),
  },
  dark: {},
});

const systemFonts =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Noto Sans JP', 'Noto Sans KR', 'Noto Sans SC', 'Noto Sans TC', 'Microsoft YaHei', Meiryo, sans-serif";

/** The theme, with the texts Mantine's own controls speak in the active language. */
export const createAppTheme = (t: TFunction) =>
  createTheme({
    primaryColor: 'crimson',
    primaryShade: 7,
    colors: { crimson, gold },
    autoContrast: true,
    defaultRadius: 'md',
    fontFamily: systemFonts,
    // docs/requirements.md §9: dialogs are 500 px wide unless a dialog says otherwise. Set by name so the
    // theme does not pull the Modal component into the first bundle.
    components: {
      Modal: { defaultProps: { size: 500, centered: true } },
      Button: { classNames: { root: classes.button, label: classes.buttonLabel } },
      Badge: { classNames: { root: classes.badge } },
      Table: { classNames: { th: classes.tableHeader } },
      PasswordInput: {
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('common:layout.togglePassword') } },
      },
    },
    headings: { fontFamily: systemFonts, fontWeight: '700' },
    // 48em is 768 px: the desktop breakpoint (docs/requirements.md §2.7).
    breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  });
