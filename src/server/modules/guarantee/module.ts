import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { Mailer } from '../mail/mailer';
import type { OrderRepositories } from '../orders/repositories';
import type { RefundService } from '../orders/refundService';
import { guaranteeRefund } from './guaranteeRefund';
import { judgeNow } from './job';
import { createPlayRefusals } from './playRefusals';
import type { GuaranteeRepositories } from './repositories';
import { guaranteeTriggerRoutes, makeGoodRoutes, studioGuaranteeRoutes } from './routes';
import { createGuarantee } from './service';

type GuaranteeNeeds = {
  uow: UnitOfWork<GuaranteeRepositories & Pick<OrderRepositories, 'orders'>>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Reads a started show's state, so one ended by its encoders' silence gets its end written (the live module). */
  settleShow: (eventId: number) => Promise<unknown>;
  /** The one refund writer (the orders module). */
  refunds: Pick<RefundService, 'refundAs'>;
  now?: () => number;
};

/**
 * The guaranteed view: the judge of ended shows and the make-good (refund through the one refund
 * writer), and the ticket holders' 5xx on the watching path kept as its evidence (outage-safe).
 */
export function guaranteeModule(needs: GuaranteeNeeds, config: AppConfig) {
  const { uow, log } = needs;
  const clock = needs.now ? { now: needs.now } : {};
  return {
    judge: createGuarantee({
      uow,
      mailer: needs.mailer,
      log,
      publicUrl: config.publicUrl,
      liveMinutes: config.streams.liveMinutes,
      settleShow: needs.settleShow,
      refund: guaranteeRefund(needs.refunds, uow),
      ...clock,
    }),
    // A ticket holder's 5xx on the watching path, kept in memory and written in batches (outage-safe).
    playRefusals: createPlayRefusals({ repo: uow.repos.guarantees, log, ...clock }),
  };
}
type GuaranteeModule = ReturnType<typeof guaranteeModule>;

type GuaranteeMountNeeds = { guarantee: GuaranteeModule; core: { database: Database } };

/**
 * The console's decisions, the fan's make-good page, the judge's trigger outside production, and the
 * hook that keeps a ticket holder's 5xx: mounted before the watching path's routes, which it sees.
 */
export async function mountGuarantee(app: FastifyInstance, services: GuaranteeMountNeeds, config: AppConfig) {
  const { guarantee } = services;
  await app.register(studioGuaranteeRoutes, { prefix: '/v1', service: guarantee.judge });
  await app.register(makeGoodRoutes, {
    prefix: '/v1',
    service: guarantee.judge,
    readsPerMinute: 30,
    choicesPerMinute: 10,
  });
  if (config.env !== 'production')
    await app.register(guaranteeTriggerRoutes, {
      judge: () => judgeNow(services.core.database, guarantee.judge),
      proxyDeclared: config.trustedProxies.length > 0,
    });
  // A ticket holder's 5xx on the watching path is kept for the guaranteed view (off the request's path).
  app.addHook('onResponse', async (req, reply) => guarantee.playRefusals.onResponse(req, reply));
}
