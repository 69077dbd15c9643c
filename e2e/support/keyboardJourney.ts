import type { BrowserContext, Page } from 'puppeteer';
import { axeViolations, describeViolations, waitUntilSettled } from './axe';
import { compareLeftBehind, measureFocusLooks, ringOnLabel } from './focusIndicator';
import { readFocus, focusProblems, type Focus } from './focus';
import { takeUntrustedEvents, watchKeyboardOnly } from './keyboardOnly';
import { waitUntil } from './waitUntil';

/**
 * A journey made with the keyboard alone, and everything it proves about focus along the way:
 *
 * - every stop (Tab, arrows) is named, visible, on screen, not covered nor behind a dialog (focus.ts),
 *   and looks different focused than unfocused (focusIndicator.ts);
 * - after every Enter, Space or Escape focus is somewhere, never on <body>: each press must be
 *   followed by one of `arrive` (the address changed), `dialogOpened`, `dialogClosed` or `stayed`,
 *   and a press left unchecked is itself a problem;
 * - after a change of address focus is on the new page's main heading (components/useRouteFocus.ts),
 *   and a change of address the journey did not `arrive` at is a problem;
 * - when a dialog or popup closes, focus is back on the control that opened it;
 * - no click or submit event is untrusted (keyboardOnly.ts): no script pressed anything for the user.
 *
 * Problems are collected, each with its step, so one run shows them all; the test asserts none.
 */

/** Where focus goes while a modal layer (a dialog, a select's list, a menu) is open. */
const MODAL = '[role="dialog"], [role="alertdialog"], .MuiModal-root';
/** How long focus may take to land where it belongs (a heading still loading, a dialog's fade-out). */
const FOCUS_LANDS_MS = 5_000;

type Press = { key: string; on: string; step: string };
type Marked = { __journeyOpener: Element | null; __journeyBeforePress: Element | null };

/** What the focused element is, in a few words, for a message. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return '<body>';
    const name = a.getAttribute('aria-label') ?? (a.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
    return `<${a.tagName.toLowerCase()}> «${name}»`;
  });

/**
 * `main` focused (a new page without a heading, as the home page): read here, since focus.ts names
 * an element from a deep copy of it, and a copy of the whole page starts loading its videos again
 * (the hero's revoked blob: address, a console error the page never caused).
 */
const readMainFocus = (page: Page): Promise<Focus | null> =>
  page.evaluate(async () => {
    await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
    const el = document.activeElement;
    if (!el || el.tagName !== 'MAIN') return null;
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    const dialogs = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).filter((d) =>
      d.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }),
    );
    return {
      name: el.getAttribute('aria-label') ?? '<main>',
      role: 'main',
      field: false,
      region: 'main',
      card: null,
      group: null,
      indicator:
        style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
          ? `outline ${style.outlineWidth} ${style.outlineStyle}`
          : style.boxShadow !== 'none'
            ? `box-shadow ${style.boxShadow}`
            : null,
      hidden: el.closest('[aria-hidden="true"]')
        ? 'inside aria-hidden'
        : el.closest('[inert]')
          ? 'inside inert'
          : el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
            ? null
            : 'not rendered',
      offScreen: rect.bottom <= 0 || rect.top >= innerHeight || rect.width === 0 || rect.height === 0,
      // A landmark as tall as the page always shows somewhere: never entirely covered.
      coveredBy: null,
      behindDialog: dialogs.length > 0 && !dialogs.some((d) => d.contains(el)),
    };
  });

/** Where focus is, as focus.ts reads it (`main` read without copying it). */
const focusNow = async (page: Page): Promise<Focus | null> => (await readMainFocus(page)) ?? readFocus(page);

export class KeyboardJourney {
  readonly stops: (Focus & { step: string })[] = [];
  readonly axe: { step: string; violations: string }[] = [];
  readonly problems: string[] = [];
  /** How many elements were compared focused against unfocused. */
  looksCompared = 0;
  step = 'start';
  private pending: Press | null = null;
  private lastStop: { name: string; step: string } | null = null;
  private path: string | null = null;
  private opener: string | null = null;

  private constructor(readonly page: Page) {}

  /** A new tab in `context` with every watch in place before its first document. */
  static async open(context: BrowserContext, viewport: { width: number; height: number }): Promise<KeyboardJourney> {
    const page = await context.newPage();
    await page.setViewport(viewport);
    await watchKeyboardOnly(page);
    await measureFocusLooks(page);
    return new KeyboardJourney(page);
  }

  private problem(text: string) {
    this.problems.push(`${this.step}: ${text}`);
  }

