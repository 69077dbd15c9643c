import type { Executor } from '../../db/executor';
import { createIdentityRepository } from './identityRepository';

/** The identity module's repositories, by the name services know them (repositories.ts gathers every module's). */
export const identityRepositories = (db: Executor) => ({ identity: createIdentityRepository(db) });
export type IdentityRepositories = ReturnType<typeof identityRepositories>;
