import type { RootState } from './store';

/** The id of the JSON the server puts beside a server-rendered page (modules/web/serverRender.ts). */
const SERVER_PAGE_ELEMENT_ID = 'server-page';

/** What a server-rendered page carries for the browser: the state it was rendered from and a guest token. */
export type ServerPage = { state: RootState; guestToken: string | null };

/** The server's handover, when this page was rendered there and came with it. */
export function readServerPage(): ServerPage | null {
  const element = document.getElementById(SERVER_PAGE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerPage;
  } catch {
    return null;
  }
}
