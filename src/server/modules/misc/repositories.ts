import type { Executor } from '../../db/executor';
import { createSettingsRepository } from './repository';

/** The misc module's repositories, by the name services know them (repositories.ts gathers every module's). */
export const miscRepositories = (db: Executor) => ({ settings: createSettingsRepository(db) });
export type MiscRepositories = ReturnType<typeof miscRepositories>;
