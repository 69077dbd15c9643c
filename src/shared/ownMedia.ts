/**
 * A picture of this site: a path under /media/ (posters, uploads under /media/uploads/, slides,
 * share pictures), in plain URL characters, with an optional query. Whatever a browser does with it,
 * it stays on the page's own host and under /media/:
 * - it starts with one slash and a name, so it is never absolute (https://host/…), protocol-relative
 *   (//host/…, or /\host/…, which browsers read the same way), nor a scheme (data:, javascript:);
 * - no backslash, white space, control character, quote or bracket anywhere (browsers drop or turn
 *   some of them inside a URL, so what is read would not be what was checked);
 * - no `.` or `..` segment, written plainly or as %2e, that would climb out of /media/.
 * A regular expression, so the contract publishes the same rule in the API document (`pattern`).
 */
export const OWN_MEDIA_PATH = /^\/media\/(?!(?:[^?#]*\/)?(?:\.|%2[eE]){1,2}(?:[/?#]|$))[A-Za-z0-9._~%/?#=&+-]+$/;

export const isOwnMediaPath = (value: string) => OWN_MEDIA_PATH.test(value);

/**
 * `url` (a path or an absolute address) as an absolute address on `origin`, or null when it would
 * lead anywhere else: what a page may name as its own picture.
 */
export function ownAbsoluteUrl(url: string, origin: string): string | null {
  try {
    const absolute = new URL(url, origin);
    return absolute.origin === new URL(origin).origin ? absolute.href : null;
  } catch {
    return null;
  }
}
