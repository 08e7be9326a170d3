import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ExchangeRatios } from '@/components/exchange-ratios';
import classes from './content.module.css';

/** The ratio of each deposit currency, as the server states it, with how soon a deposit arrives. */
export function ExchangeRatioNotice() {
  const { t } = useTranslation('home');
  return (
    <Paper className={classes.exchange} p="lg" radius="md" component="section" aria-label={t('exchange.title')}>
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={2}>
          <Text size="sm" fw={600} tt="uppercase" opacity={0.85}>
            {t('exchange.title')}
          </Text>
          <ExchangeRatios fz={{ base: 24, sm: 30 }} fw={900} className={classes.exchangeRatio} />
        </Stack>
        <Text size="sm" maw={420}>
          {t('exchange.depositTip')}
        </Text>
      </Group>
    </Paper>
  );
}
