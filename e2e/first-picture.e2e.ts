// @widths phone: the first picture is measured as a phone on a slow network sees it
import { baseUrl } from './support/browser';

/**
 * A server-rendered screen names its largest picture (LCP) ahead of its scripts, with high
 * priority, so a phone on a slow link fetches it first; the page keeps React's own copy in the body.
 */
const headOf = async (path: string) => {
  const res = await fetch(baseUrl() + path, { headers: { accept: 'text/html' } });
  expect(res.status).toBe(200);
  const html = await res.text();
  return html.slice(0, html.indexOf('</head>'));
};

/** The preload links for images in `head`, in order, and where the first script starts. */
const imagePreloads = (head: string) =>
  [...head.matchAll(/<link rel="preload"[^>]*as="image"[^>]*>/g)].map((m) => ({ tag: m[0], at: m.index }));

it.each([
  ['the home page: the first slide’s poster', '/', '/media/carousel/'],
  ['an event page: its poster', '/events/velvet-static-unplugged', '/media/posters/velvet-static-unplugged.svg'],
  ['a category page: the first card’s poster', '/category/on-demand', '/media/posters/'],
])('%s is preloaded in <head> before any script, fetchPriority high', async (_name, path, picture) => {
  const head = await headOf(path);
  const preloads = imagePreloads(head);
  expect(preloads).toHaveLength(1);
  expect(preloads[0]!.tag).toContain(`href="${picture}`);
  expect(preloads[0]!.tag).toMatch(/fetchPriority="high"/i);
  const firstScript = head.search(/<script\b/);
  expect(firstScript).toBeGreaterThan(-1);
  expect(preloads[0]!.at).toBeLessThan(firstScript);
});

it('a screen without a first picture (/about) preloads no image', async () => {
  expect(imagePreloads(await headOf('/about'))).toEqual([]);
});

it.each(['/', '/events', '/events/velvet-static-unplugged'])(
  '%s preloads its page chunks at low priority, so they do not race the picture',
  async (path) => {
    const scripts = [...(await headOf(path)).matchAll(/<link rel="preload"[^>]*as="script"[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((tag) => !/fetchpriority="low"/i.test(tag))).toEqual([]);
  },
);
