import { createContext, useContext, useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { HeadData } from '../lib/pageHead';
import { showHead, siteOrigin } from '../lib/documentHead';

/**
 * Where a server render keeps the head of the page it renders (ssr/renderPage.tsx), and the site's
 * origin (PUBLIC_URL) for the absolute addresses a head names.
 */
export type HeadCollector = { origin: string; collect(head: HeadData, pathname: string): void };
export const HeadCollectorContext = createContext<HeadCollector | null>(null);

/** The site's origin for absolute addresses (schema.org data): PUBLIC_URL on the server, the same in the browser. */
export function useSiteOrigin(): string {
  return useContext(HeadCollectorContext)?.origin ?? siteOrigin();
}

/**
 * Declares the head of the page being shown: its title, description, share tags, canonical address,
 * status and schema.org data (lib/pageHead.ts). Pages declare one each (the 404 page its own wherever
 * it is shown); a page that declares none has the site's. On the server it is collected while
 * rendering and written into the HTML; in the browser it is put into document.head while the page is
 * shown (lib/documentHead.ts).
 */
export function PageHead(head: HeadData) {
  const collector = useContext(HeadCollectorContext);
  const { pathname } = useLocation();
  collector?.collect(head, pathname);
  const key = JSON.stringify(head);
  useLayoutEffect(() => showHead(JSON.parse(key) as HeadData, pathname), [key, pathname]);
  return null;
}