  /** A document loaded from its address (the one thing typed outside the page): no focus is expected yet. */
  async load(step: string, url: string, ready: () => Promise<unknown>) {
    await this.page.goto(url, { waitUntil: 'networkidle0' });
    this.path = new URL(this.page.url()).pathname;
    await this.settle(step, ready);
  }

  /** Names the step, waits until the page settles, then runs axe on it. */
  private async settle(step: string, ready: () => Promise<unknown>) {
    this.step = step;
    await ready();
    await waitUntilSettled(this.page);
    this.axe.push({ step, violations: describeViolations(await axeViolations(this.page)) });
  }

  /**
   * Checks where focus is now: records the stop and what is wrong with it, compares the element of
   * the previous stop unfocused with how it looked focused, collects untrusted clicks, and notices a
   * change of address nobody checked.
   */
  async checkFocus(): Promise<Focus | null> {
    const focus = await focusNow(this.page);
    const left = await compareLeftBehind(this.page);
    if (left && this.lastStop) {
      this.looksCompared += 1;
      if (left.same)
        this.problems.push(
          `${this.lastStop.step}: '${this.lastStop.name}' looks the same focused and unfocused ` +
            `(${left.focused.slice(0, 160)}…)`,
        );
    }
    if (focus) {
      this.stops.push({ ...focus, step: this.step });
      let problems = focusProblems(focus);
      if (focus.indicator === null && (await ringOnLabel(this.page)))
        problems = problems.filter((p) => !p.endsWith('shows no focus indicator'));
      this.problems.push(...problems.map((p) => `${this.step}: ${p}`));
      this.lastStop = { name: focus.name, step: this.step };
    }
    for (const event of await takeUntrustedEvents(this.page)) this.problem(event);
    const path = await this.page.evaluate(() => location.pathname);
    if (this.path !== null && path !== this.path) {
      this.problem(`the address changed to ${path} and the journey never checked where focus landed`);
      this.path = path;
    }
    return focus;
  }

  /** Presses Tab (Shift+Tab backwards) until the focused element is `what` (none if it is); checks every stop. */
  async tabTo(what: string, want: (f: Focus) => boolean, { max = 150, backwards = false } = {}): Promise<Focus> {
    const already = await focusNow(this.page);
    if (already && want(already)) return already;
    const seen: string[] = [];
    for (let i = 0; i < max; i += 1) {
      if (backwards) await this.page.keyboard.down('Shift');
      await this.page.keyboard.press('Tab');
      if (backwards) await this.page.keyboard.up('Shift');
      const focus = await this.checkFocus();
      seen.push(focus ? `${focus.name} [${focus.region}]` : '(out of the page)');
      if (focus && want(focus)) return focus;
    }
    throw new Error(`${this.step}: ${max} Tab presses did not reach ${what}; stops: ${seen.join(' → ')}`);
  }

