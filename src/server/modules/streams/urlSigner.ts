import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { MAX_ID } from '../../../shared/contract/ids';
import type { Caller } from '../../plugins/caller';

/** What a signed media URL carries: the event, the viewer's tag, the expiry (unix seconds), the signature. */
export type MediaGrant = { e: number; v: string; exp: number };
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
 * not the file: one signature serves a playlist and every segment beside it.
 */
export function createMediaSigner(key: Buffer) {
  const mac = (dir: string, g: MediaGrant) => createHmac('sha256', key).update(`${dir}\n${g.e}\n${g.v}\n${g.exp}`).digest();
  return {
    /** The query string (without '?') that grants `dir` to this viewer until `exp`. */
    query(dir: string, g: MediaGrant): string {
      return `e=${g.e}&v=${g.v}&exp=${g.exp}&sig=${mac(dir, g).toString('base64url')}`;
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

/** The signed query of a request, or null when a part is missing, repeated or malformed. */
export function readSignedQuery(query: unknown): SignedQuery | null {
  const q = (query ?? {}) as Record<string, unknown>;
  const [e, v, exp, sig] = [one(q.e), one(q.v), one(q.exp), one(q.sig)];
  if (!e || !/^[1-9]\d{0,9}$/.test(e) || Number(e) > MAX_ID) return null;
  if (!v || !/^[ug][A-Za-z0-9_-]{1,40}$/.test(v)) return null;
  if (!exp || !/^[1-9]\d{0,11}$/.test(exp)) return null;
  if (!sig || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return null;
  return { e: Number(e), v, exp: Number(exp), sig };
}
