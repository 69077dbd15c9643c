import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarParams } from '../../../shared/contract/calendar';
import { withErrors } from '../../platform/schemas';
import type { CalendarService } from './service';

/**
 * A published event's calendar file, for the event page's 'Add to calendar' and the mails' links.
 * Public (a browser's download sends no token); the same for everyone, so caches may keep it a little
 * while, and the ETag lets them ask again for nothing when it has not changed.
 */
export const calendarRoutes: FastifyPluginAsyncZod<{ service: CalendarService }> = async (app, { service }) => {
  app.get(
    '/events/:id/calendar.ics',
    {
      config: { auth: 'none' },
      schema: {
        summary: "An event's calendar file (.ics)",
        description:
          'One VEVENT (RFC 5545): UID `event-{id}@allaccess.events`, stable per event; SEQUENCE moves on with ' +
          'every new air date; DTSTART the air start as a UTC instant; DURATION the live window; SUMMARY the ' +
          "title; URL and DESCRIPTION the event page's watch link. An attachment named after the event's path, " +
          'cacheable for 5 minutes with an ETag (304 when If-None-Match matches). 404 for an unknown or draft ' +
          'event, or one without an air date.',
        tags: ['catalog'],
        params: calendarParams,
        response: withErrors(
          {
            200: { description: 'The calendar file.', content: { 'text/calendar': { schema: z.string() } } },
            304: z.null(),
          },
          404,
        ),
      },
    },
    async (req, reply) => {
      const { ics, fileName, etag } = await service.eventFile(req.params.id);
      void reply.header('cache-control', 'public, max-age=300').header('etag', etag);
      const ifNoneMatch = req.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag)) return reply.status(304).send(null);
      void reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`);
      return ics;
    },
  );
};
