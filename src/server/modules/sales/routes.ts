import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendeesParams,
  salesDashboardResponse,
  salesQuery,
  studioOrderDetailResponse,
  studioOrderPageResponse,
  studioOrderParams,
  studioOrdersQuery,
} from '../../../shared/contract/studioSales';
import { requireOrganizer } from '../../platform/callerIdentity';
import { ok } from '../../platform/successEnvelope';
import { withErrors } from '../../platform/schemas';
import type { SalesService } from './service';
import { noStore } from '../../platform/noStore';

/**
 * The console's Sales, Refunds and Attendees (the contract: shared/contract/studioSales.ts); the refund
 * itself is the orders module's route (orders/refundRoutes.ts).
 */
export const salesRoutes: FastifyPluginAsyncZod<{ service: SalesService }> = async (app, { service }) => {
  const organizer = { auth: 'organizer' } as const;

  app.get(
    '/studio/sales',
    {
      config: organizer,
      schema: {
        summary: 'Sales figures',
        description:
          "Overall (or one event's, with `eventId`): tickets sold, revenue net of refunds and gross (dollars), " +
          'refunds, coupon uses, capacity left, sales per day (UTC) for a chart, and a row per event. 404 for ' +
          'an unknown event.',
        tags: ['studio'],
        querystring: salesQuery,
        response: withErrors({ 200: salesDashboardResponse }, 404),
      },
    },
    async (req, reply) => {
      requireOrganizer(req);
      noStore(reply);
      return ok(await service.dashboard(req.query), 'Sales');
    },
  );

  app.get(
    '/studio/orders',
    {
      config: organizer,
      schema: {
        summary: 'Search orders',
        description:
          "Orders newest first: `search` matches part of the buyer's e-mail or of the order id (ORD-…); filter " +
          'by `eventId` and `status` (Active, Refunded); page with `offset` and `limit`. Answers `{rows, total}`.',
        tags: ['studio'],
        querystring: studioOrdersQuery,
        response: withErrors({ 200: studioOrderPageResponse }),
      },
    },
    async (req, reply) => {
      requireOrganizer(req);
      noStore(reply);
      return ok(await service.searchOrders(req.query), 'Orders');
    },
  );

  app.get(
    '/studio/orders/:id',
    {
      config: organizer,
      schema: {
        summary: "An order's detail",
        description:
          'By its numeric id, or by its order id (ORD-…) while only one order has it (two buyers may share one: ' +
          '409, pick the order from the search): the buyer, the lines (list and paid price), the coupon, the ' +
          'payment (method, intent, state: paid, refund_pending or refunded, with when and by whom) and its ' +
          'audit entries.',
        tags: ['studio'],
        params: studioOrderParams,
        response: withErrors({ 200: studioOrderDetailResponse }, 404, 409),
      },
    },
    async (req, reply) => {
      requireOrganizer(req);
      noStore(reply);
      return ok(await service.order(req.params.id), 'Order');
    },
  );

  app.get(
    '/studio/events/:id/attendees.csv',
    {
      config: organizer,
      schema: {
        summary: "An event's attendees as CSV",
        description:
          'Every order of the event (refunded ones with Status Refunded), as a CSV attachment: Order ID, Buyer ' +
          'name, E-mail, Bought at, Paid, Coupon, Status. A cell a spreadsheet would read as a formula starts ' +
          'with an apostrophe. 404 for an unknown event.',
        tags: ['studio'],
        params: attendeesParams,
        response: withErrors(
          { 200: { description: 'The CSV file.', content: { 'text/csv': { schema: z.string() } } } },
          404,
        ),
      },
    },
    async (req, reply) => {
      requireOrganizer(req);
      const { csv, fileName } = await service.attendees(req.params.id);
      noStore(reply);
      void reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`);
      return csv;
    },
  );
};
