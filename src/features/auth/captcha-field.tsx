import { type captchaMachine, selectCaptchaView } from '@machines/captcha.machine';
import { Group, Image, Skeleton, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';

type CaptchaFlow = ActorRefFrom<typeof captchaMachine>;

const imageWidth = 120;
const imageHeight = 40;

/**
 * The captcha answer beside its image. The form's machine owns the answer; the image is the form's
 * captcha child, and pressing it asks that child for a new one. Without the child (the form is done)
 * the image area stays a placeholder.
 */
export function CaptchaField(props: {
  flow: CaptchaFlow | undefined;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange(value: string): void;
}) {
  const { t } = useTranslation('auth');
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
      {props.flow ? (
        <CaptchaImage flow={props.flow} disabled={props.disabled} offset={props.error ? 22 : 0} />
      ) : (
        <Skeleton w={imageWidth} h={imageHeight} radius="sm" mb={props.error ? 22 : 0} />
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
