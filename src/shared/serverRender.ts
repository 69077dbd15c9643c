/**
 * What the server and the browser agree on about a server-rendered page: the render bundle's
 * function (src/client/ssr/renderPage.tsx, built to dist-ssr/render.js and called by
 * modules/web/serverRender.ts), and the handover the page carries for the browser (read by
 * src/client/app/serverPage.ts).
 */

/** The id of the <script type="application/json"> beside #root that holds the handover. */
export const SERVER_PAGE_ELEMENT_ID = 'server-page';

/**
 * What a server-rendered page hands the browser: the store's state it was rendered from (the
 * client's RootState; the server passes it on unread) and the guest token it was rendered with.
 */
export type ServerPageHandover<State = unknown> = { state: State; guestToken: string | null };

/**
 * How a store on the server reaches the API: in process, through the store's thunk extra argument.
 * A browser store has none and uses the page's own origin.
 */
export type ServerFetch = { origin: string; fetchFn: typeof fetch };

/** What goes into <head> and the status line, for every page the app knows (rendered or not). */
export type PageHeadOut = {
  /** <title> and the page's tags (ssr/headHtml.ts), for <head>. */
  head: string;
  /** 404 for the 404 page (an unknown address, event, category or agreement), else 200. */
  status: number;
};

export type RenderedPage = PageHeadOut & {
  /** The app's markup for <div id="root">; null for a screen the browser renders (only its head is here). */
  html: string | null;
  /** <style> tags with the CSS of exactly what was rendered (emotion's critical CSS). */
  styleTags: string;
  /** The store's state the markup was rendered from: the client hydrates from the very same. */
  state: unknown;
  /** The webpack chunks of the screen's page: the browser is told to fetch them with the entry. */
  chunks: string[];
  /** The guest token the page was rendered with, handed to the browser beside the state. */
  guestToken: string | null;
};

export type RenderPageOptions = {
  serverFetch: ServerFetch;
  /** The token the page hands to a visitor who has none (asked only for a page rendered here). */
  guestToken: () => Promise<string | null>;
  /** PUBLIC_URL: begins the canonical and share addresses. */
  siteOrigin: string;
};

/** The render bundle's renderPage: null when the URL is not the app's. */
export type RenderPage = (url: string, opts: RenderPageOptions) => Promise<RenderedPage | null>;
