import type { Page } from 'puppeteer';

/**
 * What a keyboard-only journey must never see, recorded in the page from the document's first script
 * on (every document of the tab): a pointer event from a real device, and a click or submit event
 * that no person caused (`isTrusted === false`: a script's element.click() or dispatchEvent). Enter
 * or Space on a button through puppeteer's keyboard makes a trusted click, so an untrusted one means
 * the page or the test pressed something for the user.
 *
 * One exception, counted apart: MUI (ButtonBase, Select's options) gives an element that is not a
 * native button its keyboard activation by calling element.click() on it while handling the
 * person's own Enter or Space. An untrusted click is taken as that only when it targets the very
 * element a trusted Enter/Space keydown or keyup is being dispatched to, during that dispatch.
 * The toasts shown are logged as well.
 */

type Watch = { pointer: string[]; untrusted: string[]; keyActivations: string[]; toasts: string[] };
type Watched = { __keyboardOnly: Watch };

function install() {
  const w = window as unknown as Watched;
  w.__keyboardOnly = { pointer: [], untrusted: [], keyActivations: [], toasts: [] };
  const watch = w.__keyboardOnly;
  const describe = (t: EventTarget | null) => {
    if (!(t instanceof Element)) return String(t);
    const name = t.getAttribute('aria-label') ?? (t.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `<${t.tagName.toLowerCase()}> «${name}»`;
  };
  for (const type of ['pointerdown', 'mousedown', 'touchstart']) {
    window.addEventListener(type, (e) => e.isTrusted && watch.pointer.push(`${type} on ${describe(e.target)}`), true);
  }
  // The last trusted Enter/Space key event: while it is being dispatched its eventPhase is not NONE.
  let keyEvent: Event | null = null;
  for (const type of ['keydown', 'keyup']) {
    window.addEventListener(
      type,
      (e) => {
        if (e.isTrusted && ['Enter', ' '].includes((e as KeyboardEvent).key)) keyEvent = e;
      },
      true,
    );
  }
  for (const type of ['click', 'submit']) {
    window.addEventListener(
      type,
      (e) => {
        if (e.isTrusted) return;
        const duringKey = keyEvent !== null && keyEvent.eventPhase !== Event.NONE && keyEvent.target === e.target;
        if (type === 'click' && duringKey) {
          watch.keyActivations.push(`${describe(e.target)} at ${location.pathname}`);
          return;
        }
        // Dispatch is synchronous: the stack names the script that clicked (minified names in a build).
        const caller = (new Error().stack ?? '').split('\n').slice(2, 5).join(' ← ').replace(/\s+/g, ' ');
        watch.untrusted.push(`untrusted ${type} on ${describe(e.target)} at ${location.pathname} (${caller})`);
      },
      true,
    );
  }
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (!(node instanceof Element)) continue;
        const messages =
          node.id === 'notistack-snackbar' ? [node] : Array.from(node.querySelectorAll('#notistack-snackbar'));
        for (const m of messages) watch.toasts.push(m.textContent ?? '');
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Starts watching in every document the tab opens from now on. */
export async function watchKeyboardOnly(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(install);
}

/** Untrusted clicks and submits since the last call (each reported once). */
export const takeUntrustedEvents = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as Watched).__keyboardOnly.untrusted.splice(0));

/** Clicks MUI made for a person's own Enter or Space on a non-native control (see above). */
export const keyActivations = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as Watched).__keyboardOnly.keyActivations.slice());

/** Every pointer event a real device sent in this document. */
export const pointerEvents = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as Watched).__keyboardOnly.pointer.slice());

/** The text of every toast shown in this document, in order. */
export const toastsShown = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as Watched).__keyboardOnly.toasts.slice());
