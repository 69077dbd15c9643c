import type { Executor } from '../../db/executor';
import { createGuaranteeRepository } from './guaranteeRepository';

/** The guaranteed view's repositories, by the name services know them (repositories.ts gathers every module's). */
export const guaranteeRepositories = (db: Executor) => ({ guarantees: createGuaranteeRepository(db) });
export type GuaranteeRepositories = ReturnType<typeof guaranteeRepositories>;
