import type { Executor } from '../../db/executor';
import { createPaymentEventRepository } from './paymentEventRepository';
import { createSandboxRepository } from './sandboxRepository';

/** The payments module's repositories, by the name services know them (repositories.ts gathers every module's). */
export const paymentRepositories = (db: Executor) => ({
  sandbox: createSandboxRepository(db),
  paymentEvents: createPaymentEventRepository(db),
});
export type PaymentRepositories = ReturnType<typeof paymentRepositories>;
