import { Text, type TextProps } from '@mantine/core';

/** Operator text is plain: blank lines separate paragraphs, single line breaks stay line breaks. */
export function paragraphsOf(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

/** Renders text as React text nodes, never as HTML. */
export function PlainText({ body, lang, ...textProps }: { body: string; lang?: string } & TextProps) {
  return paragraphsOf(body).map((paragraph, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one text never move
    <Text key={index} mb="sm" style={{ whiteSpace: 'pre-line' }} lang={lang} {...textProps}>
      {paragraph}
    </Text>
  ));
}
