import type { Executor } from '../../db/executor';
import { createSalesRepository } from './salesRepository';

/** The sales module's repositories, by the name services know them (repositories.ts gathers every module's). */
export const salesRepositories = (db: Executor) => ({ sales: createSalesRepository(db) });
export type SalesRepositories = ReturnType<typeof salesRepositories>;
