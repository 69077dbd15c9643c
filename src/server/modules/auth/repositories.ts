import type { Executor } from '../../db/executor';
import { createAuthRepository } from './guestRepository';

/** The auth module's repositories, by the name services know them (repositories.ts gathers every module's). */
export const authRepositories = (db: Executor) => ({ guests: createAuthRepository(db) });
