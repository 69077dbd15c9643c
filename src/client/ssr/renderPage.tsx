import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { ServerFetch } from '../api/baseQuery';
import { serverPageLoaded } from '../lib/appEvents';
import { AppProviders } from '../app/AppProviders';
import { routes, type RouteHandle } from '../app/router';
import { makeStore } from '../app/store';
import { SERVER_RENDERED_PATTERNS } from './serverRendered';

export type RenderedPage = {
  /** The app's markup for <div id="root">. */
  html: string;
  /** <style> tags with the CSS of exactly what was rendered (emotion's critical CSS). */
  styleTags: string;
  /** The store's state the markup was rendered from: the client hydrates from the very same. */
  state: unknown;
  /** The webpack chunks of the screen's page: the browser is told to fetch them with the entry. */
  chunks: string[];
};

/**
 * Renders a screen to HTML on the server, or returns null when the screen is not server-rendered
 * (it depends on this browser's storage) or the URL is not the app's. The API is reached in process
 * through `serverFetch`; `guestToken` is the token the page hands to a visitor who has none.
 */
export async function renderPage(
  url: string,
  opts: { serverFetch: ServerFetch; guestToken: string | null },
): Promise<RenderedPage | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, opts.serverFetch.origin)));
  if (context instanceof Response) return null;
  const leaf = context.matches[context.matches.length - 1];
  if (!leaf || !SERVER_RENDERED_PATTERNS.has(leaf.route.index ? undefined : leaf.route.path)) return null;

  const store = makeStore(undefined, { serverFetch: opts.serverFetch });
  store.dispatch(serverPageLoaded({ guestToken: opts.guestToken, api: null }));
  await Promise.all(
    context.matches.map((m) => (m.route.handle as RouteHandle | undefined)?.serverData?.(store.dispatch, m.params)),
  );

  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppProviders store={store}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </CacheProvider>,
  );
  const styleTags = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  const chunks = context.matches.flatMap((m) => (m.route.handle as RouteHandle | undefined)?.chunk ?? []);
  return { html, styleTags, state: store.getState(), chunks };
}
