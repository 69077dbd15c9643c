import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { PaymentProvider } from './provider';
import type { PaymentRepositories } from './repositories';
import { createSandboxProvider, type SandboxProvider } from './sandboxProvider';
import { createStripeProvider } from './stripeProvider';

/** The configured card payment provider; `sandbox` is set only when it is the sandbox (its own pages and events). */
export function createPaymentProvider(
  config: Pick<AppConfig, 'payments'>,
  deps: {
    uow: UnitOfWork<Pick<PaymentRepositories, 'sandbox'>>;
    log: FastifyBaseLogger;
    webhookSecret: string;
    now?: () => number;
  },
): { provider: PaymentProvider; sandbox: SandboxProvider | null } {
  const p = config.payments;
  if (p.provider === 'stripe') {
    return {
      provider: createStripeProvider({
        secretKey: p.secretKey,
        publishableKey: p.publishableKey,
        webhookSecret: p.webhookSecret,
        apiBase: p.apiBase,
        timeoutMs: p.timeoutMs,
      }),
      sandbox: null,
    };
  }
  const sandbox = createSandboxProvider({
    repo: deps.uow.repos.sandbox,
    webhookSecret: deps.webhookSecret,
    eventDelayMs: p.eventDelayMs,
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
  });
  return { provider: sandbox, sandbox };
}
