import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { MAX_ID } from '../../../shared/contract/ids';
import type { Caller } from '../../platform/caller';

/**
 * What a signed media URL carries: the event, the viewer's tag, for a premium event the viewing
 * session it was signed for, the expiry (unix seconds), and the signature over them and the folder.
 */
export type MediaGrant = { e: number; v: string; s?: string; exp: number };
export type SignedQuery = MediaGrant & { sig: string };

/**
 * The viewer a URL was signed for, as a short tag: not a secret and not a guest's id (a guest id
 * is a bearer's identity), but stable for one viewer so a leaked link can be traced to its source.
 */
export function viewerTag(caller: Caller): string {
  if (caller.kind === 'user') return `u${caller.userId}`;
  return `g${createHash('sha256').update(caller.guestId).digest('base64url').slice(0, 12)}`;
}

/**
 * Signs and checks media URLs with the media purpose key. A signature covers the file's folder,
 * not the file: one signature serves a playlist and every segment beside it. It covers the folder,
 * the event, the viewer, the session (empty when none) and the expiry; no part can contain the
 * separator, so no two grants sign the same text.
 */
export function createMediaSigner(key: Buffer) {
  const mac = (dir: string, g: MediaGrant) =>
    createHmac('sha256', key)
      .update(`${dir}\n${g.e}\n${g.v}\n${g.s ?? ''}\n${g.exp}`)
      .digest();
  return {
    /** The query string (without '?') that grants `dir` to this viewer (and session) until `exp`. */
    query(dir: string, g: MediaGrant): string {
      return `e=${g.e}&v=${g.v}${g.s ? `&s=${g.s}` : ''}&exp=${g.exp}&sig=${mac(dir, g).toString('base64url')}`;
    },
    verify(dir: string, q: SignedQuery): boolean {
      const given = Buffer.from(q.sig, 'base64url');
      const expected = mac(dir, q);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type MediaSigner = ReturnType<typeof createMediaSigner>;

const one = (v: unknown) => (typeof v === 'string' ? v : undefined);

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signed query of a request, or null when a part is missing, repeated or malformed (the session is optional). */
export function readSignedQuery(query: unknown): SignedQuery | null {
  const q = (query ?? {}) as Record<string, unknown>;
  const [e, v, s, exp, sig] = [one(q.e), one(q.v), one(q.s), one(q.exp), one(q.sig)];
  if (!e || !/^[1-9]\d{0,9}$/.test(e) || Number(e) > MAX_ID) return null;
  if (!v || !/^[ug][A-Za-z0-9_-]{1,40}$/.test(v)) return null;
  if (q.s !== undefined && (!s || !SESSION_ID.test(s))) return null;
  if (!exp || !/^[1-9]\d{0,11}$/.test(exp)) return null;
  if (!sig || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return null;
  return { e: Number(e), v, ...(s ? { s } : {}), exp: Number(exp), sig };
}
