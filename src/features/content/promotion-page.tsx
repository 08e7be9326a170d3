import { type Promotion, type PromotionCategory, promotionCategories } from '@contract/content';
import {
  Badge,
  Card,
  Center,
  Group,
  Image,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { ShownInJapaneseBadge, textLang } from '@/components/shown-in-japanese';
import { currentLanguage } from '@/lib/i18n';
import { formatDate } from './format';
import { promotionPageQuery } from './queries';
import type { PromotionSearch } from './search-params';

const promotionsPerPage = 12;

export function PromotionPage({
  search,
  onSearchChange,
}: {
  search: PromotionSearch;
  onSearchChange(next: PromotionSearch): void;
}) {
  const { t } = useTranslation('content');
  const category = search.category ?? 'all';
  return (
    <PageFrame title={t('promotion.title')} description={t('promotion.description')}>
      <Tabs
        value={category}
        onChange={(value) => {
          const next = promotionCategories.find((candidate) => candidate === value);
          if (next) onSearchChange(next === 'all' ? {} : { category: next });
        }}
      >
        <Tabs.List>
          {promotionCategories.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`promotion.categories.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <PromotionList
        category={category}
        page={search.page ?? 1}
        onPageChange={(page) => onSearchChange({ ...search, page: page > 1 ? page : undefined })}
      />
    </PageFrame>
  );
}

function PromotionList({
  category,
  page,
  onPageChange,
}: {
  category: PromotionCategory;
  page: number;
  onPageChange(page: number): void;
}) {
  const { t } = useTranslation('content');
  const promotions = useQuery(promotionPageQuery(currentLanguage(), category, page, promotionsPerPage));

  if (promotions.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-busy="true">
        {Array.from({ length: 3 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={index} height={280} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (promotions.isError) return <Text c="dimmed">{t('list.unavailable')}</Text>;
  if (promotions.data.list.length === 0) return <Text c="dimmed">{t('promotion.empty')}</Text>;

  const pageCount = Math.ceil(promotions.data.total / promotionsPerPage);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {promotions.data.list.map((promotion) => (
          <PromotionCard key={promotion.id} promotion={promotion} />
        ))}
      </SimpleGrid>
      {pageCount > 1 && (
        <Center>
          <Pagination total={pageCount} value={page} onChange={onPageChange} />
        </Center>
      )}
    </Stack>
  );
}

function PromotionCard({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation('content');
  const period = promotion.endsAt
    ? t('promotion.period', { start: formatDate(promotion.startsAt), end: formatDate(promotion.endsAt) })
    : t('promotion.openEnded', { start: formatDate(promotion.startsAt) });
  return (
    <Card withBorder radius="md" padding="md" component="article">
      <Card.Section>
        <Image src={promotion.imageUrl} alt="" h={160} fit="cover" />
      </Card.Section>
      <Group justify="space-between" mt="md" mb={4} wrap="nowrap" align="flex-start">
        <Title order={3} size="h5" lang={textLang(promotion.lang)}>
          {promotion.title}
        </Title>
        <Group gap={4} wrap="nowrap">
          <ShownInJapaneseBadge lang={promotion.lang} />
          <Badge color={promotion.category === 'past' ? 'gray' : 'gold'} variant="light" style={{ flexShrink: 0 }}>
            {t(`promotion.categories.${promotion.category}`)}
          </Badge>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        {period}
      </Text>
      <Text size="sm" lang={textLang(promotion.lang)}>
        {promotion.summary}
      </Text>
    </Card>
  );
}
