import { type captchaMachine, selectCaptchaView } from '@machines/captcha.machine';
import { Group, Image, Skeleton, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';

type CaptchaFlow = ActorRefFrom<typeof captchaMachine>;

const imageWidth = 120;
const imageHeight = 40;

/**
 * The captcha answer beside its image. The form owns the answer; the image is the form machine's
 * captcha child, and pressing it asks that child for a new one. Without the child (the form is done)
 * the image area stays a placeholder.
 */
export function CaptchaField({
  flow,
  disabled,
  onChange,
  ...field
}: {
  flow: CaptchaFlow | undefined;
  disabled: boolean;
  /** The answer's value, message and change handler, from the form holding it (`getInputProps`). */
  value?: string;
  error: string | undefined;
  onChange(value: string): void;
  onFocus?(): void;
  onBlur?(): void;
}) {
  const { t } = useTranslation('auth');
  const input = { ...field, onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value) };
  const offset = field.error ? 22 : 0;
  return (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      <TextInput
        {...input}
        label={t('labels.captcha')}
        disabled={disabled}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={16}
        style={{ flex: 1 }}
      />
      {flow ? (
        <CaptchaImage flow={flow} disabled={disabled} offset={offset} />
      ) : (
        <Skeleton w={imageWidth} h={imageHeight} radius="sm" mb={offset} />
      )}
    </Group>
  );
}

function CaptchaImage({ flow, disabled, offset }: { flow: CaptchaFlow; disabled: boolean; offset: number }) {
  const { t } = useTranslation('auth');
  const captcha = useSelector(flow, selectCaptchaView);
  return (
    <UnstyledButton
      onClick={() => flow.send({ type: 'captcha.refresh' })}
      disabled={captcha.status === 'loading' || disabled}
      aria-label={t('captcha.refresh')}
      title={t('captcha.refresh')}
      mb={offset}
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
  );
}
