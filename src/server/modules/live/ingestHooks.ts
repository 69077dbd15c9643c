import type { Publish } from './publishDecision';

/**
 * What the running ingest does when the server decides (ingest/engine.ts sets these where the ingest
 * runs; elsewhere they do nothing): start packaging a feed, stop it, drop an event's encoders (keys
 * rotated, show ended), restart the SRT listeners with new passphrases.
 */
export type IngestHooks = {
  published(publish: Publish): void;
  publishEnded(feed: { eventId: number; angle: number }, publisher: string): void;
  /** Drops the event's encoders: every one, or those of `angles` only (their keys were rotated). */
  dropEncoders(eventId: number, angles?: number[]): Promise<void>;
  feedsChanged(): void;
};

export function createIngestHooks(): IngestHooks & { attach(hooks: IngestHooks): void } {
  let attached: IngestHooks | null = null;
  return {
    attach(hooks) {
      attached = hooks;
    },
    published: (p) => attached?.published(p),
    publishEnded: (f, publisher) => attached?.publishEnded(f, publisher),
    dropEncoders: async (eventId, angles) => attached?.dropEncoders(eventId, angles),
    feedsChanged: () => attached?.feedsChanged(),
  };
}
