import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';

// The files of a worker share one module registry (isolate: false in vitest.config.ts): each file starts from fresh
// copies of the portal's modules — its stores, caches and listeners — as if it ran alone. Packages (React, Mantine,
// jsdom) are kept, which is the point.
vi.resetModules();

// findBy…/waitFor wait for an element or a call, not for a span of time: their limit only ends a wait that would
// never succeed, so it is generous enough for a busy 2-core machine rendering Mantine (the default 1 s is not).
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // Mantine keeps notifications in a module-level store: one test's toast must not show up in the next.
  notifications.clean();
  notifications.cleanQueue();
});

// Mantine needs these browser APIs that jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
class IntersectionObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
window.IntersectionObserver = IntersectionObserverStub as unknown as typeof IntersectionObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
