import { z } from './zod';

/**
 * Quality of experience (docs/decisions.md "Watching"): what a player reports of one viewing session,
 * in beacons numbered from 1. Each carries the session's totals so far (`totals: true`), and the
 * newest number wins: a beacon lost, repeated or overtaken by a later one loses nothing. (Beacons sent
 * a few milliseconds apart, as on leave, can arrive in either order; when each carried only what was
 * new, the older one arriving second was taken for a repeat and its figures were lost.) A beacon
 * without `totals` (a player loaded before totals) carries what is new since its previous one and is
 * added once.
 *
 * POST /v1/viewing-sessions/{sessionId}/quality   body below → 204
 *
 * Sent with `navigator.sendBeacon`, which cannot set headers: the session's key (the secret its open
 * answered) travels in the body, and no bearer token is read. Nothing in it names a person.
 */

/** A beacon's times are bounded by what a database integer holds (24 days of milliseconds). */
export const QUALITY_MAX_MS = 2 ** 31 - 1;
export const QUALITY_MAX_COUNT = 1_000_000;
const ms = () => z.number().int().min(0).max(QUALITY_MAX_MS);
const count = () => z.number().int().min(0).max(QUALITY_MAX_COUNT);

export const playbackQualityBeacon = z.strictObject({
  /** The session's key (256 random bits, base64url), as its open answered it. */
  sessionKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the key the viewing session was opened with'),
  /** This beacon's number for the session: 1, 2, 3… A number already counted is not counted again. */
  seq: z.number().int().min(1).max(1_000_000),
  /**
   * The figures below are the session's totals so far, not what is new since the previous beacon:
   * the newest number replaces what the session had.
   */
  totals: z.literal(true).optional(),
  /** Pressing play to the main angle's first frame, sent in every beacon after it. */
  startupMs: ms().optional(),
  /**
   * While there is no first frame yet: how long the player has been trying (since play was pressed).
   * A player that never gets a frame still reports, so "no first frame within N s" is decidable.
   */
  tryingMs: ms().optional(),
  /**
   * Stalls that began in the session (without `totals`: since the last beacon): the main angle waited
   * for data while playing, not after a seek.
   */
  stalls: count(),
  /** Time stalled (likewise). */
  stallMs: ms(),
  /** Time playing, not stalled, not paused (likewise). */
  playMs: ms(),
  /** The main angle's rung (quality level) changed (likewise). */
  rungSwitches: count(),
  /** Fatal errors of the main angle, hls.js' or the video's own (likewise). */
  fatalErrors: count(),
});
export type PlaybackQualityBeacon = z.infer<typeof playbackQualityBeacon>;

/** The largest beacon the server reads, in bytes (a beacon is about 200). */
export const PLAYBACK_QUALITY_BODY_LIMIT = 1024;

/** Where a session's beacons go, below the API's `/v1`. */
export const playbackQualityPath = (sessionId: string) => `/viewing-sessions/${encodeURIComponent(sessionId)}/quality`;
