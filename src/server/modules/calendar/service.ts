import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unitOfWork';
import { NotFound } from '../../platform/domainErrors';
import type { Mailer, MailAttachment } from '../mail/mailer';
import { calendarFileName, calendarUrl, eventCalendarFile, watchUrl } from './calendarFile';
import type { CalendarRepositories } from './repositories';
import type { CalendarEventRow } from './calendarRepository';
import { scheduleChangeMail } from './scheduleChangeMail';

const CALENDAR_MESSAGES = {
  notFound: 'No published event has this id.',
  noDate: 'This event has no air date yet, so there is nothing to add to a calendar.',
} as const;

type Dated = CalendarEventRow & { air_start_date: Date };
const dated = (e: CalendarEventRow | undefined): e is Dated => Boolean(e?.air_start_date);

/**
 * Calendar files (docs/decisions.md "After the purchase"): an event's .ics for its page and for the
 * order confirmation, and the update every ticket holder gets when the air date moves. Mail is sent
 * after the change committed, one per holder; a failure is logged, never thrown.
 */
export function createCalendarService(deps: {
  uow: UnitOfWork<CalendarRepositories>;
  mailer: Mailer;
  publicUrl: string;
  /** The live show's length in the file: the config's live window (STREAM_LIVE_MINUTES). */
  liveMinutes: number;
  log: FastifyBaseLogger;
}) {
  const file = (e: Dated): MailAttachment => ({
    filename: calendarFileName(e.path),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: eventCalendarFile(e, { publicUrl: deps.publicUrl, liveMinutes: deps.liveMinutes }),
  });

  return {
    /** A published event's file with its name and an ETag of its bytes; 404 with a sentence otherwise. */
    async eventFile(id: number): Promise<{ ics: string; fileName: string; etag: string }> {
      const e = await deps.uow.repos.calendar.publishedEvent(id);
      if (!e) throw new NotFound(CALENDAR_MESSAGES.notFound);
      if (!dated(e)) throw new NotFound(CALENDAR_MESSAGES.noDate);
      const { content, filename } = file(e);
      const etag = `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`;
      return { ics: content, fileName: filename, etag };
    },

    /** The files an order's confirmation carries: one per live event with a date (the others have no show). */
    async filesFor(eventIds: number[]): Promise<{ eventId: number; file: MailAttachment }[]> {
      const out: { eventId: number; file: MailAttachment }[] = [];
      for (const id of eventIds) {
        const e = await deps.uow.repos.calendar.event(id);
        if (dated(e) && e.content_type === 'Live') out.push({ eventId: id, file: file(e) });
      }
      return out;
    },

    calendarUrl: (eventId: number) => calendarUrl(deps.publicUrl, eventId),

    /**
     * The air date of `eventId` moved (its SEQUENCE was bumped in that change's transaction): every
     * current holder gets one mail with the new date and the updated file. Reads the event as it is
     * now, so a later change's mail never carries an older date. An event left without a date sends nothing.
     */
    async announceNewDate(eventId: number): Promise<void> {
      try {
        const e = await deps.uow.repos.calendar.event(eventId);
        if (!dated(e)) return;
        const attachment = file(e);
        const show = {
          title: e.title,
          airStart: new Date(e.air_start_date),
          venueTimeZone: e.venue_time_zone,
          watch: watchUrl(deps.publicUrl, e.path),
          calendar: calendarUrl(deps.publicUrl, e.id),
        };
        const holders = await deps.uow.repos.calendar.holders(eventId);
        let failed = 0;
        for (const h of holders) {
          try {
            await deps.mailer.send(scheduleChangeMail(h.email, h.name, show, attachment));
          } catch (err) {
            failed += 1;
            deps.log.error({ err, eventId }, 'schedule change mail failed');
          }
        }
        deps.log.info({ eventId, holders: holders.length, failed }, 'schedule change announced');
      } catch (err) {
        deps.log.error({ err, eventId }, 'schedule change announcement failed');
      }
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
