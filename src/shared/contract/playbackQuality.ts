import { z } from './zod';

/**
 * Quality of experience (docs/decisions.md "Watching"): what a player reports of one viewing session,
 * in batches. Each beacon carries what is new since the one before (sums, never totals), numbered
 * from 1, so the server adds it once however often it arrives.
 *
 * POST /v1/viewing-sessions/{sessionId}/quality   body below → 204
 *
 * Sent with `navigator.sendBeacon`, which cannot set headers: the session's key (the secret its open
 * answered) travels in the body, and no bearer token is read. Nothing in it names a person.
 */

/** A beacon's counts are bounded: a player sends one at least every few minutes. */
const HOUR_MS = 60 * 60 * 1000;
const ms = () => z.number().int().min(0).max(HOUR_MS);
const count = () => z.number().int().min(0).max(10_000);

export const playbackQualityBeacon = z.strictObject({
  /** The session's key (256 random bits, base64url), as its open answered it. */
  sessionKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the key the viewing session was opened with'),
  /** This beacon's number for the session: 1, 2, 3… A number already counted is not counted again. */
  seq: z.number().int().min(1).max(1_000_000),
  /** Pressing play to the main angle's first frame, sent once (in the first beacon after it). */
  startupMs: ms().optional(),
  /**
   * While there is no first frame yet: how long the player has been trying (since play was pressed).
   * A player that never gets a frame still reports, so "no first frame within N s" is decidable.
   */
  tryingMs: ms().optional(),
  /** Stalls that began since the last beacon: the main angle waited for data while playing, not after a seek. */
  stalls: count(),
  /** Time stalled since the last beacon. */
  stallMs: ms(),
  /** Time playing (not stalled, not paused) since the last beacon. */
  playMs: ms(),
  /** The main angle's rung (quality level) changed, since the last beacon. */
  rungSwitches: count(),
  /** Fatal errors of the main angle since the last beacon (hls.js' fatal errors, the video's own). */
  fatalErrors: count(),
});
export type PlaybackQualityBeacon = z.infer<typeof playbackQualityBeacon>;

/** The largest beacon the server reads, in bytes (a beacon is about 200). */
export const PLAYBACK_QUALITY_BODY_LIMIT = 1024;

/** Where a session's beacons go, below the API's `/v1`. */
export const playbackQualityPath = (sessionId: string) => `/viewing-sessions/${encodeURIComponent(sessionId)}/quality`;
