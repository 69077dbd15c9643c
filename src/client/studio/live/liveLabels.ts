import type { LiveFeedState, LiveShowState } from '../../../shared/contract/live';
import type { EncoderRefusal, StudioLive, StudioLiveAngle } from '../../../shared/contract/studioLive';
import { formatInstant } from '../components/studioFormat';

/** Words the control room's parts share. */
export const LIVE_LABELS = {
  rotateKeys: 'Rotate keys',
  endShow: 'End show',
  viewerMessage: 'Message for viewers',
} as const;

/**
 * Why a control is unavailable, said beside it (a disabled button alone says nothing), and the
 * ingest's state among the show's facts.
 */
export const CONTROL_REASONS = {
  endedKeys: 'The show has ended: no more keys are issued.',
  noAngles: 'This event names no camera angles: there is nothing to issue keys for.',
  endedShow: 'The show has ended: it can no longer be started or ended.',
  noKeys: 'Starting and ending the show need stream keys: issue them under Angles.',
  ingestListening: 'Listening for encoders',
  ingestStarting: 'Starting: encoders can connect in a moment',
  ingestOff: (reason: string) => `Off: encoders cannot connect (${reason})`,
} as const;

type ControlsView = Pick<StudioLive, 'show' | 'angles' | 'ingest'>;

/** Why 'Issue stream keys' is unavailable, or null when it is not. */
export const keysUnavailable = (live: ControlsView): string | null =>
  live.show === 'ended' ? CONTROL_REASONS.endedKeys : live.angles.length === 0 ? CONTROL_REASONS.noAngles : null;

/** Why 'Start show' and 'End show' are unavailable, or null when they are not. */
export const showControlsUnavailable = (live: ControlsView): string | null =>
  live.show === 'ended' ? CONTROL_REASONS.endedShow : live.angles.some((a) => a.hasKey) ? null : CONTROL_REASONS.noKeys;

/** The ingest's state as the show's facts give it. */
export const ingestLabel = ({ state, reason }: StudioLive['ingest']): string =>
  state === 'listening'
    ? CONTROL_REASONS.ingestListening
    : state === 'starting'
      ? CONTROL_REASONS.ingestStarting
      : CONTROL_REASONS.ingestOff(reason ?? 'no reason given');

/** An angle as the control room names it to a screen reader: "angle 2 (Close-up)". */
export const angleName = (angle: number, name: string): string => `angle ${angle} (${name})`;

const NO_REPORTS = 'No reports yet';

export const SHOW_LABEL: Record<LiveShowState, string> = { waiting: 'Waiting', live: 'On air', ended: 'Ended' };
const FEED_LABEL: Record<LiveFeedState, string> = { waiting: 'Waiting', live: 'Live', offline: 'Offline' };

/** "Live since 8:02 PM EST", "Offline since …", or "Waiting". */
export const feedStateLabel = (a: StudioLiveAngle): string =>
  a.since ? `${FEED_LABEL[a.state]} since ${formatInstant(a.since)}` : FEED_LABEL[a.state];

export const resolutionLabel = (a: StudioLiveAngle): string =>
  a.resolution ? `${a.resolution.width}×${a.resolution.height}` : '—';

export const bitrateLabel = (a: StudioLiveAngle): string =>
  a.bitrateKbps === null
    ? '—'
    : a.bitrateKbps >= 1000
      ? `${(a.bitrateKbps / 1000).toFixed(1)} Mb/s`
      : `${a.bitrateKbps} kb/s`;

const PACKAGER_COPY = {
  delay: (seconds: string) => `${seconds} s`,
  behind: (seconds: number) => `${seconds} s: packaging is behind real time`,
} as const;

/** Packaged this long after capture (ms), a feed's packager is not keeping real time. */
const PACKAGER_BEHIND_MS = 6_000;

/** How long after capture a live feed's newest picture was packaged: "1.4 s", or a warning past 6 s. */
export const packagedBehindLabel = (a: StudioLiveAngle): string =>
  a.packagedBehindMs === null
    ? '—'
    : a.packagedBehindMs >= PACKAGER_BEHIND_MS
      ? PACKAGER_COPY.behind(Math.round(a.packagedBehindMs / 1000))
      : PACKAGER_COPY.delay((a.packagedBehindMs / 1000).toFixed(1));

/** The players' reports: startup's 95th percentile and the share of watching time spent stalled. */
export function qualityFacts(q: StudioLive['quality']): [string, string][] {
  return [
    ['Sessions reporting', `${q.sessions} in the last ${q.windowMinutes} minutes`],
    ['Startup (95th percentile)', q.startupP95Ms === null ? NO_REPORTS : `${(q.startupP95Ms / 1000).toFixed(1)} s`],
    ['Rebuffering', q.rebufferRatio === null ? NO_REPORTS : `${(q.rebufferRatio * 100).toFixed(1)}% of watching time`],
  ];
}

/** Why the feed's last encoder was refused, in the organizer's terms, with what to do. */
const REFUSAL_COPY: Record<EncoderRefusal, string> = {
  rotated: 'It sent a key that was rotated: give the encoder the new key.',
  second_encoder: 'Another encoder was already sending this angle: stop one of them.',
  ended: 'The show had ended: encoders are refused after the end.',
  not_live: "The event is not a live show: set it to 'Live show' to go live.",
};

/** "Refused at 8:02 PM EST: It sent a key that was rotated: …", or null when none was refused. */
export const refusalLabel = (a: StudioLiveAngle): string | null =>
  a.refused ? REFUSED_AT(formatInstant(a.refused.at), REFUSAL_COPY[a.refused.reason]) : null;
const REFUSED_AT = (at: string, why: string) => `Encoder refused at ${at}. ${why}`;
