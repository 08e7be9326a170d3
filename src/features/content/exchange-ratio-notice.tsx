import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './content.module.css';

/**
 * The product was specified with two readings of the exchange ratio: the yen reading in English, Japanese, Korean
 * (and Filipino) text, the RMB reading in Chinese and Vietnamese text. Each locale file carries its own.
 */
export function ExchangeRatioNotice() {
  const { t } = useTranslation('home');
  return (
    <Paper className={classes.exchange} p="lg" radius="md" component="section" aria-label={t('exchange.title')}>
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={2}>
          <Text size="sm" fw={600} tt="uppercase" opacity={0.85}>
            {t('exchange.title')}
          </Text>
          <Text fz={{ base: 24, sm: 30 }} fw={900} className={classes.exchangeRatio} data-testid="exchange-ratio">
            {t('exchange.ratio')}
          </Text>
        </Stack>
        <Text size="sm" maw={420}>
          {t('exchange.depositTip')}
        </Text>
      </Group>
    </Paper>
  );
}