  /** Presses an arrow key (inside a grid, a list) until the focused element is `what`; checks every stop. */
  async arrowTo(key: 'ArrowDown' | 'ArrowUp' | 'ArrowRight' | 'ArrowLeft', what: string, want: (f: Focus) => boolean) {
    const seen: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      await this.page.keyboard.press(key);
      const focus = await this.checkFocus();
      seen.push(focus ? focus.name : '(nothing)');
      if (focus && want(focus)) return focus;
    }
    throw new Error(`${this.step}: ${key} did not reach ${what}; stops: ${seen.join(' → ')}`);
  }

  /** Enter, Space or Escape on what has focus; the next call must say what became of focus. */
  async press(key: 'Enter' | 'Space' | 'Escape') {
    this.unchecked();
    const on = await describeFocus(this.page);
    await this.page.evaluate(() => {
      (window as unknown as Marked).__journeyBeforePress = document.activeElement;
    });
    await this.page.keyboard.press(key);
    this.pending = { key, on, step: this.step };
  }

  private unchecked() {
    if (this.pending)
      this.problems.push(
        `${this.pending.step}: ${this.pending.key} on ${this.pending.on} was never followed by a focus check`,
      );
    this.pending = null;
  }

  /** Tab to the control named `name` and press Enter (or Space) on it. */
  async activate(name: string, opts?: { max?: number; backwards?: boolean; key?: 'Enter' | 'Space' }) {
    await this.tabTo(`'${name}'`, (f) => f.name === name, opts);
    await this.press(opts?.key ?? 'Enter');
  }

  /** Tab to the field labelled `label` and type into it. */
  async fill(label: string, text: string) {
    await this.tabTo(`the field '${label}'`, (f) => f.field && f.name === label);
    await this.page.keyboard.type(text);
  }

  /** Focus after the last press must be somewhere on the page, not on <body>. */
  private async notOnBody() {
    const where = await describeFocus(this.page);
    if (where === '<body>' && this.pending)
      this.problem(`after ${this.pending.key} on ${this.pending.on}, focus fell to <body>`);
    else if (where === '<body>') this.problem('focus fell to <body>');
  }

  /**
   * The address changed (the caller waited for it): `ready` is what the new page shows when it is
   * there; then focus must be on its main heading (a visible h1 in `main`; `main` on a page without
   * one), or where `focus` says the page itself puts it.
   */
  async arrive(step: string, ready: () => Promise<unknown>, focus?: { on: string; is: (f: Focus) => boolean }) {
    this.step = step;
    await ready();
    const path = await this.page.evaluate(() => location.pathname);
    // The heading, or `main` itself on a page without one (the home page).
    const onHeading = () =>
      this.page.evaluate(() => {
        const h1 = Array.from(document.querySelectorAll('main h1')).find((h) => h.checkVisibility());
        const target = h1 ?? document.querySelector('main');
        return { onHeading: !!target && document.activeElement === target, heading: h1?.textContent ?? '<main>' };
      });
    const landed = focus
      ? await waitUntil(this.page, focus.on, focusNow, (f) => f !== null && focus.is(f), FOCUS_LANDS_MS).catch(
          () => null,
        )
      : await waitUntil(this.page, 'focus on the main heading', onHeading, (h) => h.onHeading, FOCUS_LANDS_MS).catch(
          () => null,
        );
    if (!landed) {
      const heading = focus ? focus.on : `the main heading «${(await onHeading()).heading}»`;
      this.problem(
        `after the address changed to ${path}, focus is on ${await describeFocus(this.page)}, not ${heading}`,
      );
    }
    await this.notOnBody();
    this.pending = null;
    this.path = path;
    await this.checkFocus();
    await this.settle(step, async () => undefined);
  }

  /** The last press opened a dialog or popup (the caller waited for it to show): focus must be inside it. */
  async dialogOpened(step: string) {
    this.step = step;
    const inside = () => this.page.evaluate((modal) => document.activeElement?.closest(modal) != null, MODAL);
    if (!(await waitUntil(this.page, 'focus in the dialog', inside, Boolean, FOCUS_LANDS_MS).catch(() => false)))
      this.problem(`focus is on ${await describeFocus(this.page)}, not in the dialog that opened`);
    this.opener = this.pending?.on ?? null;
    await this.page.evaluate(() => {
      const w = window as unknown as Marked;
      w.__journeyOpener = w.__journeyBeforePress;
    });
    this.pending = null;
    // The dialog's fade-in over first: mid-way, axe measured its colours half blended (1.28:1), and
    // the field it focuses is still at opacity 0 on its first frame (read as hidden under load).
    await waitUntilSettled(this.page);
    await this.checkFocus();
    this.axe.push({ step, violations: describeViolations(await axeViolations(this.page)) });
  }

  /** axe on the page as it is now, for a step that is not a new page. */
  private async audit(step: string) {
    await waitUntilSettled(this.page);
    this.axe.push({ step, violations: describeViolations(await axeViolations(this.page)) });
  }

  /** The last press closed the dialog or popup: once it is gone, focus must be back on its opener. */
  async dialogClosed(step: string, { audit = false } = {}) {
    this.step = step;
    await waitUntil(
      this.page,
      'the dialog to close',
      (p) => p.evaluate((modal) => document.querySelector(modal) === null, MODAL),
      Boolean,
    );
    const back = () =>
      this.page.evaluate(() => {
        const opener = (window as unknown as Marked).__journeyOpener;
        return opener !== null && opener === document.activeElement;
      });
    if (!(await waitUntil(this.page, 'focus back on the opener', back, Boolean, FOCUS_LANDS_MS).catch(() => false)))
      this.problem(
        `the dialog closed and focus is on ${await describeFocus(this.page)}, ` +
          `not back on ${this.opener ?? 'its opener'}`,
      );
    await this.notOnBody();
    this.pending = null;
    await this.checkFocus();
    if (audit) await this.audit(step);
  }

  /** The last press acted in place (the caller waited for its effect): focus must still be on the page. */
  async stayed(step: string, { audit = false } = {}) {
    this.step = step;
    await this.notOnBody();
    this.pending = null;
    await this.checkFocus();
    if (audit) await this.audit(step);
  }

  /** At the end: a press still unchecked is a problem too. */
  finish() {
    this.unchecked();
  }
}
