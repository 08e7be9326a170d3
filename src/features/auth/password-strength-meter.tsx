import { type PasswordStrength, passwordStrengthLevels } from '@machines/password-strength';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const barColors: Record<PasswordStrength, string> = { 0: 'gray', 1: 'red', 2: 'orange', 3: 'yellow', 4: 'teal' };

/** The 0-4 strength as four bars (docs/requirements.md §5); the score comes from the machine's selector. */
export function PasswordStrengthMeter({ strength }: { strength: PasswordStrength }) {
  const { t } = useTranslation('auth');
  const level = t(`strength.levels.${strength}`);
  return (
    <Stack gap={4}>
      <Group
        gap={4}
        grow
        role="meter"
        aria-label={t('strength.label')}
        aria-valuemin={0}
        aria-valuemax={passwordStrengthLevels}
        aria-valuenow={strength}
        aria-valuetext={level}
        data-strength={strength}
      >
        {Array.from({ length: passwordStrengthLevels }, (_, bar) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the bars are positions, not items
          <Progress key={bar} value={bar < strength ? 100 : 0} color={barColors[strength]} size="sm" aria-hidden />
        ))}
      </Group>
      <Text size="xs" c="dimmed">
        {t('strength.caption', { level })}
      </Text>
    </Stack>
  );
}
