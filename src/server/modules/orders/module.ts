import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { CartRepositories } from '../cart/repositories';
import type { IdentityRepositories } from '../identity/repositories';
import type { Mailer } from '../mail/mailer';
import type { OrganizerRepositories } from '../organizers/repositories';
import type { PaymentsModule } from '../payments/module';
import type { SettingsRepositories } from '../settings/repositories';
import type { WaitlistRepositories } from '../waitlist/repositories';
import { createCancelService } from './cancelService';
import { createCheckoutService } from './checkoutService';
import { createOrderConfirmer } from './confirmationMail';
import { createEntitlements } from './entitlements';
import { orderManageRoutes } from './manageRoutes';
import { createOrderService } from './orderService';
import { refundRoutes } from './refundRoutes';
import { createRefundService } from './refundService';
import type { OrderRepositories } from './repositories';
import { orderRoutes } from './routes';
import { createTransferService } from './transferService';

type Counter = { inc(): void };

type OrdersNeeds = {
  uow: UnitOfWork<
    OrderRepositories &
      CartRepositories &
      WaitlistRepositories &
      SettingsRepositories &
      IdentityRepositories &
      Pick<OrganizerRepositories, 'audit'>
  >;
  log: FastifyBaseLogger;
  now?: () => number;
  mailer: Mailer;
  payments: PaymentsModule;
  /** The confirmation's calendar file (the calendar module). */
  calendar: Parameters<typeof createOrderConfirmer>[0]['calendar'];
  /** Counters for /metrics (the health module). */
  metrics: { ordersPlaced: Counter; orderRefunds: Counter; refunds: Counter };
};

/**
 * Orders: checkout (card and voucher), the order pages, the one refund writer, the fan's
 * cancellation and transfer, and the entitlements other modules read ("does this caller own it?").
 */
export function ordersModule(needs: OrdersNeeds, config: AppConfig) {
  const { uow, mailer, log, metrics } = needs;
  const clock = needs.now ? { now: needs.now } : {};
  const { publicUrl } = config;
  // A fan's ticket handed on to an address: claimed by its account at once, or at its sign-up or sign-in.
  const transfers = createTransferService({ uow, mailer, publicUrl, log, ...clock });
  const entitlements = createEntitlements({ uow });
  // The console's refunds; the reconciliation job finishes the ones the provider has not done yet.
  const refunds = createRefundService({
    uow,
    provider: needs.payments.provider,
    mailer,
    log,
    onRefunded: () => metrics.orderRefunds.inc(),
    ...clock,
  });
  const confirmOrder = createOrderConfirmer({ uow, mailer, publicUrl, log, calendar: needs.calendar });
  const checkout = createCheckoutService({
    uow,
    liveMinutes: config.streams.liveMinutes,
    finishOrderRefunds: () => refunds.finishPending(),
    provider: needs.payments.provider,
    log,
    // Every new order is confirmed exactly once (card or voucher): that is where it is counted.
    confirmOrder: async (orderId: number) => {
      metrics.ordersPlaced.inc();
      await confirmOrder(orderId);
    },
    onRefunded: () => metrics.refunds.inc(),
    ...clock,
  });
  // The sandbox delivers its payment events in process, as Stripe would post them to the webhook.
  needs.payments.sandbox?.onEvent(async (event) => {
    await checkout.handleEvent(event);
  });
  return {
    checkout,
    reads: createOrderService({ uow }),
    refunds,
    // The fan's own cancellation: the refund's claim with the cutoff decided under its locks.
    cancels: createCancelService({ uow, refunds, log, ...clock }),
    transfers,
    entitlements,
  };
}
type OrdersModule = ReturnType<typeof ordersModule>;

type OrdersMountNeeds = {
  orders: OrdersModule;
  /** How the console names and shows an order (the sales module's, answered after a refund). */
  sales: {
    console: {
      orderIdOf(key: string): Promise<number>;
      orderDetail: Parameters<typeof refundRoutes>[1]['consoleOrders']['detail'];
    };
  };
};

/** Checkout and the fan's orders, their cancellation and transfer, and the console's refund. */
export async function mountOrders(app: FastifyInstance, services: OrdersMountNeeds, config: AppConfig) {
  const { orders } = services;
  await app.register(orderRoutes, {
    prefix: '/v1',
    checkout: orders.checkout,
    orders: orders.reads,
    checkoutCallsPerMinute: config.limits.checkoutCallsPerMinute,
  });
  await app.register(orderManageRoutes, {
    prefix: '/v1',
    cancels: orders.cancels,
    transfers: orders.transfers,
    changesPerMinute: 10,
  });
  await app.register(refundRoutes, {
    prefix: '/v1',
    refunds: orders.refunds,
    consoleOrders: { idOf: services.sales.console.orderIdOf, detail: services.sales.console.orderDetail },
  });
}
