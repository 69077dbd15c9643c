import type { Executor } from '../../db/executor';
import { createSettingsRepository } from './settingsRepository';

/** The settings module's repositories, by the name services know them (repositories.ts gathers every module's). */
export const settingsRepositories = (db: Executor) => ({ settings: createSettingsRepository(db) });
export type SettingsRepositories = ReturnType<typeof settingsRepositories>;
