import { createHmac } from 'node:crypto';
import { sameSecret } from '../../platform/sameSecret';
import type { EncoderRefusal } from '../../../shared/contract/studioLive';
import type { LiveRepository } from './liveRepository';
import { hashStreamKey, STREAM_KEY_SHAPE } from './streamKeys';

/** Why the ingest refused an encoder: logged, never with the key. */
export type PublishRefusal =
  'malformed key' | 'unknown or rotated key' | 'event is not Live' | 'show has ended' | 'angle already publishing';
/** A feed an encoder now publishes: `stream` is its name inside the ingest (never the key). */
export type Publish = { eventId: number; angle: number; part: number; stream: string };

/**
 * The ingest's question when an encoder publishes: a stream key (or an SRT listener's relay name)
 * of a 'Live' event whose show has not ended, for an angle nobody else publishes. The relay name
 * proves an SRT listener is ours without carrying the key.
 */
export function createPublishDecision(deps: {
  repo: Pick<LiveRepository, 'feeds' | 'feedByKeyHash' | 'feedByPreviousKeyHash' | 'startPublishing' | 'recordRefusal'>;
  /** keys.ingestControl (modules/auth/keys.ts). */
  relayKey: string;
  /** Whether the event's show has ended (read, and its end written down, by service.ts). */
  isEnded: (eventId: number) => Promise<boolean>;
  now: () => number;
}) {
  const { repo, now } = deps;
  /** The name an SRT listener publishes its feed under into RTMP: proves it is ours without a key. */
  const relayName = (eventId: number, angle: number) => {
    const mac = createHmac('sha256', deps.relayKey).update(`${eventId}/${angle}`).digest('base64url');
    return `srt_${eventId}_${angle}_${mac.slice(0, 22)}`;
  };

  /** A refusal on a known feed: written down for the control room, then answered. */
  const refuse = async (
    refused: PublishRefusal,
    reason: EncoderRefusal,
    where: { eventId: number; angle: number },
  ): Promise<{ refused: PublishRefusal; eventId: number; angle: number }> => {
    await repo.recordRefusal(where.eventId, where.angle, reason, new Date(now()));
    return { refused, ...where };
  };

  return {
    relayName,

    /** The ingest's question when an encoder publishes `name` (its key, or an SRT listener's relay name). */
    async authorizePublish(
      name: string,
      publisher: string,
    ): Promise<Publish | { refused: PublishRefusal; eventId?: number; angle?: number }> {
      const relay = /^srt_(\d{1,10})_(\d)_[A-Za-z0-9_-]{22}$/.exec(name);
      let feed;
      if (relay) {
        const [eventId, angle] = [Number(relay[1]), Number(relay[2])];
        if (!sameSecret(name, relayName(eventId, angle))) return { refused: 'unknown or rotated key' };
        const row = (await repo.feeds(eventId)).find((f) => f.angle === angle);
        if (!row) return { refused: 'unknown or rotated key' };
        feed = await repo.feedByKeyHash(row.key_hash);
      } else {
        if (!STREAM_KEY_SHAPE.test(name)) return { refused: 'malformed key' };
        const hash = hashStreamKey(name);
        feed = await repo.feedByKeyHash(hash);
        if (!feed) {
          // A key a rotation replaced: its feed is known, and its organizer is told why.
          const rotated = await repo.feedByPreviousKeyHash(hash);
          if (rotated)
            return refuse('unknown or rotated key', 'rotated', { eventId: rotated.event_id, angle: rotated.angle });
        }
      }
      if (!feed) return { refused: 'unknown or rotated key' };
      const where = { eventId: feed.event_id, angle: feed.angle };
      if (feed.content_type !== 'Live') return refuse('event is not Live', 'not_live', where);
      if (await deps.isEnded(feed.event_id)) return refuse('show has ended', 'ended', where);
      const part = await repo.startPublishing(feed.event_id, feed.angle, publisher, new Date(now()));
      if (part === null) return refuse('angle already publishing', 'second_encoder', where);
      return { ...where, part, stream: `e${feed.event_id}-a${feed.angle}-p${part}` };
    },
  };
}
