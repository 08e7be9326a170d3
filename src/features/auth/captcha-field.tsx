import type { CaptchaView } from '@machines/login.machine';
import { Group, Image, Skeleton, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const imageWidth = 120;
const imageHeight = 40;

/** The captcha answer beside its image; pressing the image asks the machine for a new one. */
export function CaptchaField(props: {
  captcha: CaptchaView;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange(value: string): void;
  onRefresh(): void;
}) {
  const { t } = useTranslation('auth');
  const { captcha } = props;
  return (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      <TextInput
        label={t('labels.captcha')}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        error={props.error}
        disabled={props.disabled}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={16}
        style={{ flex: 1 }}
      />
      <UnstyledButton
        onClick={props.onRefresh}
        disabled={captcha.status === 'loading' || props.disabled}
        aria-label={t('captcha.refresh')}
        title={t('captcha.refresh')}
        mb={props.error ? 22 : 0}
      >
        {captcha.status === 'shown' && (
          <Image
            src={captcha.img}
            alt={t('captcha.alt')}
            w={imageWidth}
            h={imageHeight}
            radius="sm"
            data-testid="captcha-image"
          />
        )}
        {captcha.status === 'loading' && <Skeleton w={imageWidth} h={imageHeight} radius="sm" />}
        {captcha.status === 'unavailable' && (
          <Text size="xs" c="red" w={imageWidth} ta="center">
            {t('captcha.unavailable')}
          </Text>
        )}
      </UnstyledButton>
    </Group>
  );
}
