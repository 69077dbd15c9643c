import type { Page } from 'puppeteer';

/** Where keyboard focus is, as a visitor would see and hear it. */
export type Focus = {
  /** The accessible name: aria-label, else the field's label, else its text without hidden parts. */
  name: string;
  role: string;
  /** A text field (it shows focus with its own thicker border, not an outline). */
  field: boolean;
  region: string;
  /** The event card it sits in (its aria-label), if any. */
  card: string | null;
  /** The labelled group it sits in (the player's 'Layout'), if any. */
  group: string | null;
  /** How its focus shows: 'outline 2px', 'box-shadow …', 'field border 2px'; null when nothing shows. */
  indicator: string | null;
  /** Why it cannot be seen or reached: inside aria-hidden or inert, or not rendered; null when it can. */
  hidden: string | null;
  /** No part of it is inside the viewport. */
  offScreen: boolean;
  /** What covers it entirely (a sticky bar, a banner), if something does. */
  coveredBy: string | null;
  /** A dialog is open and focus is outside it. */
  behindDialog: boolean;
};

/**
 * Reads the focused element as the next painted frame shows it; null when focus is on the document
 * itself or has left the page.
 */
export function readFocus(page: Page): Promise<Focus | null> {
  return page.evaluate(async () => {
    // Read straight after a key, layout can hold a change the page has not reacted to yet: a toast
    // that just came, whose room (a ResizeObserver, run before the next paint) the focused control is
    // not yet scrolled clear of. Nobody sees that state; the frame after the next one is past it.
    await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return null;
    const textWithoutHidden = (node: Element) => {
      const copy = node.cloneNode(true) as Element;
      copy.querySelectorAll('[aria-hidden="true"]').forEach((h) => h.remove());
      return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
    };
    const labelled =
      el
        .getAttribute('aria-labelledby')
        ?.split(' ')
        .map((id) => document.getElementById(id))
        .filter(Boolean) ?? [];
    const fieldLabel = (el as HTMLInputElement).labels?.[0];
    const name =
      el.getAttribute('aria-label') ??
      (labelled.length ? labelled.map((l) => textWithoutHidden(l!)).join(' ') : null) ??
      (fieldLabel ? textWithoutHidden(fieldLabel) : null) ??
      textWithoutHidden(el);
    const implicitRole: Record<string, string> = {
      A: 'link',
      BUTTON: 'button',
      INPUT: 'textbox',
      TEXTAREA: 'textbox',
      SELECT: 'combobox',
    };
    const role = el.getAttribute('role') ?? implicitRole[el.tagName] ?? el.tagName.toLowerCase();

    // MUI draws sliders, checkboxes and radios over a transparent native input: what shows is its host.
    const box =
      ((el.matches('input[type="range"]')
        ? el.closest('.MuiSlider-thumb')
        : el.tagName === 'INPUT' && getComputedStyle(el).opacity === '0'
          ? el.closest('.MuiButtonBase-root, .MuiSwitch-root')
          : null) as HTMLElement | null) ?? el;
    const field = el.matches('input:not([type="range"]):not([type="checkbox"]):not([type="radio"]), textarea, select');

    const style = getComputedStyle(box);
    let indicator: string | null = null;
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2)
      indicator = `outline ${style.outlineWidth} ${style.outlineStyle}`;
    else if (style.boxShadow !== 'none') indicator = `box-shadow ${style.boxShadow}`;
    else if (field) {
      const outline = el.closest('.MuiInputBase-root')?.querySelector('fieldset');
      const width = outline ? parseFloat(getComputedStyle(outline).borderTopWidth) : 0;
      if (width >= 2) indicator = `field border ${width}px`;
    }

    // Named, so a failure says which: a fade caught mid-way reads differently from an inert page behind a dialog.
    const transparent = (e: Element | null): Element | null =>
      !e ? null : getComputedStyle(e).opacity === '0' ? e : transparent(e.parentElement);
    const hidden = el.closest('[aria-hidden="true"]')
      ? 'inside aria-hidden'
      : el.closest('[inert]')
        ? 'inside inert'
        : box.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
          ? null
          : transparent(box)
            ? `at opacity 0 (${transparent(box)!.className.toString().slice(0, 60)})`
            : 'not rendered (display or visibility)';
    const rect = box.getBoundingClientRect();
    const offScreen =
      rect.width === 0 ||
      rect.height === 0 ||
      rect.bottom <= 0 ||
      rect.right <= 0 ||
      rect.top >= innerHeight ||
      rect.left >= innerWidth;

    // Covered only if no point of it (centre and four inner corners) is on top (WCAG 2.4.11).
    const host = el.closest('.MuiInputBase-root, .MuiFormControl-root') ?? box;
    const points = [
      [0.5, 0.5],
      [0.1, 0.1],
      [0.9, 0.1],
      [0.1, 0.9],
      [0.9, 0.9],
    ]
      .map(([x, y]) => [rect.left + rect.width * x!, rect.top + rect.height * y!] as const)
      .filter(([x, y]) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight);
    let coveredBy: string | null = null;
    if (!offScreen && points.length > 0) {
      const hits = points.map(([x, y]) => document.elementFromPoint(x, y));
      if (!hits.some((hit) => hit && (host.contains(hit) || hit.contains(box)))) {
        // Named by the nearest part a person would recognise: a labelled region, a toast, a fixed bar.
        let part = hits[0] ?? null;
        const describe = (e: Element) =>
          e.getAttribute('aria-label') ?? e.getAttribute('role') ?? e.getAttribute('data-testid') ?? (e.id || null);
        while (part && !describe(part) && !['fixed', 'sticky'].includes(getComputedStyle(part).position))
          part = part.parentElement;
        const named = (p: Element) => describe(p) ?? getComputedStyle(p).position;
        coveredBy = part
          ? `${part.tagName.toLowerCase()} ${named(part)} «${(part.textContent ?? '').trim().slice(0, 40)}»`
          : 'nothing hit';
      }
    }

    const dialogs = Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')).filter(
      (d) => d.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }),
    );
    const behindDialog = dialogs.length > 0 && !dialogs.some((d) => d.contains(el));

    return {
      name,
      role,
      field,
      indicator,
      hidden,
      offScreen,
      coveredBy,
      behindDialog,
      region: el.closest('header, main, footer, nav, [role="dialog"]')?.tagName.toLowerCase() ?? 'none',
      card: el.closest('article[aria-label]')?.getAttribute('aria-label') ?? null,
      group: el.closest('[role="group"][aria-label]')?.getAttribute('aria-label') ?? null,
    };
  });
}

/** What is wrong with a focus stop, in words; empty when a sighted keyboard user can see where they are. */
export function focusProblems(f: Focus): string[] {
  const where = `'${f.name}' (${f.role} in ${f.region})`;
  return [
    ...(f.name === '' ? [`a ${f.role} in ${f.region} has no name`] : []),
    ...(f.indicator === null ? [`${where} shows no focus indicator`] : []),
    ...(f.hidden ? [`${where} is hidden: ${f.hidden}`] : []),
    ...(f.offScreen ? [`${where} is off screen`] : []),
    ...(f.coveredBy ? [`${where} is covered by ${f.coveredBy}`] : []),
    ...(f.behindDialog ? [`${where} is behind an open dialog`] : []),
  ];
}
