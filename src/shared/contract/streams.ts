import { z } from './zod';
import { envelope } from './responseEnvelope';

/**
 * Watching (docs/behaviour.md §3 "Stream config", §7 GET /admin/asset/streamconfig/{id}, §9 player constants;
 * docs/decisions.md "Watching"). The server answers `data.config_data` as a JSON string, as the spec shows;
 * the client parses it with `streamConfigData`. Every URL in it is a signed, expiring media URL the
 * client treats as opaque: when one answers 403, the client fetches a fresh config and goes on.
 */

/** The player's layouts: one angle; two side by side; 2×2; 3×3; one main view with the others as a strip. */
export const PLAYER_LAYOUTS = ['single', 'two-up', 'grid-2x2', 'grid-3x3', 'main-strip'] as const;
export type PlayerLayout = (typeof PLAYER_LAYOUTS)[number];

const streamUrl = z.object({ url: z.string().min(1), name: z.string().min(1).max(60) });

export const layoutConfig = z.object({
  layout: z.enum(PLAYER_LAYOUTS),
  label: z.string().min(1).max(60),
  /** How many angles the layout shows at once. */
  tiles: z.number().int().min(1).max(9),
});
export type LayoutConfig = z.infer<typeof layoutConfig>;

/** The parsed `config_data` (docs/behaviour.md §3), with the URLs signed for this viewer. */
export const streamConfigData = z.object({
  /** The default main picture (the program feed in the demo). */
  videoUrl: z.string(),
  /** The main picture at its highest quality (may equal videoUrl). */
  video_H_Url: z.string(),
  /** Pre-composited two-angle and four-angle feeds (one decoder for several angles on weak devices). */
  video_dual_Url: z.string(),
  video_quad_Url: z.string(),
  /** The program's sound (the program feed's playlist in the demo). */
  audiourl: z.string(),
  /** The director's cut. */
  programcutUrl: z.string(),
  /** The program cut's name, shown on its tile. */
  Program: z.string(),
  /** The camera angles, in order: keys 1–9. At most nine (docs/behaviour.md §9). */
  streamUrls: z.array(streamUrl).min(1).max(9),
  /** Layouts the organizer offers; nulls were stripped by the server. */
  layoutConfigs: z.array(layoutConfig),
});
export type StreamConfigData = z.infer<typeof streamConfigData>;

// ── GET /v1/admin/asset/streamconfig/{id}?session={sessionId} ────────────────────────────────────
/**
 * `{id}` is the event's path (or numeric id). `session` is the viewing session opened on play; for
 * a premium event its key goes in the VIEWING_SESSION_KEY_HEADER header (never in the URL).
 */
export const streamConfigQuery = z.object({ session: z.uuid().optional() });
export const streamConfigResponse = envelope(
  z.object({
    /** JSON string of StreamConfigData (docs/behaviour.md §3). */
    config_data: z.string(),
    /** When the signed URLs stop working (ISO). Fetch a fresh config before or on a 403. */
    expiresAt: z.string(),
    /** 'live': the streams are live HLS (sliding window); 'vod': on demand. */
    mode: z.enum(['live', 'vod']),
    /** Air start (ISO) or null. */
    airStartDate: z.string().nullable(),
  }),
);
export type StreamConfigResponse = z.infer<typeof streamConfigResponse>;

// ── Viewing sessions: the device limit (docs/decisions.md "Watching") ────────────────────────────────────
// POST   /v1/viewing-sessions                      body { eventId }  → 201 session + key | 409 limit reached
// POST   /v1/viewing-sessions/takeover             body { eventId }  → 201 session + key, the oldest device closed
// POST   /v1/viewing-sessions/{sessionId}/heartbeat   key header     → 200 session | 404 ended (open again)
// DELETE /v1/viewing-sessions/{sessionId}             key header     → 200 (idempotent)
/**
 * The header carrying a viewing session's key: the secret only the device that opened the session
 * holds. Heartbeats, closes and a premium event's stream config need it; knowing the session id alone
 * (another device of the same account) is not enough. A header, never a query: URLs end up in logs.
 */
