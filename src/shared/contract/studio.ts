import { z } from './zod';
import { envelope } from './responseEnvelope';

/**
 * The organizer's console (`/studio`) and its API under `/v1/studio/`. Every call needs a signed-in
 * user whom the operator made an organizer (`npm run organizer:grant -- EMAIL`); the role is read
 * from the database on every call, so a revoke takes effect on the next one. The areas of the
 * console have their own files beside this one (studioEvents.ts, studioSales.ts, …).
 */

/** The console's words the server and the client share. */
export const STUDIO_MESSAGES = {
  notOrganizer: 'This is for organizers. Ask the operator to grant your account the organizer role.',
  unknownEvents: (ids: readonly number[]) => `No event with the id ${ids.join(', ')}.`,
} as const;

// ── GET /v1/studio/me ──────────────────────────────────────────────────────────────────────────────
const studioMeData = z.object({
  userId: z.number().int().positive(),
  email: z.string(),
  name: z.string(),
});
export type StudioMe = z.infer<typeof studioMeData>;
export const studioMeResponse = envelope(studioMeData);

// ── GET /v1/studio/audit ───────────────────────────────────────────────────────────────────────────
const AUDIT_SUBJECT_TYPES = ['event', 'image', 'order', 'coupon', 'live', 'organizer'] as const;

export const auditQuery = z.strictObject({
  subjectType: z.enum(AUDIT_SUBJECT_TYPES).optional(),
  subjectId: z.string().max(100).optional(),
  /** Entries older than this entry id (the page before): the console pages back in time. */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.number().int().positive(),
  at: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
const auditPageData = z.object({ entries: z.array(auditEntry), hasMore: z.boolean() });
export type AuditPage = z.infer<typeof auditPageData>;
export const auditPageResponse = envelope(auditPageData);
