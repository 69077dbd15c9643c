import type { Executor } from '../../db/executor';
import { createViewingSessionRepository } from './viewingSessionRepository';

/** The streams module's repositories, by the name services know them (repositories.ts gathers every module's). */
export const streamRepositories = (db: Executor) => ({ viewingSessions: createViewingSessionRepository(db) });
export type StreamRepositories = ReturnType<typeof streamRepositories>;
