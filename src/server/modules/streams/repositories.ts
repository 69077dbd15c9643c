import type { Executor } from '../../db/executor';
import { createPlaybackQualityRepository } from './playbackQualityRepository';
import { createViewingSessionRepository } from './viewingSessionRepository';

/** The streams module's repositories, by the name services know them (repositories.ts gathers every module's). */
export const streamRepositories = (db: Executor) => ({
  viewingSessions: createViewingSessionRepository(db),
  playbackQuality: createPlaybackQualityRepository(db),
});
export type StreamRepositories = ReturnType<typeof streamRepositories>;
