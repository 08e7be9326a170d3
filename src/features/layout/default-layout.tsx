import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import classes from './layout.module.css';

/** Header, a centred content container and the footer: every page except the home page. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <div className={classes.shell}>
      <AppHeader />
      <main className={classes.main}>
        <Container size="lg">{children}</Container>
      </main>
      <AppFooter />
    </div>
  );
}
