import type { DeskText } from '@contract/content-desk';
import { shownLanguage } from '@contract/content-languages';
import { defaultLocale, type Locale, locales } from '@contract/locales';
import { Paper, Select, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/lib/api-client';
import { useFieldProps } from '@/lib/form-error';
import { languageNames } from '@/lib/i18n';

/* What the desk's editors of notices, banners and pages share: a tab per language, and the preview. */

export const emptyDeskText = () => Object.fromEntries(locales.map((locale) => [locale, ''])) as DeskText;

/** The languages in which every one of an item's texts is written. */
export const writtenLanguages = (texts: readonly DeskText[]) =>
  locales.filter((locale) => texts.every((text) => text[locale] !== ''));

/** One text of an item, as its tab shows it. */
export interface LanguageField {
  name: string;
  label: string;
  multiline?: boolean;
}

/**
 * The tab open, and what a refusal does: the server's sentence shows on each field it refused, and
 * the tab of the first one opens.
 */
export function useLanguageTab<V>(form: UseFormReturnType<V>) {
  const [tab, setTab] = useState<Locale>(defaultLocale);
  const { setErrors } = form;
  const showRefusal = (error: Error) => {
    if (!(error instanceof ApiCallError)) return;
    setErrors(error.fields);
    const first = Object.keys(error.fields)[0];
    const locale = locales.find((candidate) => first?.endsWith(`.${candidate}`));
    if (locale) setTab(locale);
  };
  return { tab, setTab, showRefusal };
}

/** An item's texts in each language, a tab each; a tab holding a refused field is marked. */
export function LanguageTabs<V>({
  form,
  fields,
  namespace,
  required,
  emptyFallsBack,
  tab,
  onTab,
}: {
  form: UseFormReturnType<V>;
  fields: readonly LanguageField[];
  /** The namespace the form's own messages are in. */
  namespace: string;
  /** The mark beside Japanese, and the hint under every other language. */
  required: string;
  emptyFallsBack: string;
  tab: Locale;
  onTab(locale: Locale): void;
}) {
  const field = useFieldProps(form, namespace);
  const refusedLanguage = (locale: Locale) => fields.some(({ name }) => Boolean(form.errors[`${name}.${locale}`]));
  return (
    <Tabs value={tab} onChange={(next) => next && onTab(next as Locale)} keepMounted={false}>
      <Tabs.List>
        {locales.map((locale) => (
          <Tabs.Tab key={locale} value={locale} c={refusedLanguage(locale) ? 'red' : undefined}>
            {languageNames[locale]}
            {locale === defaultLocale ? ` (${required})` : ''}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {locales.map((locale) => (
        <Tabs.Panel key={locale} value={locale} pt="md">
          <Stack gap="sm">
            {fields.map(({ name, label, multiline }) => {
              const props = {
                // The paths are the form's own: `${text}.${locale}` of one of its DeskText values.
                ...field(`${name}.${locale}` as Parameters<typeof field>[0], label),
                withAsterisk: locale === defaultLocale,
                lang: locale,
              };
              return multiline ? (
                <Textarea key={name} {...props} autosize minRows={5} />
              ) : (
                <TextInput key={name} {...props} maxLength={200} />
              );
            })}
            {locale !== defaultLocale && (
              <Text size="xs" c="dimmed">
                {emptyFallsBack}
              </Text>
            )}
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/**
 * The item as a player reading in the chosen language sees it: in that language when every text is
 * written in it, else wholly in Japanese with the page's "shown in Japanese" mark, by the rule the
 * server answers by. `children` draws it from the texts in the language shown.
 */
export function ReaderPreview<K extends string>({
  texts,
  children,
}: {
  texts: Record<K, DeskText>;
  children(shown: Record<K, string>, lang: Locale, reader: Locale): ReactNode;
}) {
  const { t } = useTranslation('desk-content');
  const form = useForm<{ reader: Locale }>({ initialValues: { reader: defaultLocale } });
  const { reader } = form.values;
  const lang = shownLanguage(Object.values<DeskText>(texts), reader);
  const shown = Object.fromEntries(Object.entries<DeskText>(texts).map(([name, text]) => [name, text[lang]])) as Record<
    K,
    string
  >;
  return (
    <Stack gap="xs" role="region" aria-label={t('preview.title')}>
      <Select
        label={t('preview.readAs')}
        description={t('preview.hint')}
        data={locales.map((locale) => ({ value: locale, label: languageNames[locale] }))}
        allowDeselect={false}
        {...form.getInputProps('reader')}
        w={240}
      />
      <Paper withBorder p="md" radius="md" data-testid="reader-preview">
        {children(shown, lang, reader)}
      </Paper>
    </Stack>
  );
}
