import { Anchor, type AnchorProps, Button, type ButtonProps, Card, type CardProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

/* Mantine components rendered as typed router links: `to` is checked against the route tree. */

export type AnchorElementProps<P> = P & Omit<ComponentPropsWithRef<'a'>, keyof P>;

function AnchorBase(props: AnchorElementProps<AnchorProps>) {
  return <Anchor {...props} />;
}

function ButtonBase(props: AnchorElementProps<ButtonProps>) {
  return <Button component="a" {...props} />;
}

function CardBase(props: AnchorElementProps<CardProps>) {
  return <Card component="a" {...props} />;
}

export const AnchorLink = createLink(AnchorBase);
export const ButtonLink = createLink(ButtonBase);
export const CardLink = createLink(CardBase);
