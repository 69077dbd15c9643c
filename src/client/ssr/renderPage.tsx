import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import type { HeadData } from '../lib/pageHead';
import { SITE } from '../lib/pageHead';
import { HeadCollectorContext, type HeadCollector } from '../components/PageHead';
import { headHtml } from './headHtml';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { serverPageLoaded } from '../lib/appEvents';
import { AppProviders } from '../app/AppProviders';
import { routes, type RouteHandle } from '../app/router';
import { makeStore } from '../app/store';
import { apiSlice } from '../api/apiSlice';
import type { PageHeadOut, RenderedPage, RenderPageOptions } from '../../shared/serverRender';
import { SERVER_RENDERED_PATTERNS } from './serverRendered';

/**
 * Renders a screen to HTML on the server with its head and status, or only its head for a screen
 * that depends on this browser's storage (cart, account, tickets, player: `html` is null), or null
 * when the URL is not the app's. The API is reached in process through `serverFetch`; `guestToken`
 * gives the token the page hands to a visitor who has none (asked only for a page rendered here);
 * `siteOrigin` (PUBLIC_URL) begins the canonical and share addresses.
 */
export async function renderPage(url: string, opts: RenderPageOptions): Promise<RenderedPage | null> {
  const handler = createStaticHandler(routes);
  const request = new Request(new URL(url, opts.serverFetch.origin));
  const context = await handler.query(request);
  if (context instanceof Response) return null;
  const leaf = context.matches[context.matches.length - 1];
  if (!leaf) return null;
  const { pathname } = new URL(request.url);
  const headOut = (head: HeadData): PageHeadOut => ({
    head: headHtml(head, opts.siteOrigin, pathname),
    status: head.status ?? 200,
  });
  if (!SERVER_RENDERED_PATTERNS.has(leaf.route.index ? undefined : leaf.route.path)) {
    const head = (leaf.route.handle as RouteHandle | undefined)?.head ?? { title: SITE.title };
    return { ...headOut(head), html: null, styleTags: '', state: null, chunks: [], guestToken: null };
  }

  const store = makeStore(undefined, { serverFetch: opts.serverFetch });
  const guestToken = await opts.guestToken();
  store.dispatch(serverPageLoaded({ guestToken, api: null }));
  await Promise.all(
    context.matches.map((m) => (m.route.handle as RouteHandle | undefined)?.serverData?.(store.dispatch, m.params)),
  );

  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The deepest PageHead rendered is the page's (components/PageHead.tsx).
  let head: HeadData = { title: SITE.title };
  const collector: HeadCollector = { origin: opts.siteOrigin, collect: (h) => void (head = h) };
  const html = renderToString(
    <HeadCollectorContext.Provider value={collector}>
      <CacheProvider value={cache}>
        <AppProviders store={store}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </CacheProvider>
    </HeadCollectorContext.Provider>,
  );
  const styleTags = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  const chunks = context.matches.flatMap((m) => (m.route.handle as RouteHandle | undefined)?.chunk ?? []);
  const state = store.getState();
  // The answers travel in the handover; the store goes now. Left as it is, each answer's removal
  // timer (keepUnusedDataFor: an hour for the catalog's) would keep this store alive that long.
  store.dispatch(apiSlice.util.resetApiState());
  return { ...headOut(head), html, styleTags, state, chunks, guestToken };
}
