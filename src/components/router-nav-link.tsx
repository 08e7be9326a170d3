import { NavLink, type NavLinkProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { AnchorElementProps } from '@/components/router-links';

function NavLinkAnchor(props: AnchorElementProps<NavLinkProps>) {
  return <NavLink component="a" {...props} />;
}

/** Mantine's NavLink as a typed router link, for the sidebars and the phone menu. */
export const NavLinkLink = createLink(NavLinkAnchor);
