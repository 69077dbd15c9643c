import { SERVER_PAGE_ELEMENT_ID, type ServerPageHandover } from '../../shared/serverRender';
import type { RootState } from './store';

/** The handover of a server-rendered page (modules/web/serverRender.ts writes it), as this app's state. */
export type ServerPage = ServerPageHandover<RootState>;

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
