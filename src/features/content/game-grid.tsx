import type { Game } from '@contract/content';
import { Badge, Card, Group, Image, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CardLink } from '@/components/router-links';
import { ShownInJapaneseBadge, textLang } from '@/components/shown-in-japanese';
import classes from './content.module.css';

/** Games as cards; a card opens the game hall on its game (the hall asks a visitor to sign in first). */
export function GameGrid({ games, loading }: { games: readonly Game[] | undefined; loading: boolean }) {
  const { t } = useTranslation('home');
  if (loading) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={index} height={170} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (!games || games.length === 0) return <Text c="dimmed">{t('games.empty')}</Text>;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
      {games.map((game) => (
        <CardLink
          key={game.id}
          to="/amigo"
          search={{ game: game.code }}
          withBorder
          radius="md"
          padding="xs"
          className={classes.gameCard}
        >
          <Card.Section>
            <Image src={game.imageUrl} alt="" style={{ aspectRatio: '4 / 3' }} fit="cover" />
          </Card.Section>
          <Text fw={700} size="sm" mt="xs" lineClamp={1} lang={textLang(game.lang)}>
            {game.name}
          </Text>
          <Group gap={6} mt={4}>
            <ShownInJapaneseBadge lang={game.lang} />
            <Badge size="xs" variant="light" color={game.kind === 'slot' ? 'crimson' : 'gold'}>
              {t(`games.kind.${game.kind}`)}
            </Badge>
            <Text size="xs" c="dimmed">
              {t('games.machines', { count: game.machineCount })}
            </Text>
          </Group>
        </CardLink>
      ))}
    </SimpleGrid>
  );
}
