import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { ServerKeys } from '../auth/keys';
import { createPaymentProvider } from './createProvider';
import type { PaymentRepositories } from './repositories';
import { sandboxRoutes } from './sandboxRoutes';
import { webhookRoutes } from './webhookRoutes';

type PaymentsNeeds = {
  uow: UnitOfWork<PaymentRepositories>;
  log: FastifyBaseLogger;
  keys: Pick<ServerKeys, 'sandboxWebhook'>;
  now?: () => number;
};

/** The payment provider of the config (Stripe, or the sandbox with its card page). */
export function paymentsModule(needs: PaymentsNeeds, config: AppConfig) {
  const clock = needs.now ? { now: needs.now } : {};
  return createPaymentProvider(config, {
    uow: needs.uow,
    log: needs.log,
    webhookSecret: needs.keys.sandboxWebhook,
    ...clock,
  });
}
export type PaymentsModule = ReturnType<typeof paymentsModule>;

type PaymentsMountNeeds = {
  payments: PaymentsModule;
  core: { uow: UnitOfWork<Pick<PaymentRepositories, 'paymentEvents'>> };
  /** The orders module's checkout acts on a verified event (named here: payments never imports orders). */
  orders: { checkout: Parameters<typeof webhookRoutes>[1]['checkout'] };
  health: { metrics: { paymentFailures: { inc(): void } } };
};

/** The provider's webhook, and the sandbox's card page when the sandbox is the provider. */
export async function mountPayments(app: FastifyInstance, services: PaymentsMountNeeds, config: AppConfig) {
  const onPaymentFailed = () => services.health.metrics.paymentFailures.inc();
  await app.register(webhookRoutes, {
    prefix: '/v1',
    provider: services.payments.provider,
    checkout: services.orders.checkout,
    uow: services.core.uow,
    onPaymentFailed,
  });
  if (services.payments.sandbox) {
    await app.register(sandboxRoutes, {
      sandbox: services.payments.sandbox,
      cardAttemptsPerMinute: config.limits.cardAttemptsPerMinute,
      onPaymentFailed,
    });
  }
}
