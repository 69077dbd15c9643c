import type { FastifyInstance } from 'fastify';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { OrderRepositories } from '../orders/repositories';
import type { OrganizerService } from '../organizers/service';
import type { SalesRepositories } from './repositories';
import { salesRoutes } from './routes';
import { createSalesService } from './service';

type SalesNeeds = {
  uow: UnitOfWork<SalesRepositories & Pick<OrderRepositories, 'orders'>>;
  /** An order's audit entries (the organizers module). */
  organizers: Pick<OrganizerService, 'auditPage'>;
};

/** The console's Sales and Attendees: figures, the order search, an order's detail, the attendee CSV. */
export function salesModule(needs: SalesNeeds) {
  return { console: createSalesService({ uow: needs.uow, organizers: needs.organizers }) };
}
export type SalesModule = ReturnType<typeof salesModule>;

export async function mountSales(app: FastifyInstance, services: { sales: SalesModule }) {
  await app.register(salesRoutes, { prefix: '/v1', service: services.sales.console });
}
