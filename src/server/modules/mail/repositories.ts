import type { Executor } from '../../db/executor';
import { createOutboxRepository } from './outboxRepository';

/** The mail module's repositories, by the name services know them (repositories.ts gathers every module's). */
export const mailRepositories = (db: Executor) => ({ outbox: createOutboxRepository(db) });
