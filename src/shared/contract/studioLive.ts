import { z } from './zod';
import { envelope } from './responseEnvelope';
import { dbId } from './ids';
import { STUDIO_MESSAGES } from './studio';
import { ingestStatus } from './health';
import { LIVE_ANGLE_MAX, LIVE_FEED_STATES, LIVE_SHOW_STATES } from './live';

/**
 * The console's live control room (`/v1/studio/events/{id}/live…`), for a 'Live' event: its show and
 * each feed's state, what each feed sends, who watches and how well, and the organizer's actions
 * (stream keys, start, end, a message for viewers). Angle 0 is the program cut, 1–9 the cameras.
 */

export const STUDIO_LIVE_MESSAGES = {
  notFound: (id: number) => STUDIO_MESSAGES.unknownEvents([id]),
  notLive: "The control room is only for 'Live' events.",
  noStreams: 'This event has no streams: add its angles (stream config) first.',
  noKeys: 'Issue stream keys first: the show has no feeds yet.',
  unknownAngles: (angles: number[]) => `This event has no angle ${angles.join(', ')}.`,
  ended: 'The show has ended: its replay is playing.',
  noPreview: 'No picture yet: this feed has not sent any video.',
  previewUnavailable: 'The preview cannot be made on this server (ffmpeg is not installed).',
  keysIssued: 'Stream keys issued. Copy them now: they are shown only once.',
  started: 'The show is on air',
  endedNow: 'Show ended: the replay is ready',
  messageSet: 'Message shown to viewers',
  messageCleared: 'Message cleared',
} as const;

/** The longest message for viewers. */
export const LIVE_MESSAGE_MAX = 280;

export const studioLiveParams = z.strictObject({ id: dbId });
export const studioLivePreviewParams = z.strictObject({
  id: dbId,
  angle: z.coerce.number().int().min(0).max(LIVE_ANGLE_MAX),
});

// ── GET /v1/studio/events/{id}/live ────────────────────────────────────────────────────────────────
/**
 * Why a feed's encoder was last refused: 'rotated' — it sent a key that a rotation replaced;
 * 'second_encoder' — another encoder was already publishing this feed; 'ended' — the show had ended;
 * 'not_live' — the event is not a 'Live' one. (A key that is no feed's, new or old, cannot be placed.)
 */
export const ENCODER_REFUSALS = ['rotated', 'second_encoder', 'ended', 'not_live'] as const;
export type EncoderRefusal = (typeof ENCODER_REFUSALS)[number];

const studioLiveAngle = z.object({
  angle: z.number().int().min(0).max(LIVE_ANGLE_MAX),
  /** The feed's name from the stream config (the program's, or the camera's). */
  name: z.string(),
  /** Whether it has a stream key; false: keys must be issued before an encoder can send. */
  hasKey: z.boolean(),
  /** When its current key was issued; null without a key. */
  keyIssuedAt: z.string().nullable(),
  state: z.enum(LIVE_FEED_STATES),
  /** Since when it is in that state (live: publishing since; offline: left at); null while waiting. */
  since: z.string().nullable(),
  /** What the packager makes of it now (its top rung): null when nothing has been packaged. */
  resolution: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
  /** The top rung's bitrate from its newest segment (ffprobe), kilobits a second; null when unknown. */
  bitrateKbps: z.number().int().nullable(),
  /**
   * While the feed is live: how long after its capture (the encoder's clock) its newest picture was
   * packaged, in ms. A second or two is normal; growing, the packager cannot keep real time. Null
   * otherwise, or when its clock is unknown.
   */
  packagedBehindMs: z.number().int().nullable(),
  /**
   * `GET` this path (with the organizer's token; a JPEG, a few seconds old at most) for a small
   * picture of the feed's newest segment; null when the feed has no segment yet.
   */
  previewUrl: z.string().nullable(),
  /** The last encoder refused on this feed, why and when; null when none was. */
  refused: z.object({ reason: z.enum(ENCODER_REFUSALS), at: z.string() }).nullable(),
});
export type StudioLiveAngle = z.infer<typeof studioLiveAngle>;

