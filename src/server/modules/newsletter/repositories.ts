import type { Executor } from '../../db/executor';
import { createNewsletterRepository } from './newsletterRepository';

/** The newsletter module's repositories, by the name services know them (repositories.ts gathers every module's). */
export const newsletterRepositories = (db: Executor) => ({ newsletter: createNewsletterRepository(db) });
