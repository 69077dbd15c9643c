import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './databaseRule';

/**
 * The owner's rule for the browser journeys: each journey runs once, at the width where its behaviour
 * lives; it runs at both widths only where the screen differs there (the phone's bar, drawers,
 * layouts), while axe audits every screen at both widths. Each journey file says so on its first line:
 *   // @widths phone: <why there>
 *   // @widths desktop: <why there>
 *   // @widths both: layout — <what differs between the widths>
 *   // @widths both: axe — <the journey's width>; its screens audited by axe at both widths
 *   // @widths none: <why no width matters> (no page is laid out: a crawler's view, a build's files)
 * tests/tooling/testPlacement.test.ts fails on a file that says nothing, and on one whose viewports
 * contradict its line (a phone journey that also sets the desktop's viewport, and so on).
 */
const JOURNEYS = 'e2e';
const BOTH_REASONS = ['layout', 'axe'] as const;
type Width = 'phone' | 'desktop' | 'both' | 'none';
export type WidthDeclaration = { file: string; width: Width; reason: string } | { file: string; problem: string };

const PRAGMA = /^\/\/ @widths (phone|desktop|both|none): (.+)$/;
/** The shared viewports (e2e/support/axe.ts) and their literal widths. */
const USES_PHONE = /\bPHONE\b|\b390\b/;
const USES_DESKTOP = /\bDESKTOP\b|\b1280\b/;

function journeyFiles(root = ROOT): string[] {
  return fs
    .readdirSync(path.join(root, JOURNEYS))
    .filter((f) => f.endsWith('.e2e.ts'))
    .map((f) => path.posix.join(JOURNEYS, f))
    .sort();
}

/** What a journey file declares, checked against the viewports its code sets. */
export function widthDeclarationOf(file: string, text: string): WidthDeclaration {
  const [first = '', ...rest] = text.split('\n');
  const match = PRAGMA.exec(first.trim());
  if (!match) return { file, problem: 'its first line does not say `// @widths phone|desktop|both|none: <why>`' };
  const width = match[1] as Width;
  const reason = match[2]!.trim();
  if (reason.split(/\s+/).length < 4) return { file, problem: 'the reason is fewer than four words' };
  if (width === 'both' && !BOTH_REASONS.some((r) => reason.startsWith(`${r} — `)))
    return { file, problem: `'both' must say why first: ${BOTH_REASONS.join(' or ')}, then ' — '` };
  const code = rest.join('\n');
  const phone = USES_PHONE.test(code);
  const desktop = USES_DESKTOP.test(code);
  if (width === 'phone' && desktop) return { file, problem: 'declared phone, yet it sets the desktop viewport' };
  if (width === 'desktop' && phone) return { file, problem: 'declared desktop, yet it sets the phone viewport' };
  if (width === 'none' && (phone || desktop)) return { file, problem: 'declared none, yet it sets a viewport' };
  if (width !== 'both' && width !== 'none' && phone && desktop)
    return { file, problem: 'it sets both viewports: say `both` and why' };
  return { file, width, reason };
}

export function widthDeclarations(root = ROOT): WidthDeclaration[] {
  return journeyFiles(root).map((file) => widthDeclarationOf(file, fs.readFileSync(path.join(root, file), 'utf8')));
}