const studioLiveData = z.object({
  eventId: z.number().int(),
  title: z.string(),
  /** The event's air start (ISO); 'Start show' moves it to now. */
  airStartDate: z.string().nullable(),
  show: z.enum(LIVE_SHOW_STATES),
  /** When the first feed arrived or the organizer started the show; null before. */
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** The message viewers see ('technical difficulties'); null when none. */
  message: z.string().nullable(),
  /**
   * Where encoders connect: RTMP `{rtmpUrl}/{key}`; SRT at `srt://{ingestHost}:{srtPort}` with the
   * key's passphrase. `state` and `reason`: this instance's ingest, as /readyz gives it (off: why).
   */
  ingest: z.object({ rtmpUrl: z.string(), ingestHost: z.string() }).extend(ingestStatus.shape),
  angles: z.array(studioLiveAngle),
  /** Open viewing sessions of the event now. */
  viewers: z.number().int(),
  /**
   * The players' reports of the last 15 minutes (playback_quality): sessions reporting, startup's
   * 95th percentile (ms), rebuffering ratio (stalled ÷ watched, 0–1); null figures without reports.
   */
  quality: z.object({
    windowMinutes: z.number().int(),
    sessions: z.number().int(),
    startupP95Ms: z.number().nullable(),
    rebufferRatio: z.number().nullable(),
  }),
});
export type StudioLive = z.infer<typeof studioLiveData>;
export const studioLiveResponse = envelope(studioLiveData);

// ── POST /v1/studio/events/{id}/live/keys ──────────────────────────────────────────────────────────
/**
 * New stream keys for the chosen angles (every angle of the stream config when `angles` is empty or
 * absent): an angle without a key gets its first, an angle with one gets a new one and its encoder
 * is dropped at once (the old key stops working). The keys are in this answer only — never stored,
 * never logged, never shown again. 409 once the show has ended.
 */
export const studioLiveKeysBody = z.strictObject({
  angles: z
    .array(z.number().int().min(0).max(LIVE_ANGLE_MAX))
    .max(LIVE_ANGLE_MAX + 1)
    .default([]),
});
export type StudioLiveKeysBody = z.input<typeof studioLiveKeysBody>;

const studioLiveKeysData = z.object({
  feeds: z.array(
    z.object({
      angle: z.number().int(),
      name: z.string(),
      /** The stream key (RTMP stream name). */
      key: z.string(),
      /** `rtmp://host:port/live/{key}`: the whole URL an RTMP encoder (OBS: server + key) publishes to. */
      rtmpUrl: z.string(),
      /** The SRT URL with the feed's passphrase. */
      srtUrl: z.string(),
      /** True when this replaced a key (its encoder was dropped). */
      rotated: z.boolean(),
    }),
  ),
});
export type StudioLiveKeys = z.infer<typeof studioLiveKeysData>;
export const studioLiveKeysResponse = envelope(studioLiveKeysData);

// ── POST /v1/studio/events/{id}/live/start ─────────────────────────────────────────────────────────
// ── POST /v1/studio/events/{id}/live/end ───────────────────────────────────────────────────────────
/**
 * No body. 'Start show': the event's air start becomes now (viewers with a ticket may watch at once);
 * an air start already past changes nothing; 409 once ended or without stream keys. 'End show': the
 * playlists become the replay at once and every encoder is dropped and refused after; ending an
 * ended show changes nothing; 409 without stream keys. Both answer the control room's state
 * (`studioLiveResponse`).
 */

// ── GET /v1/studio/events/{id}/live/preview/{angle} ────────────────────────────────────────────────
/**
 * A small JPEG (180 px high) of the feed's newest segment, made by ffmpeg and kept a few seconds;
 * organizers only (send the token: fetch it and show it as an object URL). 404 with
 * `noPreview` when the feed has sent nothing; 503 with `previewUnavailable` without ffmpeg.
 */
export const LIVE_PREVIEW_HEIGHT = 180;

// ── POST /v1/studio/events/{id}/live/message ───────────────────────────────────────────────────────
/**
 * `message`: what viewers see over the player (and in GET /v1/live/{id} as `message`); '' (or only
 * spaces) clears it. Answers the control room's state. 'End show' clears it too.
 */
export const studioLiveMessageBody = z.strictObject({
  message: z.string().max(LIVE_MESSAGE_MAX),
});
export type StudioLiveMessageBody = z.infer<typeof studioLiveMessageBody>;
