import { ENCODER_REFUSALS, type EncoderRefusal, type StudioLiveAngle } from '../../../shared/contract/studioLive';
import type { ControlRoomRepository } from './controlRoomRepository';
import type { FeedProbe } from './feedProbe';
import { feedState } from './liveState';

export const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

const isRefusal = (reason: string | null | undefined): reason is EncoderRefusal =>
  (ENCODER_REFUSALS as readonly (string | null | undefined)[]).includes(reason);

/** The feed's last refused encoder, why and when (publishDecision.ts writes it). */
function refusalOf(feed: { refused_reason: string | null; refused_at: Date | null } | undefined) {
  if (!feed?.refused_at || !isRefusal(feed.refused_reason)) return null;
  return { reason: feed.refused_reason, at: new Date(feed.refused_at).toISOString() };
}

/**
 * One angle as the control room shows it: its key, its state and since when, and what its encoder
 * sends (picture and bitrate, read by the engines from the packager's newest segment) with a preview,
 * and while it is live how far behind its capture the packager is.
 */
export async function angleView(
  probe: Pick<FeedProbe, 'info'>,
  eventId: number,
  angle: number,
  name: string,
  feed: Awaited<ReturnType<ControlRoomRepository['feeds']>>[number] | undefined,
): Promise<StudioLiveAngle> {
  const state = feed ? feedState(feed) : 'waiting';
  const since = state === 'live' ? feed!.publishing_since : state === 'offline' ? feed!.last_publish_end : null;
  const sent = feed && feed.publishes > 0 ? await probe.info(eventId, angle) : null;
  return {
    angle,
    name,
    hasKey: feed !== undefined,
    keyIssuedAt: iso(feed?.issued_at),
    state,
    since: iso(since),
    resolution: sent?.picture ? { width: sent.picture.width, height: sent.picture.height } : null,
    bitrateKbps: sent?.picture?.bitrateKbps ?? null,
    packagedBehindMs: state === 'live' ? (sent?.packagedBehindMs ?? null) : null,
    previewUrl: sent?.file ? `/v1/studio/events/${eventId}/live/preview/${angle}` : null,
    refused: refusalOf(feed),
  };
}
