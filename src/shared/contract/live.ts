import { z } from './zod';
import { envelope } from './responseEnvelope';

/**
 * Live shows from a real encoder (README "Going live"): each feed of a 'Live' event — the program
 * cut (angle 0) and the camera angles 1–9 — is published by an encoder with its own stream key,
 * packaged into HLS by the ingest and watched through the same signed playlists as any stream.
 */

/** Angle numbers: 0 is the program cut, 1–9 the camera angles (the player's keys 0–9). */
export const LIVE_ANGLE_MAX = 9;

/**
 * A feed's state: 'waiting' — it has not published yet; 'live' — its encoder is publishing now;
 * 'offline' — it published earlier in the show and is not publishing now (a dropped encoder).
 */
export const LIVE_FEED_STATES = ['waiting', 'live', 'offline'] as const;
export type LiveFeedState = (typeof LIVE_FEED_STATES)[number];

/**
 * The show's state: 'waiting' — no feed has arrived yet; 'live' — at least one feed has arrived and
 * the show has not ended; 'ended' — the organizer ended it, or every encoder stayed away longer than
 * the reconnect window: the playlists are the replay.
 */
export const LIVE_SHOW_STATES = ['waiting', 'live', 'ended'] as const;
export type LiveShowState = (typeof LIVE_SHOW_STATES)[number];

// ── GET /v1/live/{id} ──────────────────────────────────────────────────────────────────────────────
/**
 * Public (no token): whether the event's show is fed by the ingest, and each feed's state. It says
 * nothing a ticket gives (no URL, no key). `ingest: false` — the event has no stream keys: its live
 * window plays the simulated fallback (the demo files on a loop), and `angles` is empty.
 */
export const liveStateData = z.object({
  ingest: z.boolean(),
  show: z.enum(LIVE_SHOW_STATES),
  angles: z.array(
    z.object({
      angle: z.number().int().min(0).max(LIVE_ANGLE_MAX),
      state: z.enum(LIVE_FEED_STATES),
    }),
  ),
  /** The organizer's message for viewers ('technical difficulties'), present only while one is set. */
  message: z.string().optional(),
  /** While the show is on air: about how many fans watch it (as GET /v1/live counts them). */
  watching: z.number().int().min(0).optional(),
});
export type LiveStateData = z.infer<typeof liveStateData>;
export const liveStateResponse = envelope(liveStateData);

// ── GET /v1/live ─────────────────────────────────────────────────────────────────────────────────
/**
 * Public: the shows on air now, the busiest first, each with about how many fans watch it (open
 * viewing sessions, one per device). A show fed by encoders is on air while its state is 'live'; a
 * show without stream keys during its simulated live window.
 */
export const liveNowData = z.object({
  events: z.array(
    z.object({
      id: z.number().int().positive(),
      path: z.string(),
      watching: z.number().int().min(0),
    }),
  ),
});
export type LiveNowData = z.infer<typeof liveNowData>;
export const liveNowResponse = envelope(liveNowData);

/** The player's words for live feeds (the live suite reads them too). */
export const LIVE_COPY = {
  startingSoon: 'The show is starting soon.',
  rightBack: "We'll be right back.",
  cameraOffline: 'Camera offline',
  behindLive: (seconds: number) => `${seconds} s behind live`,
  live: 'Live',
  /** The name of the organizer's message over the player (its text is the organizer's). */
  organizerMessage: 'Message from the organizer',
} as const;
