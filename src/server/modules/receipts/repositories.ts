import type { Executor } from '../../db/executor';
import { createReceiptRepository } from './receiptRepository';

/** The receipts module's repositories, by the name services know them (repositories.ts gathers every module's). */
export const receiptRepositories = (db: Executor) => ({ receipts: createReceiptRepository(db) });
export type ReceiptRepositories = ReturnType<typeof receiptRepositories>;
