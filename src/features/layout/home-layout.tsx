import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { BannerCarousel } from '../content/banner-carousel';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import classes from './layout.module.css';

/** The home page's layout: the banner carousel runs the full width between header and content. */
export function HomeLayout({ children }: { children: ReactNode }) {
  return (
    <div className={classes.shell}>
      <AppHeader />
      <BannerCarousel />
      <main className={classes.main}>
        <Container size="lg">{children}</Container>
      </main>
      <AppFooter />
    </div>
  );
}
