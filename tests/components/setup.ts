import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait for what a view shows after its machine's actors or a real server
// answer. On a loaded two-core machine that takes many times longer than idle: the one default
// for every component test, far above the library's second (harnesses and tests set none of their own).
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
