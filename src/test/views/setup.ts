import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// jsdom has no layout; Fluent's positioning asks for a ResizeObserver all the same.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

afterEach(() => {
  cleanup();
  // The lists keep their filters in the address (issue 29): each test opens on a bare one unless it says otherwise.
  window.history.replaceState(null, '', '/');
});
