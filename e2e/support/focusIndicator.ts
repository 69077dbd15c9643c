import type { Page } from 'puppeteer';

/**
 * Whether focus shows, measured on the element itself: its look while focused against its look once
 * focus has left it. The look is the computed outline, box-shadow, border and background of the
 * element and of what draws its focus (MUI's visible host of a hidden native input, a text field's
 * box and its outline). Nothing is changed to measure it: the focused look is read at a stop, the
 * unfocused one when the next stop has taken focus away (the element still on the page and shown;
 * when focus went inside it or around it, only a difference counts).
 * Identical means a sighted keyboard user cannot tell that it had focus (WCAG 2.4.7).
 */

/** One element compared: its name and step are the journey's (it knows them from the stop). */
export type LookCompared = { same: boolean; focused: string; unfocused: string };

type Probe = {
  prev: { el: Element; look: string } | null;
  look: (el: Element) => string;
};
type Probed = { __focusLook: Probe };

function install() {
  // Only what is drawn: an outline or border side of style none, width 0 or a transparent colour is
  // 'none', whatever its other values (an outline offset alone shows nothing).
  const clear = (color: string) => color === 'transparent' || /[,/]\s*0\)$/.test(color);
  const line = (style: CSSStyleDeclaration, prefix: string) => {
    const [kind, width, color] = ['style', 'width', 'color'].map((p) => style.getPropertyValue(`${prefix}-${p}`));
    return kind === 'none' || kind === 'hidden' || parseFloat(width!) === 0 || clear(color!)
      ? `${prefix}: none`
      : `${prefix}: ${width} ${kind} ${color}`;
  };
  const drawn = (style: CSSStyleDeclaration) => {
    const outline = line(style, 'outline');
    return [
      outline.endsWith('none') ? outline : `${outline} offset ${style.outlineOffset}`,
      `box-shadow: ${style.boxShadow}`,
      ...['top', 'right', 'bottom', 'left'].map((side) => line(style, `border-${side}`)),
      `background: ${style.backgroundColor} ${style.backgroundImage}`,
    ].join('; ');
  };
  const carriers = (el: Element): Element[] => {
    const host = el.matches('input[type="range"]')
      ? el.closest('.MuiSlider-thumb')
      : el.tagName === 'INPUT' && getComputedStyle(el).opacity === '0'
        ? el.closest('.MuiButtonBase-root, .MuiSwitch-root')
        : null;
    const field = el.closest('.MuiInputBase-root');
    // A visually hidden file input shows its focus on the label that is its face (the image upload).
    const face = el.tagName === 'INPUT' && el.getBoundingClientRect().width <= 1 ? el.closest('label') : null;
    return [el, host, field, field?.querySelector(':scope > fieldset') ?? null, face].filter((c): c is Element => !!c);
  };
  (window as unknown as Probed).__focusLook = {
    prev: null,
    look: (el) =>
      carriers(el)
        .map((c) => drawn(getComputedStyle(c)))
        .join(' | '),
  };
}

/** Starts measuring in every document the tab opens from now on. */
export async function measureFocusLooks(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(install);
}

/**
 * Called at every stop: compares the element of the previous stop, if focus has left it and it is
 * still shown, with how it looked focused; then remembers the focused element's look for the next
 * call. Returns the comparison, or null when there was nothing to compare.
 */
export function compareLeftBehind(page: Page): Promise<LookCompared | null> {
  return page.evaluate(() => {
    const probe = (window as unknown as Probed).__focusLook;
    const active = document.activeElement;
    const focused = active && active !== document.body && active !== document.documentElement ? active : null;
    let compared: LookCompared | null = null;
    const prev = probe.prev;
    // Focus that went into the element or out to its container leaves it :focus-within, which may
    // keep its look: a difference still shows an indicator, sameness proves nothing.
    const related = !!focused && !!prev && (prev.el.contains(focused) || focused.contains(prev.el));
    if (prev && prev.el !== focused && prev.el.isConnected && prev.el.checkVisibility()) {
      const unfocused = probe.look(prev.el);
      if (!related || unfocused !== prev.look)
        compared = { same: unfocused === prev.look, focused: prev.look, unfocused };
    }
    if (focused) probe.prev = { el: focused, look: probe.look(focused) };
    else if (compared || !prev?.el.isConnected) probe.prev = null;
    return compared;
  });
}

/**
 * The ring a visually hidden input shows on the label that is its face, as 'outline 2px solid' (null
 * when the focused element is not such an input or its label shows no ring of at least 2 px).
 * support/focus.ts measures the input itself and finds nothing there.
 */
export function ringOnLabel(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el.tagName !== 'INPUT' || el.getBoundingClientRect().width > 1) return null;
    const label = el.closest('label');
    if (!label) return null;
    const style = getComputedStyle(label);
    return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
      ? `outline ${style.outlineWidth} ${style.outlineStyle}`
      : null;
  });
}
