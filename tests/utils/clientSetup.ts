import '@testing-library/jest-dom';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom has no scrolling; react-router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};

// Browsers fire `storage` only in *other* tabs; jsdom also fires it in the tab that wrote. Tests
// play the other tab by dispatching StorageEvents themselves, so jsdom's own events are dropped.
window.addEventListener('storage', (event) => {
  if (event.isTrusted) event.stopImmediatePropagation();
}, true);
