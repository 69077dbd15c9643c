import { z } from '../../../shared/contract/zod';
import { REDIRECT_MARKERS } from '../../../shared/constants';
import { REDACTED } from '../../lib/redactSecrets';

export const SUPPORT_FILE_KIND = 'allaccess-support-state';
const SUPPORT_FILE_MAX_BYTES = 256 * 1024;
/** The localStorage keys (docs/behaviour.md §3) whose values are credentials: exported as REDACTED, never imported. */
const TOKEN_KEYS = ['auth_token', 'user_token', 'guest_cart_token'] as const;

const redactedOrAbsent = z.union([z.literal(REDACTED), z.null()], {
  error: `must be "${REDACTED}" or null (a support file never carries a token)`,
});
const cartLine = z.looseObject({ assetId: z.number().int().positive() });
/** A path of this site ('/cart?x=1'), never another origin ('//evil.example', '/\\evil.example'). */
const sitePath = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'must be a path of this site');

const supportFileSchema = z.strictObject({
  kind: z.literal(SUPPORT_FILE_KIND),
  version: z.literal(1),
  exportedAt: z.iso.datetime(),
  location: sitePath,
  localStorage: z.strictObject({
    auth_token: redactedOrAbsent,
    user_token: redactedOrAbsent,
    guest_cart_token: redactedOrAbsent,
    userID: z.string().max(40).nullable(),
    userName: z.string().max(200).nullable(),
    demoUse: z.string().max(40).nullable(),
    cartItems: z.array(cartLine).max(100),
    redirect_url: z.enum(REDIRECT_MARKERS).nullable(),
  }),
});
export type SupportFile = z.infer<typeof supportFileSchema>;

/** The persisted state as localStorage holds it under the spec's keys, tokens redacted. */
export function exportSupportFile(storage: Storage, location: string, now = new Date()): SupportFile {
  const read = (key: string) => storage.getItem(key);
  let cartItems: SupportFile['localStorage']['cartItems'] = [];
  try {
    const parsed: unknown = JSON.parse(read('cartItems') ?? '[]');
    if (Array.isArray(parsed)) cartItems = parsed.filter((l) => cartLine.safeParse(l).success);
  } catch {
    // An unreadable mirror exports as an empty cart, as the app itself reads it.
  }
  const redirect = read('redirect_url');
  const tokens = Object.fromEntries(TOKEN_KEYS.map((key) => [key, read(key) === null ? null : REDACTED])) as Record<
    (typeof TOKEN_KEYS)[number],
    typeof REDACTED | null
  >;
  return {
    kind: SUPPORT_FILE_KIND,
    version: 1,
    exportedAt: now.toISOString(),
    location,
    localStorage: {
      ...tokens,
      userID: read('userID'),
      userName: read('userName'),
      demoUse: read('demoUse'),
      cartItems,
      redirect_url: (REDIRECT_MARKERS as readonly string[]).includes(redirect ?? '')
        ? (redirect as SupportFile['localStorage']['redirect_url'])
        : null,
    },
  };
}

export type ImportCheck = { ok: true; file: SupportFile } | { ok: false; problem: string };

/** What is wrong with a file of this size, if anything (a support file is small). */
export const sizeProblem = (size: number): string | null =>
  size > SUPPORT_FILE_MAX_BYTES
    ? `The file is too large (${Math.ceil(size / 1024)} KiB; a support file is under ` +
      `${SUPPORT_FILE_MAX_BYTES / 1024} KiB).`
    : null;

/** Reads a support file, or says in words what is wrong with it. */
export function readSupportFile(text: string, size = text.length): ImportCheck {
  const tooLarge = sizeProblem(size);
  if (tooLarge) return { ok: false, problem: tooLarge };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'The file is not JSON.' };
  }
  if ((json as { kind?: unknown } | null)?.kind !== SUPPORT_FILE_KIND)
    return { ok: false, problem: 'This is not a support state file.' };
  const parsed = supportFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, problem: `${issue.path.join('.') || 'file'}: ${issue.message}.` };
  }
  return { ok: true, file: parsed.data };
}
