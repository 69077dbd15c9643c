import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { CalendarRepositories } from '../calendar/repositories';
import type { OrganizerRepositories } from '../organizers/repositories';
import type { WaitlistRepositories } from '../waitlist/repositories';
import { imageUploadRoutes, uploadedImageRoutes } from './imageRoutes';
import { createImageService } from './imageService';
import type { EventAdminRepositories } from './repositories';
import { eventAdminRoutes } from './routes';
import { createEventAdminService } from './service';

type EventAdminNeeds = {
  uow: UnitOfWork<
    EventAdminRepositories & Pick<OrganizerRepositories, 'audit'> & CalendarRepositories & WaitlistRepositories
  >;
  /** This process changed the catalog: its read cache lets go at once (the catalog module). */
  onCatalogChanged: () => void;
  /** A new air date, committed: every ticket holder is mailed the updated calendar file (the calendar module). */
  onAirDateMoved: (eventId: number) => Promise<void>;
  now?: () => number;
};

/** The console's events (create, edit, publish, versions) and their uploaded posters and slides. */
export function eventAdminModule(needs: EventAdminNeeds, config: AppConfig) {
  const clock = needs.now ? { now: needs.now } : {};
  return {
    events: createEventAdminService({
      uow: needs.uow,
      onCatalogChanged: needs.onCatalogChanged,
      onAirDateMoved: needs.onAirDateMoved,
      ...clock,
    }),
    images: createImageService({ uow: needs.uow, decodesAtOnce: config.limits.imageDecodesAtOnce }),
  };
}
export type EventAdminModule = ReturnType<typeof eventAdminModule>;

export async function mountEventAdmin(
  app: FastifyInstance,
  services: { eventAdmin: EventAdminModule },
  config: AppConfig,
) {
  const { limits } = config;
  await app.register(eventAdminRoutes, {
    prefix: '/v1',
    service: services.eventAdmin.events,
    createsPerMinute: limits.consoleCreatesPerMinute,
  });
  await app.register(imageUploadRoutes, {
    prefix: '/v1',
    service: services.eventAdmin.images,
    uploadsPerMinute: limits.imageUploadsPerMinute,
  });
  // Before the media folder's /media/* (more specific either way: the router prefers it).
  await app.register(uploadedImageRoutes, { service: services.eventAdmin.images });
}
