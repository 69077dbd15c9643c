import { createHash, timingSafeEqual } from 'node:crypto';
import { MAX_ID } from '../../../shared/contract/ids';
import type { Caller } from '../../platform/callerIdentity';

/**
 * What a signed media URL carries: the event, the viewer's tag, for a premium event the viewing
 * session it was signed for, and the expiry (unix seconds).
 */
export type MediaGrant = { e: number; v: string; s?: string; exp: number };
/** A request's grant, the folder it names (`streams/<name>` or `live/e<id>/a<n>`), its file and signature. */
export type SignedMediaPath = { grant: MediaGrant; dir: string; file: string; sig: string };

/** Where every signed media URL starts; the edge (docs/deploy/nginx.conf) serves this prefix from its cache. */
export const SIGNED_MEDIA_PREFIX = '/media/signed/';

/**
 * The viewer a URL was signed for, as a short tag: not a secret and not a guest's id (a guest id
 * is a bearer's identity), but stable for one viewer so a leaked link can be traced to its source.
 */
export function viewerTag(caller: Caller): string {
  if (caller.kind === 'user') return `u${caller.userId}`;
  return `g${createHash('sha256').update(caller.guestId).digest('base64url').slice(0, 12)}`;
}

/**
 * How long a premium event's media URL works: two heartbeats. The edge serves cached media on the
 * signature alone, so a closed or silent viewing session's media stop there within this long (and
 * at this server within the session gate's few seconds); the player renews its URLs at half this.
 */
export const premiumMediaUrlSeconds = (heartbeatSeconds: number) => 2 * heartbeatSeconds;

const grantText = (g: MediaGrant) => `e${g.e}.${g.v}${g.s ? `.${g.s}` : ''}`;

/**
 * Signs and checks media URLs in the form nginx's secure_link module checks itself, so the edge
 * and the server verify the same signature (docs/deploy/nginx.conf):
 *
 *   /media/signed/<md5>/<expires>/<grant>/<folder>/<file>
 *   md5 = base64url(MD5("<expires>:<grant>:<folder>:<secret>"))
 *
 * The signature covers the folder, not the file: every playlist and segment of a folder shares one
 * path prefix, so a playlist lists its files by bare relative names and its text is the same for
 * every viewer (the edge keeps one copy). MD5 with the secret last is what secure_link offers; no
 * field can hold ':' or '/' out of place (grant parts are digits, a tag and a UUID; the folder is
 * last before the secret), so no two grants sign the same text.
 */
export function createMediaSigner(secret: string) {
  const digest = (dir: string, g: MediaGrant) =>
    createHash('md5')
      .update(`${g.exp}:${grantText(g)}:${dir}:${secret}`)
      .digest();
  return {
    /** The URL of `file` in folder `dir` for this viewer (and session) until `grant.exp`. */
    url(dir: string, file: string, g: MediaGrant): string {
      return `${SIGNED_MEDIA_PREFIX}${digest(dir, g).toString('base64url')}/${g.exp}/${grantText(g)}/${dir}/${file}`;
    },
    verify(signed: SignedMediaPath): boolean {
      const given = Buffer.from(signed.sig, 'base64url');
      const expected = digest(signed.dir, signed.grant);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type MediaSigner = ReturnType<typeof createMediaSigner>;

const SIGNED_PATH = new RegExp(
  '^([A-Za-z0-9_-]{22})/([1-9]\\d{0,11})/' +
    'e([1-9]\\d{0,9})\\.([ug][A-Za-z0-9_-]{1,40})' +
    '(?:\\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}))?/' +
    '(streams/[A-Za-z0-9_-]+|live/e[1-9]\\d{0,9}/a\\d)/([A-Za-z0-9_-]+\\.(?:m3u8|ts))$',
);

/**
 * The parts of a path under /media/signed/ (already percent-decoded by the router), or null when
 * it is not one: only the shapes above, so a '..', an extra '/' or a '%' never goes further.
 */
export function parseSignedMediaPath(wildcard: string): SignedMediaPath | null {
  const m = SIGNED_PATH.exec(wildcard);
  if (!m) return null;
  const [, sig, exp, e, v, s, dir, file] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string | undefined,
    string,
    string,
  ];
  if (Number(e) > MAX_ID) return null;
  const grant: MediaGrant = { e: Number(e), v, ...(s ? { s } : {}), exp: Number(exp) };
  return { grant, dir, file, sig };
}
