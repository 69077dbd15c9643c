import sanitizeHtml from 'sanitize-html';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

/**
 * The rules of one event that hold wherever it comes from: the console's form (service.ts) and the
 * JSON catalog import (catalog/catalogFile.ts). Pure functions: each answers a problem (a sentence)
 * or null, and the caller decides how to refuse.
 */

/** What the storefront renders of an organizer's HTML: text structure and links, nothing that runs. */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'br', 'blockquote'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // A link that opens a new tab cannot reach back into ours.
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs: { ...attribs } },
  },
};

/** Schemes that run code when a link is followed; written in any case, with spaces or control characters inside. */
const SCRIPT_SCHEME = /^(javascript|vbscript|livescript):/;
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background']);

/** A URL without the characters browsers skip inside its scheme (spaces, tabs, newlines, other controls). */
function squeeze(url: string): string {
  let out = '';
  for (const ch of url) {
    const code = ch.codePointAt(0)!;
    if (code > 0x20 && (code < 0x7f || code > 0x9f)) out += ch;
  }
  return out;
}

export type HtmlVerdict = { ok: true; html: string } | { ok: false };

/**
 * Sanitizes organizer HTML with the allow-list. Input that tries to run code — a <script>, an
 * event handler attribute (onerror=…), a javascript: link — is refused rather than quietly cleaned:
 * the organizer learns their text did not survive as written, and nothing is saved. The parser is
 * sanitize-html's own (htmlparser2), so the check sees the tags and decoded attributes it sanitizes.
 */
export function sanitizeDescription(input: string): HtmlVerdict {
  let unsafe = false;
  const html = sanitizeHtml(input, {
    ...ALLOWED,
    onOpenTag(name, attribs) {
      if (name.toLowerCase() === 'script') unsafe = true;
      for (const [attribute, value] of Object.entries(attribs)) {
        const a = attribute.toLowerCase();
        if (a.startsWith('on')) unsafe = true;
        const squeezed = squeeze(String(value)).toLowerCase();
        if (URL_ATTRIBUTES.has(a) && SCRIPT_SCHEME.test(squeezed)) unsafe = true;
      }
    },
  });
  return unsafe ? { ok: false } : { ok: true, html };
}

/** Whether `zone` is an IANA time zone this server knows ('Europe/Paris', 'UTC'); offsets such as '+02:00' are not. */
export function isKnownTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const WALL_FORMAT = "yyyy-MM-dd'T'HH:mm";

/**
 * The UTC instant of a wall time ('YYYY-MM-DDTHH:mm') at the venue, or a problem: a date that does
 * not exist (31 February), or a time the clocks skip in that zone (a spring-forward gap).
 */
export function wallTimeToUtc(wall: string, zone: string): { at: Date } | { problem: string } {
  const [date = '', time = ''] = wall.split('T');
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const probe = new Date(Date.UTC(y, m - 1, d, hh, mm));
  if (
    probe.getUTCFullYear() !== y ||
    probe.getUTCMonth() !== m - 1 ||
    probe.getUTCDate() !== d ||
    probe.getUTCHours() !== hh ||
    probe.getUTCMinutes() !== mm
  ) {
    return { problem: `The air date ${wall} is not a real date and time.` };
  }
  const at = fromZonedTime(wall, zone);
  if (formatInTimeZone(at, zone, WALL_FORMAT) !== wall) {
    return {
      problem:
        `${wall.replace('T', ' ')} does not exist in ${zone} ` + '(the clocks move forward then): choose another time.',
    };
  }
  return { at };
}

/** The wall time at the venue of a stored UTC instant, as the form shows it. */
export function utcToWallTime(at: Date, zone: string): string {
  return formatInTimeZone(at, zone, WALL_FORMAT);
}

/** A premium event is sold: it needs a price above zero (cents). */
export function premiumPriceProblem(isPremium: boolean, rateCents: number | null): string | null {
  return isPremium && !(rateCents !== null && rateCents > 0) ? 'A premium event needs a price above $0.' : null;
}

/** A path of digits only: the storefront reads it as an id (shared/contract/ids.ts parseIdOrPath), never a path. */
export const isIdLike = (path: string) => /^\d+$/.test(path);

/**
 * An event's address from its title: lowercase words and hyphens ('Night Shift — Live!' →
 * 'night-shift-live'). Never digits only ('2046' → 'event-2046'): such a key is read as an id.
 */
export function pathFromTitle(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/g, '');
  if (!words) return 'event';
  return isIdLike(words) ? `event-${words}`.slice(0, 100) : words;
}
