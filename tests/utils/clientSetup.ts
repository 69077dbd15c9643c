import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import { loadToaster } from '../../src/client/app/toasts/ToastProvider';

// findBy… and waitFor give up after 1 s by default. Here a screen waits on a real server and jsdom
// draws it on a CI machine whose two cores run two test workers and that server: a round trip and a
// render take several seconds under that load. Only a failing wait takes longer for it.
configure({ asyncUtilTimeout: 15_000 });

// In a browser the toast stack's code arrives once the first screen is idle; tests render with it
// already there, as a page does by the time anyone acts on it.
beforeAll(() => loadToaster());

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom has no scrolling; react-router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};

// Browsers fire `storage` only in *other* tabs; jsdom also fires it in the tab that wrote. Tests
// play the other tab by dispatching StorageEvents themselves, so jsdom's own events are dropped.
window.addEventListener(
  'storage',
  (event) => {
    if (event.isTrusted) event.stopImmediatePropagation();
  },
  true,
);
