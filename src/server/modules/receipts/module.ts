import type { FastifyInstance } from 'fastify';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { ReceiptRepositories } from './repositories';
import { receiptRoutes } from './routes';
import { createReceiptService } from './service';

/** An order's printable receipt, for its owner. */
export function receiptsModule(needs: { uow: UnitOfWork<ReceiptRepositories> }) {
  return { orderReceipts: createReceiptService({ uow: needs.uow }) };
}
export type ReceiptsModule = ReturnType<typeof receiptsModule>;

export async function mountReceipts(app: FastifyInstance, services: { receipts: ReceiptsModule }) {
  await app.register(receiptRoutes, { prefix: '/v1', service: services.receipts.orderReceipts });
}
