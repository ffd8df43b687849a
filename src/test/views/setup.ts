import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// jsdom has no layout; Fluent's positioning asks for a ResizeObserver all the same.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

// findBy/waitFor give up after 1 s by default; on CI's busy 2 cores a Fluent dialog's first render took longer
// (CallbackEndpoint.test failed CI that way). A real absence still fails, only 4 s later.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // The lists keep their filters in the address (issue 29): each test opens on a bare one unless it says otherwise.
  window.history.replaceState(null, '', '/');
});
