import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { Mailer } from '../mail/mailer';
import type { CalendarRepositories } from './repositories';
import { calendarRoutes } from './routes';
import { createCalendarService } from './service';

type CalendarNeeds = { uow: UnitOfWork<CalendarRepositories>; mailer: Mailer; log: FastifyBaseLogger };

/** Calendar files: the event page's, the confirmation's, and the update when an air date moves. */
export function calendarModule(needs: CalendarNeeds, config: AppConfig) {
  return {
    invites: createCalendarService({
      uow: needs.uow,
      mailer: needs.mailer,
      publicUrl: config.publicUrl,
      liveMinutes: config.streams.liveMinutes,
      log: needs.log,
    }),
  };
}
export type CalendarModule = ReturnType<typeof calendarModule>;

export async function mountCalendar(app: FastifyInstance, services: { calendar: CalendarModule }) {
  await app.register(calendarRoutes, { prefix: '/v1', service: services.calendar.invites });
}
