import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page heading with a short lead paragraph, above the page's own content. */
export function PageFrame({
  title,
  titleLang,
  description,
  children,
}: {
  title: string;
  /** Set when the title is not in the page's language (an operator's text shown in Japanese). */
  titleLang?: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} size="h2" c="crimson.9" lang={titleLang}>
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {children}
    </Stack>
  );
}
