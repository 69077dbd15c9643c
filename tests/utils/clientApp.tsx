import { act, screen } from '@testing-library/react';
import { apiHost } from '../../src/client/api/apiHost';
import { apiSlice } from '../../src/client/api/apiSlice';
import { appStopped } from '../../src/client/lib/appEvents';
import type { AppStore } from '../../src/client/app/store';
import { latestCodeIn } from './mailbox';
import { renderRoute } from './renderWithProviders';
import { signTestToken } from './signToken';
import { startStore } from './startStore';

/*
 * Every client test file talks to one test server from one IP; that server's per-IP limits are
 * raised (tests/utils/apiServer.setup.ts), since the limits themselves are tested on the server.
 */

/** The app as main.tsx starts it (rehydrated from localStorage, listeners on) at `path`, in memory. */
export async function startApp(path: string) {
  if (!localStorage.getItem('auth_token'))
    localStorage.setItem('auth_token', signTestToken({ kind: 'guest', sub: `sign-in-${Date.now()}` }));
  return renderRoute(path, { store: await startStore() });
}

/** Stops the app's listeners and lets its requests finish inside the test that caused them. */
export async function stopApp(store: AppStore | undefined) {
  if (!store) return;
  store.dispatch(appStopped());
  await Promise.all(store.dispatch(apiSlice.util.getRunningQueriesThunk()));
  await Promise.all(store.dispatch(apiSlice.util.getRunningMutationsThunk()));
}

// Captured before any test fakes the timers: waits on the real clock work under jest's fake timers too.
const realSetTimeout = globalThis.setTimeout;
const realSleep = (ms: number) => new Promise((r) => realSetTimeout(r, ms));

/** The newest sign-in code the test server mailed to `email` (waits for the mail). */
export async function mailedCode(email: string, notThis?: string): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const code = latestCodeIn(await (await fetch(`${apiHost()}/dev/mailbox.json`)).json(), email);
    if (code && code !== notThis) return code;
    await realSleep(100);
  }
  throw new Error(`no code mailed to ${email}`);
}

/** Uses up a code by verifying it straight with the server (as if on another device). */
export async function consumeCode(email: string, otp: string) {
  const res = await fetch(`${apiHost()}/v1/verifyotp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailId: email, otp, NewUser: false }),
  });
  if (!res.ok) throw new Error(`verifyotp: ${res.status} ${await res.text()}`);
}

/**
 * Every toast that appears from now on, in order (text of each new notistack message element). A
 * toast with the same text as an earlier one is a new entry, so "a new toast appeared" is checkable;
 * a toast moved within the page (notistack re-inserts its stack when it first fills) is not.
 */
export function recordToasts() {
  const seen: string[] = [];
  const known = new WeakSet<Element>();
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (!(node instanceof Element)) continue;
        const messages =
          node.id === 'notistack-snackbar' ? [node] : Array.from(node.querySelectorAll('#notistack-snackbar'));
        for (const m of messages) {
          if (known.has(m)) continue;
          known.add(m);
          seen.push(m.textContent ?? '');
        }
      }
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return { seen, stop: () => observer.disconnect() };
}

/** The URLs fetch was asked for, from a jest spy on globalThis.fetch. */
export const requestedUrls = (spy: jest.SpyInstance): string[] =>
  spy.mock.calls.map(([req]) => (req instanceof Request ? req.url : String(req)));

/** The code step's form (toasts are role=alert too, so the form's own alert is looked up inside it). */
export const codeForm = () =>
  screen.getByRole('button', { name: /^(Verify|Processing\.\.\.)$/ }).closest('form') as HTMLFormElement;

/**
 * Polls `check` on the real clock, inside act, until it stops throwing. For tests running under jest's
 * fake timers, where testing-library's waitFor would only move the fake clock and never let the
 * server's answers in.
 */
export async function eventually(check: () => void, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (err) {
      if (Date.now() - started > timeoutMs) throw err;
    }
    await act(async () => {
      await realSleep(25);
    });
  }
}
