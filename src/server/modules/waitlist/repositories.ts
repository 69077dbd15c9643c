import type { Executor } from '../../db/executor';
import { createWaitlistRepository } from './waitlistRepository';

/** The waitlist module's repositories, by the name services know them (repositories.ts gathers every module's). */
export const waitlistRepositories = (db: Executor) => ({ waitlist: createWaitlistRepository(db) });
export type WaitlistRepositories = ReturnType<typeof waitlistRepositories>;
