import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { STREAM_MESSAGES, type OpenedViewingSession, type ViewingSession } from '../../../shared/contract/streams';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { Caller } from '../../platform/callerIdentity';
import { isDatabaseUnreachable } from '../../platform/databaseErrors';
import { NotFound } from '../../platform/domainErrors';
import { createLastKnown } from '../../platform/ttlCache';
import { createOutageRecord, type OutageRecord } from '../../platform/outageRecord';
import type { Entitlements } from '../orders/entitlements';
import type { StreamRepositories } from './repositories';
import { createTicketCheck } from './ticketCheck';
import { createViewingEntitlements, type ViewingEntitlements } from './viewingEntitlement';
import { createSessionSweep } from './viewingSessionSweep';
import { createOutageSessions } from './viewingSessionOutage';

export type ViewingSessionDeps = {
  uow: UnitOfWork<StreamRepositories>;
  entitlements: Pick<Entitlements, 'ownsEvent'> & Partial<Pick<Entitlements, 'ownedEvents'>>;
  /**
   * Signs and checks tickets' entitlements, which stand in for the database during an outage. Every
   * instance must share it (the app derives it from JWT_SECRET); alone, a module test gets its own.
   */
  vouchers?: ViewingEntitlements | undefined;
  /** Derives the key of a session opened during an outage (viewingSessionKey.ts outageSessionKey); shared likewise. */
  outageKey?: Buffer | undefined;
  /** The database's last outage as this process saw it, shared with the media gate (platform/outageRecord.ts). */
  outages?: OutageRecord | undefined;
  config: { deviceLimit: number; heartbeatSeconds: number };
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Clock for every staleness rule; tests move it. */
  now?: (() => number) | undefined;
};

/** A session not heard from for this long (two heartbeat intervals) is over: its slot is free, its media refused. */
export const silenceMs = (heartbeatSeconds: number) => 2 * heartbeatSeconds * 1000;

/** An open's or a takeover's answer, with how many devices it stopped (for the route's message). */
export type Started = OpenedViewingSession & { tookOver: number };

/**
 * What every part of the viewing sessions service (viewingSessionService.ts) shares: the clock, the
 * signed tickets, the outage record with `noted` feeding it, the last known events, what counts as
 * silence, and the answers an open and a refusal give.
 */
export function viewingSessionContextOf(deps: ViewingSessionDeps) {
  const { uow, log } = deps;
  const { deviceLimit, heartbeatSeconds } = deps.config;
  const now = deps.now ?? Date.now;
  const vouchers = deps.vouchers ?? createViewingEntitlements(crypto.randomBytes(32), now);
  const outageKey = deps.outageKey ?? crypto.randomBytes(32);
  const outages = deps.outages ?? createOutageRecord(now);
  /** Runs a read or write of the database, noting in `outages` whether it could be reached. */
  async function noted<T>(work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      outages.succeeded();
      return result;
    } catch (error) {
      if (isDatabaseUnreachable(error)) outages.failed();
      throw error;
    }
  }
  const holdsTicket = createTicketCheck({ ownsEvent: deps.entitlements.ownsEvent, vouchers });
  // Read afresh on every open; during an outage the last answer read stands in (an event's id and premium flag).
  const events = createLastKnown({
    max: 10_000,
    now,
    load: (key: string) => uow.repos.viewingSessions.event(key),
  });
  /** Sessions seen after this are open; an outage's time is not counted as silence (nobody could be heard then). */
  const freshAfter = (at: number) => {
    const silence = silenceMs(heartbeatSeconds);
    return new Date(at - silence - outages.forgivenMs(silence));
  };
  const answer = (sessionId: string): ViewingSession => ({ sessionId, heartbeatSeconds, deviceLimit });
  // Unknown, another viewer's, closed or silent: one answer, so nothing tells whose sessions exist.
  const ended = () => new NotFound(STREAM_MESSAGES.sessionEnded);
  const sweepNowAndThen = createSessionSweep({ repo: uow.repos.viewingSessions, log });
  const outageSessions = createOutageSessions({ uow, outageKey, log, now });
  /** An open during an outage: answered anyway, with the key derived for it (viewingSessionOutage.ts). */
  const openWithoutDatabase = (caller: Caller, eventId: number, id: string): Started => ({
    ...answer(id),
    sessionKey: outageSessions.keyFor(caller, eventId, id),
    tookOver: 0,
  });

  return {
    uow,
    log,
    deviceLimit,
    now,
    vouchers,
    noted,
    holdsTicket,
    events,
    freshAfter,
    answer,
    ended,
    sweepNowAndThen,
    outageSessions,
    openWithoutDatabase,
  };
}
export type ViewingSessionContext = ReturnType<typeof viewingSessionContextOf>;
