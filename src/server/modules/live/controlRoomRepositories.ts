import type { Executor } from '../../db/executor';
import { createControlRoomRepository } from './controlRoomRepository';

/** The live control room's repositories, by the name services know them (repositories.ts gathers every module's). */
export const controlRoomRepositories = (db: Executor) => ({
  liveControl: createControlRoomRepository(db),
});
export type ControlRoomRepositories = ReturnType<typeof controlRoomRepositories>;
