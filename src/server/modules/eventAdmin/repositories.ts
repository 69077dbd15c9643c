import type { Executor } from '../../db/executor';
import { createImageRepository } from './imageRepository';
import { createEventAdminRepository } from './eventAdminRepository';

/** The console events module's repositories, by the name services know them (repositories.ts gathers all). */
export const eventAdminRepositories = (db: Executor) => ({
  eventAdmin: createEventAdminRepository(db),
  uploadedImages: createImageRepository(db),
});
export type EventAdminRepositories = ReturnType<typeof eventAdminRepositories>;