export const VIEWING_SESSION_KEY_HEADER = 'x-viewing-session-key';
/**
 * The header carrying the caller's signed entitlement for the event (given with every open, and by
 * GET /v1/viewing-entitlements after a purchase): it vouches for the ticket while the database is out
 * of reach, so an open or a stream config still succeeds during an outage. Ignored otherwise.
 */
export const VIEWING_ENTITLEMENT_HEADER = 'x-viewing-entitlement';
/** A signed entitlement as handed out: its text, its event's id and when it stops vouching. */
const viewingEntitlement = z.object({
  token: z.string().regex(/^v1\.\d+\.\d+\.\d{10}\.[A-Za-z0-9_-]{43}$/),
  eventId: z.number().int().positive(),
  expiresAt: z.iso.datetime(),
});
export type ViewingEntitlement = z.infer<typeof viewingEntitlement>;
export const viewingEntitlementsResponse = envelope(z.object({ entitlements: z.array(viewingEntitlement) }));
export const openViewingSessionBody = z.strictObject({
  /** The event's path (or numeric id as a string). */
  eventId: z.string().min(1).max(120),
});
export const viewingSessionParams = z.object({ sessionId: z.uuid() });
const viewingSession = z.object({
  sessionId: z.uuid(),
  /** Send a heartbeat this often; a session silent for twice as long frees its slot. */
  heartbeatSeconds: z.number().int().positive(),
  /** Devices one ticket may play on at once. */
  deviceLimit: z.number().int().positive(),
});
export type ViewingSession = z.infer<typeof viewingSession>;
export const viewingSessionResponse = envelope(viewingSession);
/** The answer to an open: the session and its key (256 random bits, base64url), given this once only. */
const openedViewingSession = viewingSession.extend({
  sessionKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  /** A premium event's ticket, signed: kept by the player for an open during an outage. */
  entitlement: viewingEntitlement.optional(),
});
export type OpenedViewingSession = z.infer<typeof openedViewingSession>;
export const openedViewingSessionResponse = envelope(openedViewingSession);

/** Whether a refusal is the replay window's (a 403 the player shows as it is, not the ticket's). */
export const isReplayEnded = (message: string | null) => !!message?.startsWith('The replay of this show ended on ');

export const STREAM_MESSAGES = {
  config: 'Stream config',
  opened: 'Viewing session opened',
  /** A takeover's 201 when it stopped another device (without one to stop, it answers `opened`). */
  tookOver: 'Viewing session opened in place of another device',
  kept: 'Viewing session kept',
  closed: 'Viewing session closed',
  entitlements: 'Your tickets, signed for watching',
  /** 403 from streamconfig and viewing sessions: no ticket for a premium event. */
  notEntitled: 'Buy a ticket to watch this event.',
  /** 409 before a live event's air start. */
  notStarted: 'This event has not started yet.',
  /** 404 on a heartbeat for a closed or freed session, or without the session's key; 409 from streamconfig. */
  sessionEnded: 'This viewing session has ended. Press play to watch again.',
  /**
   * 409 on the heartbeat and the stream config of a session another device of the ticket took over
   * ('Watch here instead'), told only to the device holding the session's key.
   */
  movedAway: 'The show moved to another device.',
  /** 403 from streamconfig once a live show's replay window (the event's replay days) has passed. */
  replayEnded: (endedOn: string) =>
    `The replay of this show ended on ${endedOn}. Replays stay for the number of days the organizer set.`,
  /** 409 when the device limit is reached: names the limit. */
  deviceLimit: (limit: number) =>
    `This ticket is already playing on ${limit} ${limit === 1 ? 'device' : 'devices'}.` +
    ' Stop watching on one of them to watch here.',
} as const;
