import { Card, SimpleGrid, Text } from '@mantine/core';

/** Labelled figures in a grid, two a row on a phone; the grid and each figure are named groups. */
export function FigureGrid({ label, items }: { label: string; items: [string, string][] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: Math.min(items.length, 5) }} spacing="sm" role="group" aria-label={label}>
      {items.map(([name, value]) => (
        <Card key={name} withBorder radius="md" padding="sm" role="group" aria-label={name}>
          <Text size="xs" c="dimmed">
            {name}
          </Text>
          <Text fw={700}>{value}</Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
