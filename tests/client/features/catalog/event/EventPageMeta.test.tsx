import fs from 'node:fs';
import path from 'node:path';
import { act, screen } from '@testing-library/react';
import { makeStore } from '../../../../../src/client/app/store';
import { preloaded, renderRoute } from '../../../../utils/renderWithProviders';
import { signTestToken } from '../../../../utils/signToken';

/**
 * docs/behaviour.md §2 "Event page": the page's title, description and social tags come from the event, one of
 * each; every page owns its head in turn (components/PageHead.tsx).
 */

const INDEX_HTML = fs.readFileSync(path.join(__dirname, '../../../../../public/index.html'), 'utf8');
/** The meta tags of public/index.html's <head>, as the browser has them before the app starts. */
function headOfIndexHtml(): Element[] {
  const parsed = new DOMParser().parseFromString(INDEX_HTML, 'text/html');
  return Array.from(parsed.head.querySelectorAll('meta[name], meta[property]')).map((meta) =>
    document.head.appendChild(document.importNode(meta, true)),
  );
}
const GENERIC = new DOMParser()
  .parseFromString(INDEX_HTML, 'text/html')
  .querySelector('meta[name="description"]')!
  .getAttribute('content');

const SOCIAL = ['og:type', 'og:title', 'og:description', 'og:url', 'og:image']
  .map((p) => `meta[property="${p}"]`)
  .concat(['twitter:card', 'twitter:title', 'twitter:description', 'twitter:image'].map((n) => `meta[name="${n}"]`));
const contents = (selector: string) =>
  Array.from(document.head.querySelectorAll(selector)).map((m) => m.getAttribute('content'));

let generic: Element[] = [];
beforeEach(() => {
  generic = headOfIndexHtml();
});
afterEach(() => generic.forEach((el) => el.remove()));

it("the event page's head replaces index.html's defaults, one of each tag; the next page's replaces it in turn", async () => {
  expect(GENERIC).toMatch(/Your All-Access Pass/);
  const store = makeStore(preloaded({ auth: { authToken: signTestToken({ kind: 'guest', sub: 'event-meta' }) } }));
  const { router } = renderRoute('/events/velvet-static-unplugged', { store });
  await screen.findByRole('heading', { level: 1, name: 'The Velvet Static — Unplugged' }, { timeout: 5000 });

  expect(contents('meta[name="description"]')).toEqual([
    expect.stringMatching(/^Stripped back to two acoustic guitars/),
  ]);
  for (const selector of SOCIAL) expect({ selector, count: contents(selector).length }).toEqual({ selector, count: 1 });
  expect(contents('meta[property="og:description"]')).toEqual(contents('meta[name="description"]'));
  expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
  // index.html's own description is gone, not hidden beside the page's.
  expect(generic.find((el) => el.getAttribute('name') === 'description')?.isConnected).toBe(false);

  await act(() => router.navigate('/about'));
  await screen.findByRole('heading', { level: 1, name: /The best seat in the house/ }, { timeout: 5000 });
  expect(document.title).toBe('About — AllAccess');
  expect(contents('meta[name="description"]')).toEqual([expect.stringMatching(/^AllAccess streams concerts/)]);
  for (const selector of SOCIAL) expect({ selector, count: contents(selector).length }).toEqual({ selector, count: 1 });
  expect(contents('meta[property="og:title"]')).toEqual(['About AllAccess']);
  expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(0);
});

it("going from one event to another keeps exactly one description, the second event's", async () => {
  const store = makeStore(preloaded({ auth: { authToken: signTestToken({ kind: 'guest', sub: 'event-meta-2' }) } }));
  const { router } = renderRoute('/events/velvet-static-unplugged', { store });
  await screen.findByRole('heading', { level: 1, name: 'The Velvet Static — Unplugged' }, { timeout: 5000 });
  await act(() => router.navigate('/events/marisol-vega-quartet'));
  await screen.findByRole('heading', { level: 1, name: /Marisol Vega Quartet/ }, { timeout: 5000 });
  expect(contents('meta[name="description"]')).toHaveLength(1);
  expect(contents('meta[name="description"]')).not.toEqual([GENERIC]);
  expect(contents('meta[property="og:title"]')).toEqual([expect.stringMatching(/Marisol Vega Quartet/)]);
});
